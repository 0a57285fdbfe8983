// Tebo-ICT View .tvw, as commonly documented (OpenBoardView's reader, after nitrocaster's eagleview): one
// little-endian stream read front to back, strings as [length u8][bytes]. A header whose first string, obfuscated
// character by character, reads "Tebo-ictview files."; the layers (logic layers: pad shapes, pads with their net
// and position, lines, arcs, surfaces, items, test points; through layers: tools, drill holes and slots); the net
// names; the probe and fixture registries; a fixed block; then the parts: name, box, position, value, description,
// layer, and pins that point at a pad of their layer (pad index = handle / 8). Numbers are fixed point, 1/100 mil.
// The stream has no section lengths, so every field before the parts must be read; a value the layout does not
// allow (a flag that is not 0 or 1, an unknown shape) means the file is not this layout, and reading stops.
import { BoardBuilder } from "../builder";
import { nameOf, noteCut, unreadableAfter } from "../lines";
import { type BoardRead, type Box, BOARDVIEW_CAPS, unreadable } from "../types";
import { ByteCursor, coordinate, OutOfBytes } from "./bytes";
import { type Layer, NotThisLayout, type Pad, readLayer, skipRegistries, TvwReader } from "./tvw-stream";
import type { BoardviewFormat } from "../types";

const SIGNATURE = "Tebo-ictview files.";
const SCALE = 100;

/** The header strings' obfuscation, undone: letters and digits shift by their position. */
export function decodeTeboString(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let x = c;
    if (c >= 0x61 && c <= 0x6a) {
      x = c - (i % 3) - 4;
      if (x < 0x61) x += 10;
      x = 154 - x;
    } else if (c >= 0x6b && c <= 0x7a) {
      x = c - (i % 10) - 5;
      if (x < 0x6b) x += 16;
    } else if (c >= 0x41 && c <= 0x5a) {
      x = c + (i % 10) + 5;
      if (x > 0x5a) x -= 26;
    } else if (c >= 0x30 && c <= 0x39) {
      x = c + (i % 3) + 4;
      if (x > 0x39) x -= 10;
      x += 49;
    }
    out += String.fromCharCode(x);
  }
  return out;
}

export function looksLikeTvw(bytes: Uint8Array): boolean {
  if (bytes[0] !== SIGNATURE.length || bytes.length < SIGNATURE.length + 1) return false;
  return decodeTeboString(String.fromCharCode(...bytes.subarray(1, 1 + SIGNATURE.length))) === SIGNATURE;
}

const LAYER_TOP = 1;
const LAYER_BOTTOM = 2;
const LAYER_ROUTE = 12;

export function parseTvw(bytes: Uint8Array): BoardRead {
  const board = new BoardBuilder();
  const r = new TvwReader(new ByteCursor(bytes, 0, BOARDVIEW_CAPS.bytes));
  const c = r.c;
  const layers: Layer[] = [];
  const nets: string[] = [];
  try {
    r.str();
    c.skip(4);
    r.str();
    c.skip(1);
    r.str();
    c.skip(3 + 12);
    const layerCount = r.count(20);
    for (let i = 0; i < layerCount; i++) layers.push(readLayer(r));
    c.skip(16);
    const netCount = c.u32();
    if (c.u32() !== netCount) throw new NotThisLayout();
    c.count(netCount, 1);
    for (let i = 0; i < netCount; i++) nets.push(nameOf(r.str()));
    skipRegistries(r);
    const partCount = c.count(c.u32(), 1);
    c.skip(4);
    const top = layers.findIndex((l) => l.kind === "logic" && l.type === LAYER_TOP);
    const bottom = layers.findIndex((l) => l.kind === "logic" && l.type === LAYER_BOTTOM);
    for (let i = 0; i < partCount; i++) if (!readPart(r, layers, nets, top, bottom, board)) break;
  } catch (err) {
    if (err instanceof NotThisLayout) {
      if (!board.parts.length) return unreadable("The Tebo file does not follow the layout this service reads.");
      board.stop("reading stopped at a record this reader does not know");
    } else if (err instanceof OutOfBytes) noteCut(board, "inside a record", `byte ${err.offset}`);
    else throw err;
  }
  if (!board.parts.length) return unreadableAfter(board, "The Tebo file lists no parts.");
  addOutline(board, layers);
  return board.finish("tvw", "mil");
}

function readPart(r: TvwReader, layers: Layer[], nets: string[], top: number, bottom: number, board: BoardBuilder): boolean {
  const c = r.c;
  board.offset = c.pos;
  // A position in mils; a refused one is said in the reason, at the part's record.
  const at = (raw: number) => coordinate(raw / SCALE, board);
  const name = nameOf(r.str());
  const [x1, y1] = r.vec().map(at);
  const [x2, y2] = r.vec().map(at);
  const [x, y] = r.vec().map(at);
  c.skip(12);
  r.expect(c.u32(), 0);
  c.skip(4);
  const hasSerial = r.bool();
  const value = r.str().trim();
  r.str();
  r.str();
  const description = r.str().trim();
  if (hasSerial) {
    r.str();
    r.expect(c.u32(), 0);
  }
  const pinCount = c.u32();
  const layerIndex = c.u32();
  r.expect(c.u32(), 0);
  c.count(pinCount, 13);
  const pins: { pad?: Pad; number: string }[] = [];
  for (let i = 0; i < pinCount; i++) {
    const handle = c.u32();
    r.expect(c.u32(), 0);
    c.skip(4);
    const number = nameOf(r.str());
    r.expect(c.u32(), 0);
    pins.push({ pad: layers[layerIndex]?.pads[Math.floor(handle / 8)], number });
  }
  // Parts on other layers than the top and bottom copper are not placed parts.
  if (layerIndex !== top && layerIndex !== bottom) return true;
  if (!name || x === undefined || y === undefined) return true;
  const box: Box | undefined = x1 !== undefined && y1 !== undefined && x2 !== undefined && y2 !== undefined ? { x1, y1, x2, y2 } : undefined;
  const mounting = pins.some((p) => p.pad?.hole) ? "through_hole" : "smd";
  const part = board.addPart(name, layerIndex === top ? "top" : "bottom", mounting, { x, y }, { value: value || description, box });
  if (!part) return false;
  for (const pin of pins) {
    const px = pin.pad ? at(pin.pad.x) : x;
    const py = pin.pad ? at(pin.pad.y) : y;
    if (px === undefined || py === undefined) continue;
    const net = pin.pad && pin.pad.net >= 0 ? (nets[pin.pad.net] ?? "") : "";
    if (!board.addPin(part, { x: px, y: py, net, number: pin.number, radius: pin.pad?.radius })) return false;
  }
  return true;
}

/** The route layer's slots are the board's edge; stray ones far from the pins are dropped. */
function addOutline(board: BoardBuilder, layers: Layer[]): void {
  const pins = board.parts.flatMap((p) => p.pins);
  if (!pins.length) return;
  let [minX, maxX, minY, maxY] = [pins[0].x, pins[0].x, pins[0].y, pins[0].y];
  for (const p of pins) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const mx = Math.max(2000, (maxX - minX) / 2);
  const my = Math.max(2000, (maxY - minY) / 2);
  const near = (px: number, py: number) => px >= minX - mx && px <= maxX + mx && py >= minY - my && py <= maxY + my;
  for (const layer of layers) {
    if (layer.kind !== "through" || layer.type !== LAYER_ROUTE) continue;
    for (const [a, b, cx, d] of layer.slots) {
      const [x1, y1, x2, y2] = [a, b, cx, d].map((v) => v / SCALE);
      if (
        near(x1, y1) &&
        near(x2, y2) &&
        !board.addOutline([
          { x: x1, y: y1 },
          { x: x2, y: y2 },
        ])
      )
        return;
    }
  }
}

export const TVW: BoardviewFormat = {
  order: 70,
  catalogue: [
    {
      format: "tvw",
      extensions: ["tvw"],
      name: "Tebo .tvw",
      variants: ["binary stream with obfuscated header strings"],
      reads: ["outline (route layer)", "parts with side, mounting, box and value", "pins with net, number and radius"],
      unit: "mil",
    },
  ],
  looksLike: looksLikeTvw,
  read: parseTvw,
};
