// XZZ .pcb, as commonly documented. The file starts "XZZPCB"; an obfuscated one has every byte before the
// marker "v6v6555v6v6" (the whole file when there is none) XORed with the byte at 0x10. Little-endian u32s at 0x20
// and 0x28 (plus 0x20) locate the main data and the net names. Main data: a u32 length, then blocks of
// [type u8][length u32][payload]: 0x01 arc and 0x05 line (layer 28 is the board's edge), 0x07 a part (its payload
// DES-encrypted, ECB, with the operator's key), 0x09 a test pad. Net names: [length u32 (with these 8 bytes)]
// [index u32][name]. Positions are signed 32-bit integers in 1/10,000 mil. After the marker and 7 bytes, some
// files carry diode readings as text lines: "NET=reading" or "=reading=PART(PIN)".
import { BoardBuilder, underCap } from "../builder";
import { nameOf, noteCut, type ReadState, unreadableAfter } from "../lines";
import { type BoardPart, type BoardRead, type Point, BOARDVIEW_CAPS, unreadable } from "../types";
import { ByteCursor, coordinate, latin1, OutOfBytes } from "./bytes";
import { desBlocks, desKeySchedule } from "./des";
import { NO_KEY_REASON, parseDesKey, type ReadOptions } from "./keys";
import type { BoardviewFormat } from "../types";

const MAGIC = [0x58, 0x5a, 0x5a, 0x50, 0x43, 0x42]; // XZZPCB
const MARKER = [0x76, 0x36, 0x76, 0x36, 0x35, 0x35, 0x35, 0x76, 0x36, 0x76, 0x36]; // v6v6555v6v6
const SCALE = 10_000;
const EDGE_LAYER = 28;
const ARC_POINTS = 10;
/** Bytes of diode reading text read after the marker. */
const READINGS_BYTES = 4_000_000;

export function looksLikeXzz(bytes: Uint8Array): boolean {
  if (bytes.length < 0x30) return false;
  if (MAGIC.every((b, i) => bytes[i] === b)) return true;
  const key = bytes[0x10];
  return key !== 0 && MAGIC.every((b, i) => (bytes[i] ^ key) === b);
}

function indexOfMarker(bytes: Uint8Array): number {
  for (let i = bytes.indexOf(MARKER[0]); i >= 0 && i + MARKER.length <= bytes.length; i = bytes.indexOf(MARKER[0], i + 1))
    if (MARKER.every((b, j) => bytes[i + j] === b)) return i;
  return -1;
}

export function parseXzz(input: Uint8Array, options: ReadOptions = {}): BoardRead {
  const bytes = input.slice(0, BOARDVIEW_CAPS.bytes);
  const marker = indexOfMarker(bytes);
  const xor = bytes[0x10];
  if (xor) for (let i = 0, end = marker < 0 ? bytes.length : marker; i < end; i++) bytes[i] ^= xor;
  const board = new BoardBuilder();
  const pinNets = new Map<string, string>(); // "PART\u0000PIN" → net, for readings by pin
  let partBlocks = 0;
  let wrongKey = false;
  try {
    const head = new ByteCursor(bytes, 0x20);
    const mainStart = head.u32() + 0x20;
    head.skip(4);
    const netStart = head.u32() + 0x20;
    const nets = readNets(bytes, netStart, board);
    const main = new ByteCursor(bytes, mainStart);
    const mainLength = main.u32();
    const blocks = new ByteCursor(bytes, main.pos, main.pos + mainLength);
    if (mainLength > blocks.left) noteCut(board, `before its main data does (${mainLength} bytes declared)`, `byte ${bytes.length}`);
    const key = options.keys?.xzz;
    const schedule = key instanceof Uint8Array ? desKeySchedule(key) : undefined;
    const outline: Point[][] = [];
    while (blocks.left > 0 && !wrongKey) {
      const type = blocks.u8();
      const length = blocks.u32();
      if (length > blocks.left) {
        noteCut(board, `inside a block of ${length} bytes`, `byte ${bytes.length}`);
        break;
      }
      if (type !== 0x01 && type !== 0x05 && type !== 0x07 && type !== 0x09) {
        blocks.skip(length); // vias, texts and unknown blocks
        continue;
      }
      board.offset = blocks.pos;
      const payload = new ByteCursor(blocks.take(length));
      if (type === 0x01 || type === 0x05) {
        const segment = type === 0x01 ? arc(payload, board) : line(payload, board);
        if (segment) outline.push(segment);
      } else if (type === 0x07) {
        partBlocks++;
        if (!schedule) continue;
        const plain = payload.bytes.slice();
        desBlocks(plain, schedule, "decrypt");
        const read = readPart(plain, nets, board, pinNets);
        if (read === "wrong_key" && !board.parts.length) wrongKey = true;
        if (read === "full") break;
      } else if (type === 0x09) {
        if (!readTestPad(payload, nets, board)) break;
      }
    }
    for (const segment of outline) if (!board.addOutline(segment)) break;
  } catch (err) {
    if (!(err instanceof OutOfBytes)) throw err;
    noteCut(board, "inside a record", `byte ${err.offset}`);
  }
  if (partBlocks && !options.keys?.xzz) return unreadable(NO_KEY_REASON);
  if (wrongKey) return unreadable("The XZZ file's parts do not decrypt with the key configured.");
  if (marker >= 0) readReadings(bytes.subarray(marker + MARKER.length + 7, marker + MARKER.length + 7 + READINGS_BYTES), board, pinNets);
  if (!board.parts.length && !board.testPoints.length) return unreadableAfter(board, "The XZZ file lists no parts.");
  return board.finish("xzz", "mil");
}

function readNets(bytes: Uint8Array, start: number, board: BoardBuilder): Map<number, string> {
  const nets = new Map<number, string>();
  const head = new ByteCursor(bytes, start);
  const length = head.u32();
  const entries = new ByteCursor(bytes, head.pos, head.pos + length);
  while (entries.left >= 8) {
    const size = entries.u32();
    const index = entries.u32();
    if (size < 8 || size - 8 > entries.left) {
      board.stop("a net name runs past the end of the file");
      break;
    }
    const name = nameOf(entries.text(size - 8));
    if (underCap("pins", nets.size)) nets.set(index, name);
  }
  return nets;
}

function line(c: ByteCursor, state: ReadState): Point[] | undefined {
  const layer = c.u32();
  const [x1, y1, x2, y2] = [c.i32(), c.i32(), c.i32(), c.i32()].map((raw) => coordinate(raw / SCALE, state));
  if (layer !== EDGE_LAYER || x1 === undefined || y1 === undefined || x2 === undefined || y2 === undefined) return undefined;
  return [
    { x: x1, y: y1 },
    { x: x2, y: y2 },
  ];
}

function arc(c: ByteCursor, state: ReadState): Point[] | undefined {
  const layer = c.u32();
  const [x, y, r] = [c.i32(), c.i32(), c.i32()].map((raw) => coordinate(raw / SCALE, state));
  let start = c.i32() / SCALE;
  let end = c.i32() / SCALE;
  if (layer !== EDGE_LAYER || x === undefined || y === undefined || r === undefined || Math.abs(start) > 720 || Math.abs(end) > 720) return undefined;
  if (start > end) [start, end] = [end, start];
  if (end - start > 180) start += 360;
  const points: Point[] = [];
  for (let i = 0; i < ARC_POINTS; i++) {
    const angle = ((start + ((end - start) * i) / (ARC_POINTS - 1)) * Math.PI) / 180;
    points.push({ x: x + r * Math.cos(angle), y: y + r * Math.sin(angle) });
  }
  return points;
}

type PartRead = "ok" | "wrong_key" | "full";

/** A decrypted part block; one whose lengths do not hold together decrypted wrong (or is damaged). */
function readPart(bytes: Uint8Array, nets: Map<number, string>, board: BoardBuilder, pinNets: Map<string, string>): PartRead {
  const before = board.parts.length;
  try {
    return readPartBlock(bytes, nets, board, pinNets);
  } catch (err) {
    if (!(err instanceof OutOfBytes)) throw err;
    return board.parts.length > before ? "ok" : "wrong_key";
  }
}

/** Its name (in the first 0x06 sub-block), then its pins (0x09 sub-blocks). */
function readPartBlock(bytes: Uint8Array, nets: Map<number, string>, board: BoardBuilder, pinNets: Map<string, string>): PartRead {
  const c = new ByteCursor(bytes);
  const size = c.u32();
  c.skip(18);
  c.skip(c.u32()); // the part's group name
  if (c.left < 35 || bytes[c.pos] !== 0x06 || size + 4 > bytes.length) return "wrong_key";
  c.skip(31);
  const name = nameOf(c.text(c.u32()));
  if (!name) return "ok";
  const part: BoardPart | undefined = board.addPart(name, "top", "smd");
  if (!part) return "full";
  const body = new ByteCursor(bytes, c.pos, size + 4);
  while (body.left > 0) {
    const type = body.u8();
    if (type === 0x01 || type === 0x05 || type === 0x06) body.skip(body.u32());
    else if (type === 0x09) {
      const length = body.u32();
      const pin = new ByteCursor(body.take(length));
      pin.skip(4);
      const x = coordinate(pin.i32() / SCALE, board);
      const y = coordinate(pin.i32() / SCALE, board);
      pin.skip(8);
      const number = nameOf(pin.text(pin.u32()));
      pin.skip(32);
      const net = nets.get(pin.u32()) ?? "";
      if (x === undefined || y === undefined) continue;
      if (!board.addPin(part, { x, y, net, number })) return "full";
      if (net) pinNets.set(`${name}\u0000${number}`, net);
    }
    // Other bytes (0x00 padding, unknown sub-blocks) are stepped over one at a time.
  }
  return "ok";
}

function readTestPad(c: ByteCursor, nets: Map<number, string>, board: BoardBuilder): boolean {
  c.skip(4);
  const x = coordinate(c.i32() / SCALE, board);
  const y = coordinate(c.i32() / SCALE, board);
  c.skip(8);
  const name = nameOf(c.text(c.u32()));
  if (c.left < 4 || x === undefined || y === undefined) return true;
  const view = new DataView(c.bytes.buffer, c.bytes.byteOffset, c.bytes.byteLength);
  const net = nets.get(view.getUint32(c.bytes.length - 4, true)) ?? "";
  return board.addTestPoint({ name, x, y, side: "top", net: net === "NC" || net === "UNCONNECTED" ? "" : net });
}

/** Non-ASCII runs (GB2312 text) read as "?", as a viewer without the encoding shows them. */
const asciiOnly = (text: string) => text.replace(/[^\x20-\x7e]+/g, "?").trim();

function readReadings(bytes: Uint8Array, board: BoardBuilder, pinNets: Map<string, string>): void {
  const seen = new Set<string>();
  const add = (net: string, value: string) => {
    if (!net || !value || seen.has(net)) return;
    seen.add(net);
    board.addReading({ net, kind: "diode", value });
  };
  let byNet = 0;
  for (const raw of latin1(bytes).split(/\r?\n|\r/)) {
    const text = asciiOnly(raw);
    if (!text) {
      // "NET=reading" lines end at the first empty line.
      if (byNet) break;
      continue;
    }
    const byPin = /^=([^=]*)=([^()]+)\(([^()]*)\)$/.exec(text);
    if (byPin) {
      add(pinNets.get(`${nameOf(byPin[2])}\u0000${nameOf(byPin[3])}`) ?? "", byPin[1].trim());
      continue;
    }
    const net = /^([^=]+)=(.+)$/.exec(text);
    if (net) {
      byNet++;
      add(nameOf(net[1].trim()), net[2].trim());
    }
    if (!underCap("testPoints", seen.size)) break;
  }
}

export const XZZ: BoardviewFormat = {
  order: 80,
  catalogue: [
    {
      format: "xzz",
      extensions: ["pcb"],
      name: "XZZ .pcb",
      variants: ["plain header", "XOR-obfuscated header", "parts DES-encrypted (needs the operator's key)", "with or without diode readings"],
      reads: ["outline (edge lines and arcs)", "parts", "pins with net and number", "test pads", "diode readings per net"],
      unit: "mil",
      key_secret: "BOARDVIEW_XZZ_KEY",
    },
  ],
  looksLike: looksLikeXzz,
  read: parseXzz,
  keys: { xzz: parseDesKey },
};
