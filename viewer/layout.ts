// The layout answer (GET /api/v1/documents/{document}/boardview/layout, src/schemas/boardviews.ts) turned into typed
// arrays the drawing walks without allocating: pin columns, each part's pin range, each net's pins, the drawn extent.
import type { BoardviewLayout } from "../src/schemas/boardviews";

/** The layout as the API answers it (its schema's type); `drawn: false` marks a part kept but not drawn. */
export type LayoutAnswer = BoardviewLayout;

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Board {
  answer: LayoutAnswer;
  pinCount: number;
  px: Float64Array;
  py: Float64Array;
  pinPart: Int32Array;
  pinNet: Int32Array;
  /** 1 for a pin of a bottom part. */
  pinBottom: Uint8Array;
  /** Part i's pins are partStart[i] .. partStart[i+1]-1 (pins come grouped by part). */
  partStart: Int32Array;
  /** Net n's pins are netPins[netStart[n]] .. netPins[netStart[n+1]-1]. */
  netStart: Int32Array;
  netPins: Int32Array;
  /** Boxes as x1, y1, x2, y2 per part. */
  boxes: Float64Array;
  partBottom: Uint8Array;
  /** 1 for a part that is drawn (and fitted); 0 for one the layout marks `drawn: false`. */
  partDrawn: Uint8Array;
  /** Half the side a pin is drawn with, in board units. */
  pinHalf: number;
  /** The box of the outline and the drawn parts. */
  extent: Box;
  /** Each net's known-good diode reading the file carries, by net index. */
  diode: Map<number, string>;
}

/** Grows a box to hold a point. */
export function grow(box: Box, x: number, y: number): void {
  if (x < box.x1) box.x1 = x;
  if (x > box.x2) box.x2 = x;
  if (y < box.y1) box.y1 = y;
  if (y > box.y2) box.y2 = y;
}

export const emptyBox = (): Box => ({ x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity });

export function boardOf(answer: LayoutAnswer): Board {
  const n = answer.pins.x.length;
  const px = Float64Array.from(answer.pins.x);
  const py = Float64Array.from(answer.pins.y);
  const pinPart = Int32Array.from(answer.pins.part);
  const pinNet = Int32Array.from(answer.pins.net);
  const parts = answer.parts;
  const partBottom = new Uint8Array(parts.length);
  const partDrawn = new Uint8Array(parts.length);
  const boxes = new Float64Array(parts.length * 4);
  const extent = emptyBox();
  for (let i = 0; i < parts.length; i++) {
    const b = parts[i].box;
    partBottom[i] = parts[i].side === "bottom" ? 1 : 0;
    partDrawn[i] = parts[i].drawn === false ? 0 : 1;
    boxes[i * 4] = b.x1;
    boxes[i * 4 + 1] = b.y1;
    boxes[i * 4 + 2] = b.x2;
    boxes[i * 4 + 3] = b.y2;
    if (!partDrawn[i]) continue;
    grow(extent, b.x1, b.y1);
    grow(extent, b.x2, b.y2);
  }
  for (const line of answer.outline) for (let i = 0; i + 1 < line.length; i += 2) grow(extent, line[i], line[i + 1]);
  if (!Number.isFinite(extent.x1)) Object.assign(extent, { x1: 0, y1: 0, x2: 1, y2: 1 });

  const partStart = new Int32Array(parts.length + 1);
  const pinBottom = new Uint8Array(n);
  const netCount = new Int32Array(answer.nets.length + 1);
  for (let i = 0; i < n; i++) {
    partStart[pinPart[i] + 1]++;
    pinBottom[i] = partBottom[pinPart[i]];
    if (pinNet[i] >= 0) netCount[pinNet[i] + 1]++;
  }
  for (let i = 0; i < parts.length; i++) partStart[i + 1] += partStart[i];
  for (let i = 0; i < answer.nets.length; i++) netCount[i + 1] += netCount[i];
  const netStart = Int32Array.from(netCount);
  const fill = Int32Array.from(netCount);
  const netPins = new Int32Array(n);
  for (let i = 0; i < n; i++) if (pinNet[i] >= 0) netPins[fill[pinNet[i]]++] = i;

  const netIndex = new Map(answer.nets.map((name, i) => [name, i]));
  const diode = new Map<number, string>();
  for (const r of answer.readings ?? []) {
    const i = netIndex.get(r.net);
    if (r.kind === "diode" && i !== undefined && !diode.has(i)) diode.set(i, r.value);
  }

  return {
    answer,
    pinCount: n,
    px,
    py,
    pinPart,
    pinNet,
    pinBottom,
    partStart,
    netStart,
    netPins,
    boxes,
    partBottom,
    partDrawn,
    pinHalf: pinHalfOf(px, py, partStart, extent),
    extent,
    diode,
  };
}

/** Half the typical distance between neighbouring pins of a part (sampled), so that pads do not overlap. */
function pinHalfOf(px: Float64Array, py: Float64Array, partStart: Int32Array, extent: Box): number {
  const gaps: number[] = [];
  for (let p = 0; p + 1 < partStart.length && gaps.length < 2000; p++) {
    for (let i = partStart[p]; i + 1 < partStart[p + 1] && i < partStart[p] + 4; i++) {
      const d = Math.hypot(px[i + 1] - px[i], py[i + 1] - py[i]);
      if (d > 0) gaps.push(d);
    }
  }
  const span = Math.max(extent.x2 - extent.x1, extent.y2 - extent.y1) || 1;
  if (!gaps.length) return span / 500;
  gaps.sort((a, b) => a - b);
  return Math.min(gaps[Math.floor(gaps.length / 2)] * 0.35, span / 100);
}

/** The box of a net's pins (empty when it has none). */
export function netBox(board: Board, n: number): Box {
  const box = emptyBox();
  for (let k = board.netStart[n]; k < board.netStart[n + 1]; k++) grow(box, board.px[board.netPins[k]], board.py[board.netPins[k]]);
  return box;
}
