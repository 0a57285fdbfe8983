// The Tebo .tvw stream up to its parts (tvw.ts reads the header and the parts): a cursor over strings, flags and
// fixed-point vectors, the layers (logic: pad shapes, pads, lines, arcs, surfaces, items, test points; through:
// tools, drill holes and slots) and the probe and fixture registries, which are stepped over. Counts are checked
// against the bytes left; a value the layout does not allow throws NotThisLayout.
import { BOARDVIEW_CAPS } from "../types";
import type { ByteCursor } from "./bytes";

const SCALE = 100;
/** The file does not follow the layout (a value it cannot hold). */
export class NotThisLayout extends Error {}

export interface Pad {
  net: number;
  x: number;
  y: number;
  hole: boolean;
  radius?: number;
}

export interface Layer {
  kind: "logic" | "through";
  type: number;
  pads: Pad[];
  slots: [number, number, number, number][];
}

export class TvwReader {
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

export function readLayer(r: TvwReader): Layer {
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

export function skipRegistries(r: TvwReader): void {
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
