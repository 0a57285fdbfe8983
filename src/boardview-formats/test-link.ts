// Test_Link .brd: plain text in blocks. `var_data:` states counts (never trusted here), `Format:` the outline,
// `Parts:` one line per part (name, a type-and-layer code, the running pin count), `Pins:` one line per pin
// (x, y, probe, 1-based part number, net), `Nails:` the test points (probe, x, y, side 1 = top, net).
// Variants: the whole file encoded byte by byte (it then starts with 23 E2 63 28), and files whose pins name
// no net, taking it from the nail with the pin's probe number.
import { BoardBuilder } from "./builder";
import { bytesInclude, fields, nameOf, noteDeclared, numberOf, positionOf, readLines, unreadableAfter } from "./lines";
import type { BoardPart, BoardRead, BoardSide, BoardviewFormat, Mounting } from "./types";

const ENCODED_HEADER = [0x23, 0xe2, 0x63, 0x28];

export function isEncodedTestLink(bytes: Uint8Array): boolean {
  return ENCODED_HEADER.every((b, i) => bytes[i] === b);
}

export function looksLikeTestLink(bytes: Uint8Array): boolean {
  return isEncodedTestLink(bytes) || (bytesInclude(bytes, "str_length:", 65536) && bytesInclude(bytes, "var_data:", 65536));
}

/** The encoding: every byte but CR, LF and NUL is rotated left by two bits and inverted. */
function decodeLine(line: Uint8Array): void {
  for (let i = 0; i < line.length; i++) {
    const b = line[i];
    if (b === 0x0d || b === 0x0a || b === 0) continue;
    line[i] = ~(((b >> 6) & 3) | (b << 2)) & 0xff;
  }
}

/** The inverse, for writers of test files and demo data. */
export function encodeTestLinkByte(plain: number): number {
  const v = ~plain & 0xff;
  return ((v >> 2) | ((v & 3) << 6)) & 0xff;
}

type Block = "none" | "header" | "format" | "parts" | "pins" | "nails";
const BLOCKS: Record<string, Block> = {
  "str_length:": "header",
  "var_data:": "header",
  "Format:": "format",
  "format:": "format",
  "Parts:": "parts",
  "Pins1:": "parts",
  "Pins:": "pins",
  "Pins2:": "pins",
  "Nails:": "nails",
};

/** Type-and-layer code: bits 2-3 mean surface mount; 1 and 4-7 the top, 2 and 8 up the bottom. */
function placement(code: number): { side: BoardSide; mounting: Mounting } {
  return { side: code === 2 || code >= 8 ? "bottom" : "top", mounting: code & 0xc ? "smd" : "through_hole" };
}

interface PendingPin {
  part: number;
  x: number;
  y: number;
  probe: number;
  net: string;
}

export function parseTestLink(bytes: Uint8Array): BoardRead {
  const board = new BoardBuilder();
  const decode = isEncodedTestLink(bytes) ? decodeLine : undefined;
  let block: Block = "none";
  let sawBlock = false;
  const pins: PendingPin[] = [];
  const nailNets = new Map<number, string>();
  // var_data: the format's points, parts, pins and nails the file declares; records seen per block, to tell a cut.
  let declared: (number | undefined)[] | undefined;
  const seen = { parts: 0, pins: 0, nails: 0 };
  for (const { text } of readLines(bytes, board, decode)) {
    const next = BLOCKS[text];
    if (next) {
      block = next;
      sawBlock = true;
      if (text === "var_data:") declared = [];
      continue;
    }
    const f = fields(text);
    if (declared && !declared.length) declared = f.slice(0, 4).map(numberOf);
    if (block === "parts" || block === "pins" || block === "nails") seen[block]++;
    if (block === "parts") {
      const code = numberOf(f[1]);
      if (!f[0] || code === undefined) continue;
      const { side, mounting } = placement(code);
      board.addPart(nameOf(f[0]), side, mounting);
    } else if (block === "pins") {
      const [x, y] = [positionOf(f[0], board), positionOf(f[1], board)];
      const [probe, part] = [numberOf(f[2]), numberOf(f[3])];
      if (x === undefined || y === undefined || part === undefined) continue;
      board.hold(pins, { part, x, y, probe: probe ?? -1, net: nameOf(f[4]) }, "pins");
    } else if (block === "nails") {
      const [probe, side] = [numberOf(f[0]), numberOf(f[3])];
      const [x, y] = [positionOf(f[1], board), positionOf(f[2], board)];
      if (probe === undefined || x === undefined || y === undefined) continue;
      const net = nameOf(f[4]);
      if (!nailNets.has(probe)) nailNets.set(probe, net);
      board.addTestPoint({ name: String(probe), x, y, side: side === 1 ? "top" : "bottom", net });
    }
  }
  if (!sawBlock) return unreadableAfter(board, "No Test_Link blocks (Parts:, Pins:) were found.");
  if (declared) {
    noteDeclared(board, "parts", declared[1], seen.parts, board.parts.length);
    noteDeclared(board, "pins", declared[2], seen.pins, pins.length);
    noteDeclared(board, "nails", declared[3], seen.nails, board.testPoints.length);
  }
  attachPins(board, pins, nailNets);
  return board.finishParts("test_link", "mil", "The Test_Link file");
}

/** Pins are read before parts may be complete (block order varies); they join their part at the end. */
function attachPins(board: BoardBuilder, pins: PendingPin[], nailNets: Map<number, string>): void {
  const parts: BoardPart[] = board.parts;
  for (const pin of pins) {
    const part = Number.isInteger(pin.part) ? parts[pin.part - 1] : undefined;
    if (!part) continue;
    const net = pin.net || nailNets.get(pin.probe) || "";
    if (!board.addPin(part, { x: pin.x, y: pin.y, net })) break;
  }
}

export const TEST_LINK: BoardviewFormat = {
  order: 10,
  catalogue: [
    {
      format: "test_link",
      extensions: ["brd"],
      name: "Test_Link",
      variants: ["plain", "encoded byte by byte", "pins without nets, taken from the nails"],
      reads: ["outline", "parts with side and mounting", "pins with net", "test points"],
      unit: "mil",
    },
  ],
  looksLike: looksLikeTestLink,
  read: parseTestLink,
};
