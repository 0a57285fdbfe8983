// The layout answer (GET /api/v1/documents/{document}/boardview/layout) turned into typed arrays the drawing
// walks without allocating: pin columns, each part's pin range, each net's pins, the board's extent.
export interface LayoutAnswer {
  unit: string;
  outline: number[][];
  parts: {
    name: string;
    side: "top" | "bottom";
    mounting: string;
    x: number;
    y: number;
    box: { x1: number; y1: number; x2: number; y2: number };
    value?: string;
  }[];
  pins: { x: number[]; y: number[]; part: number[]; net: number[]; number?: string[]; name?: string[] };
  nets: string[];
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
  /** Half the side a pin is drawn with, in board units. */
  pinHalf: number;
  extent: { x1: number; y1: number; x2: number; y2: number };
  /** Names in matching form (upper case, letters and digits) to their index. */
  partByKey: Map<string, number>;
  netByKey: Map<string, number>;
}

/** A name in the form it is matched by, as the service matches them: case, `_`, `-`, spaces and dots ignored. */
export const nameKey = (name: string): string =>
  name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase();

export function boardOf(answer: LayoutAnswer): Board {
  const n = answer.pins.x.length;
  const px = Float64Array.from(answer.pins.x);
  const py = Float64Array.from(answer.pins.y);
  const pinPart = Int32Array.from(answer.pins.part);
  const pinNet = Int32Array.from(answer.pins.net);
  const parts = answer.parts;
  const partBottom = new Uint8Array(parts.length);
  const boxes = new Float64Array(parts.length * 4);
  const extent = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  const grow = (x: number, y: number) => {
    if (x < extent.x1) extent.x1 = x;
    if (x > extent.x2) extent.x2 = x;
    if (y < extent.y1) extent.y1 = y;
    if (y > extent.y2) extent.y2 = y;
  };
  for (let i = 0; i < parts.length; i++) {
    const b = parts[i].box;
    partBottom[i] = parts[i].side === "bottom" ? 1 : 0;
    boxes.set([b.x1, b.y1, b.x2, b.y2], i * 4);
    grow(b.x1, b.y1);
    grow(b.x2, b.y2);
  }
  for (const line of answer.outline) for (let i = 0; i + 1 < line.length; i += 2) grow(line[i], line[i + 1]);
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

  const partByKey = new Map<string, number>();
  for (let i = 0; i < parts.length; i++) {
    const key = nameKey(parts[i].name);
    if (!partByKey.has(key)) partByKey.set(key, i);
  }
  const netByKey = new Map<string, number>();
  for (let i = 0; i < answer.nets.length; i++) {
    const key = nameKey(answer.nets[i]);
    if (!netByKey.has(key)) netByKey.set(key, i);
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
    pinHalf: pinHalfOf(px, py, partStart, extent),
    extent,
    partByKey,
    netByKey,
  };
}

/** Half the typical distance between neighbouring pins of a part (sampled), so that pads do not overlap. */
function pinHalfOf(px: Float64Array, py: Float64Array, partStart: Int32Array, extent: Board["extent"]): number {
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
