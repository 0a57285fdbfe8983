// Tebo-ICT View .tvw, as commonly documented (OpenBoardView's reader, after nitrocaster's eagleview): one
// little-endian stream read front to back, strings as [length u8][bytes]. A header whose first string, obfuscated
// character by character, reads "Tebo-ictview files."; the layers (logic layers: pad shapes, pads with their net
// and position, lines, arcs, surfaces, items, test points; through layers: tools, drill holes and slots); the net
// names; the probe and fixture registries; a fixed block; then the parts: name, box, position, value, description,
// layer, and pins that point at a pad of their layer (pad index = handle / 8). Numbers are fixed point, 1/100 mil.
// The stream has no section lengths, so every field before the parts must be read; a value the layout does not
// allow (a flag that is not 0 or 1, an unknown shape) means the file is not this layout, and reading stops.
import { BoardBuilder } from "../builder";
import { nameOf } from "../lines";
import { type BoardRead, type Box, BOARDVIEW_CAPS, unreadable } from "../types";
import { ByteCursor, coordinate, OutOfBytes } from "./bytes";

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

/** The file does not follow the layout (a value it cannot hold). */
class NotThisLayout extends Error {}

const LAYER_TOP = 1;
const LAYER_BOTTOM = 2;
const LAYER_ROUTE = 12;

interface Pad {
  net: number;
  x: number;
  y: number;
  hole: boolean;
  radius?: number;
}

interface Layer {
  kind: "logic" | "through";
  type: number;
  pads: Pad[];
  slots: [number, number, number, number][];
}

class TvwReader {
  constructor(readonly c: ByteCursor) {}
  str(): string {
    return this.c.text(this.c.u8());
  }
  bool(): boolean {
    const v = this.c.u8();
    if (v > 1) throw new NotThisLayout();
    return v === 1;
  }
  expect(value: number, ...allowed: number[]): number {
    if (!allowed.includes(value)) throw new NotThisLayout();
    return value;
  }
  /** A count followed by items of at least `minBytes` each. */
  count(minBytes: number): number {
    return this.c.count(this.c.u32(), minBytes);
  }
  vec(): [number, number] {
    return [this.c.i32(), this.c.i32()];
  }
}

function readShape(r: TvwReader): number {
  const c = r.c;
  r.expect(c.u32(), 1);
  const [sx, sy] = r.vec();
  const type = c.u32();
  if (type === 0) c.skip(8);
  else if (type === 1 || type === 3) c.skip(8);
  else if (type === 5) {
    c.skip(4);
    r.str();
    c.skip(16);
    const parts = r.count(4);
    for (let i = 0; i < parts; i++) {
      const sub = c.u32();
      if (sub === 2) {
        c.skip(12);
        c.skip(8 * r.count(8));
      } else if (sub === 5) c.skip(12 + 16 + 4);
      else throw new NotThisLayout();
    }
  } else throw new NotThisLayout();
  // The pad's radius: half its smaller side (or of the one side it states).
  const d = sx > 0 && sy > 0 ? Math.min(sx, sy) : Math.max(sx, sy);
  return d > 0 ? d / 2 / SCALE : 0;
}

function readPads(r: TvwReader, radii: number[]): Pad[] {
  const c = r.c;
  const pads: Pad[] = [];
  const count = c.u32();
  if (!count) return pads;
  r.expect(c.u32(), 2);
  c.count(count, 17);
  for (let i = 0; i < count; i++) {
    const net = c.i32();
    const dcode = c.u32();
    const [x, y] = r.vec();
    const exposed = r.bool();
    const copper = r.bool();
    const testPoint = c.u8();
    let hole = false;
    if (copper) {
      const something = r.bool();
      if (testPoint === 1) c.skip(12);
      if (exposed || something) c.skip(16);
      hole = r.bool();
      c.skip(1);
      if (hole) c.skip(7 + 8 + 1);
    }
    pads.push({ net, x, y, hole, radius: radii[dcode - 10] });
  }
  return pads;
}

function skipRecords(r: TvwReader, size: number, marker: number): void {
  const count = r.c.u32();
  if (!count) return;
  r.expect(r.c.u32(), marker);
  r.c.skip(r.c.count(count, size) * size);
}

function skipSurfaces(r: TvwReader): void {
  const c = r.c;
  const count = c.u32();
  if (!count) return;
  r.expect(c.u32(), 2);
  c.count(count, 16);
  for (let i = 0; i < count; i++) {
    c.skip(4);
    c.skip(8 * r.count(8));
    c.skip(4);
    const voids = r.count(8);
    if (!voids) continue;
    for (let v = 0; v < voids; v++) {
      c.skip(4);
      c.skip(8 * r.count(8));
    }
    c.skip(4);
  }
}

function readLogicLayer(r: TvwReader, layer: Layer): void {
  const c = r.c;
  const radii: number[] = [];
  const maxCode = c.u32();
  if (maxCode) {
    if (maxCode < 10) throw new NotThisLayout();
    c.count(maxCode - 10, 20);
    for (let i = 10; i < maxCode; i++) radii.push(readShape(r));
    const order = r.expect(c.u32(), 1, 2);
    r.expect(c.u32(), 0);
    r.expect(c.u32(), 1);
    layer.pads = readPads(r, radii);
    skipRecords(r, 24, 0); // lines
    skipRecords(r, 28, 0); // arcs
    skipSurfaces(r);
    if (order === 2) {
      c.skip(16);
      skipRecords(r, 24, 0);
      skipRecords(r, 28, 0);
      r.expect(c.u32(), 0);
    }
  }
  // Items, then test points and the test sequence (none of them read into the board).
  const items = c.u32();
  c.skip(4);
  if (items) {
    c.count(items, 40);
    for (let i = 0; i < items; i++) {
      r.str();
      c.skip(39);
    }
    r.expect(c.u32(), 0);
  }
  r.expect(c.u32(), 7);
  c.skip(42 * r.count(42));
  r.expect(c.u32(), 0);
  r.expect(c.u32(), 4);
  // Two more test point sets: a count, a parameter, 54-byte records.
  for (let set = 0; set < 2; set++) {
    const count = c.u32();
    c.skip(4);
    c.skip(54 * c.count(count, 54));
  }
  const sequence = c.u32();
  const sequenceParam = c.u32();
  c.skip(9 * c.count(sequence, 9));
  if (sequenceParam === 1) c.skip(12);
}

function readThroughLayer(r: TvwReader, layer: Layer): void {
  const c = r.c;
  r.expect(c.u32(), 0);
  r.expect(c.u32(), 0);
  const tools = c.u32();
  if (!tools) return;
  c.skip(29 * c.count(tools - 1, 29));
  r.expect(c.u8(), 0);
  const drills = c.u32();
  c.skip(4);
  c.skip(16);
  c.count(drills, 17);
  for (let i = 0; i < drills; i++) {
    const code = c.u8();
    if (code === 0x08) c.skip(16);
    else if (code === 0x0a || code === 0x0b) {
      c.skip(8);
      const [x1, y1] = r.vec();
      const [x2, y2] = r.vec();
      c.skip(4);
      if (layer.slots.length < BOARDVIEW_CAPS.outlinePoints) layer.slots.push([x1, y1, x2, y2]);
    } else throw new NotThisLayout();
  }
}

function readLayer(r: TvwReader): Layer {
  const c = r.c;
  let kind = 0;
  for (let i = 0; i < 4 && !kind; i++) kind = c.u32();
  if (kind !== 1 && kind !== 3) throw new NotThisLayout();
  r.expect(c.u32(), 2);
  r.expect(c.u32(), 1);
  r.str();
  r.str();
  r.str();
  const layer: Layer = { kind: kind === 3 ? "logic" : "through", type: c.u32(), pads: [], slots: [] };
  c.skip(8);
  if (layer.kind === "logic") readLogicLayer(r, layer);
  else readThroughLayer(r, layer);
  return layer;
}

function skipFixtureData(r: TvwReader): void {
  const c = r.c;
  c.skip(4 + 24);
  r.bool();
  r.bool();
  r.bool();
  const items = r.count(1);
  for (let i = 0; i < items; i++) if (r.bool()) c.skip(28);
  const boxes = c.u32();
  c.skip(4 + 16);
  c.skip(17 * c.count(boxes, 17));
}

function skipRegistries(r: TvwReader): void {
  const c = r.c;
  r.expect(c.u32(), 0);
  r.expect(c.u32(), 0);
  r.expect(c.u32(), 4);
  r.str();
  c.skip(4);
  const packs = r.count(4);
  for (let p = 0; p < packs; p++) {
    const probes = r.count(62);
    for (let i = 0; i < probes; i++) {
      r.bool();
      c.skip(4);
      r.str();
      c.skip(60);
      if (r.bool()) {
        skipFixtureData(r);
        c.skip(16);
        c.skip(44 * r.count(44));
      }
      c.skip(60);
    }
  }
  r.expect(c.u32(), 0);
  r.expect(c.u32(), 7874);
  for (let i = 0; i < 8; i++) r.str();
  for (let side = 0; side < 2; side++) {
    r.expect(c.u32(), 3);
    r.str();
    r.expect(c.u32(), 0);
    const variants = r.count(5);
    for (let v = 0; v < variants; v++) {
      r.str();
      r.str();
      r.bool();
      r.bool();
      skipFixtureData(r);
    }
    c.skip(8);
  }
  c.skip(68); // the fixed block before the parts
}

const at = (raw: number) => coordinate(raw / SCALE);

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
    } else if (err instanceof OutOfBytes) board.stop("the file ends inside a record");
    else throw err;
  }
  if (!board.parts.length)
    return unreadable(board.stopped ? `The Tebo file could not be read to its parts (${board.stopped}).` : "The Tebo file lists no parts.");
  addOutline(board, layers);
  return board.finish("tvw", "mil");
}

function readPart(r: TvwReader, layers: Layer[], nets: string[], top: number, bottom: number, board: BoardBuilder): boolean {
  const c = r.c;
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
