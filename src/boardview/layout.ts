// A whole board as one compact drawing (GET /documents/{document}/boardview/layout): parts in file order, pins in
// columns (x, y, part index, net index, number, name), net names once. Built from the part rows and the board row.
import type { BoardviewLayout } from "../schemas/boardviews";
import { boxOf, pinOf, type StoredPin } from "./rows";
import type { BoardUnit, Box, NetReading } from "../boardview-formats/types";

export interface LayoutPartRow {
  name: string;
  side: "top" | "bottom";
  mounting: "smd" | "through_hole";
  x: number;
  y: number;
  pins: string;
  value: string | null;
  box: string | null;
}

export interface LayoutBoardRow {
  unit: string;
  outline: string;
  readings: string;
}

/** A pad's half width when the file gives none, by unit: a box computed from pins keeps its pads inside. */
const PIN_MARGIN: Record<BoardUnit, number> = { mil: 10, mm: 0.25, inch: 0.01, unknown: 0 };

/**
 * How far beyond its pins a file's box may reach on any side and still be drawn: half the pins' larger extent, and
 * never less than this many pad margins (a 0603's body around its two pads). A larger box holds more than the part
 * (KiCad's bounding box with its labels: 651 x 840 mil around two pads 38 mil apart) and the pins' box is drawn.
 */
export const BOX_SLACK_MARGINS = 4;
export const BOX_SLACK_OF_EXTENT = 0.5;

/** The bounds of some points, or undefined when there are none. */
function boundsOf(points: Iterable<{ x: number; y: number }>): Box | undefined {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const p of points) {
    if (p.x < x1) x1 = p.x;
    if (p.x > x2) x2 = p.x;
    if (p.y < y1) y1 = p.y;
    if (p.y > y2) y2 = p.y;
  }
  return x1 <= x2 ? { x1, y1, x2, y2 } : undefined;
}

/** A box's centre as a box of no size (a pinless part is judged by where its box, or its point, is). */
const centreOf = (b: Box): Box => ({ x1: (b.x1 + b.x2) / 2, y1: (b.y1 + b.y2) / 2, x2: (b.x1 + b.x2) / 2, y2: (b.y1 + b.y2) / 2 });
const grown = (b: Box, by: number): Box => ({ x1: b.x1 - by, y1: b.y1 - by, x2: b.x2 + by, y2: b.y2 + by });
const within = (inner: Box, outer: Box) => inner.x1 >= outer.x1 && inner.y1 >= outer.y1 && inner.x2 <= outer.x2 && inner.y2 <= outer.y2;

/**
 * The box a part is drawn in (issue 51): the file's box when it holds every pin (within a pad margin) and reaches
 * no further beyond them than the slack above; else the box of its pins widened by the pad margin. A part without
 * pins keeps the file's box, else a square around its point.
 */
export function partBox(pins: readonly { x: number; y: number }[], at: { x: number; y: number }, stated: Box | undefined, margin: number): Box {
  const bounds = boundsOf(pins);
  if (!bounds) return stated ?? grown({ x1: at.x, y1: at.y, x2: at.x, y2: at.y }, margin);
  if (stated) {
    const extent = Math.max(bounds.x2 - bounds.x1, bounds.y2 - bounds.y1);
    const slack = Math.max(BOX_SLACK_MARGINS * margin, BOX_SLACK_OF_EXTENT * extent);
    if (within(bounds, grown(stated, margin)) && within(stated, grown(bounds, slack))) return stated;
  }
  return grown(bounds, margin);
}

/**
 * Where the board is, to tell a placeholder from a part: the outline's bounds, else the bounds of every pin; a
 * pinless part whose box (else point) has its centre outside (KiCad's REF** at 0,0) is neither drawn nor fitted.
 * Undefined: nothing to judge by.
 */
function boardBounds(outline: readonly number[][], pins: readonly StoredPin[][], margin: number): Box | undefined {
  const points = function* () {
    for (const line of outline) for (let i = 0; i + 1 < line.length; i += 2) yield { x: line[i], y: line[i + 1] };
    if (outline.some((line) => line.length >= 2)) return;
    for (const list of pins) for (const p of list) yield { x: p[0], y: p[1] };
  };
  const bounds = boundsOf(points());
  return bounds && grown(bounds, margin);
}

/** A margin for a board whose unit is unknown: a small share of its extent, so a lone pin still has a box. */
function unknownMargin(rows: readonly { pins: StoredPin[] }[]): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows)
    for (const p of r.pins) {
      if (p[0] < lo) lo = p[0];
      if (p[0] > hi) hi = p[0];
    }
  return Number.isFinite(hi - lo) && hi > lo ? (hi - lo) / 400 : 1;
}

function unitOf(text: string | undefined, fallback: BoardUnit | undefined): BoardUnit {
  return text === "mil" || text === "mm" || text === "inch" ? text : (fallback ?? "unknown");
}

export function buildLayout(
  head: { document: string; visibility: BoardviewLayout["visibility"]; format: string; unit?: BoardUnit },
  partRows: readonly LayoutPartRow[],
  boardRow: LayoutBoardRow | null,
): BoardviewLayout {
  const unit = unitOf(boardRow?.unit, head.unit);
  const parsed = partRows.map((r) => ({ row: r, pins: JSON.parse(r.pins) as StoredPin[] }));
  const margin = unit === "unknown" ? unknownMargin(parsed) : PIN_MARGIN[unit];
  const outline = boardRow ? (JSON.parse(boardRow.outline) as number[][]) : [];
  const board = boardBounds(
    outline,
    parsed.map((p) => p.pins),
    margin,
  );
  const netIndex = new Map<string, number>();
  const nets: string[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  const partOf: number[] = [];
  const netOf: number[] = [];
  const numbers: string[] = [];
  const names: string[] = [];
  let hasNumber = false;
  let hasName = false;
  const parts = parsed.map(({ row, pins }, index) => {
    for (const stored of pins) {
      const pin = pinOf(stored);
      xs.push(pin.x);
      ys.push(pin.y);
      partOf.push(index);
      let net = -1;
      if (pin.net) {
        net = netIndex.get(pin.net) ?? -1;
        if (net < 0) {
          net = nets.length;
          nets.push(pin.net);
          netIndex.set(pin.net, net);
        }
      }
      netOf.push(net);
      numbers.push(pin.number ?? "");
      names.push(pin.name ?? "");
      if (pin.number) hasNumber = true;
      if (pin.name) hasName = true;
    }
    const box = partBox(
      pins.map((p) => ({ x: p[0], y: p[1] })),
      row,
      boxOf(row.box),
      margin,
    );
    const part: BoardviewLayout["parts"][number] = { name: row.name, side: row.side, mounting: row.mounting, x: row.x, y: row.y, box };
    if (row.value) part.value = row.value;
    if (!pins.length && board && !within(centreOf(box), board)) part.drawn = false;
    return part;
  });
  const readings = boardRow ? (JSON.parse(boardRow.readings) as NetReading[]) : [];
  const layout: BoardviewLayout = {
    document: head.document,
    visibility: head.visibility,
    format: head.format,
    unit,
    outline,
    parts,
    pins: { x: xs, y: ys, part: partOf, net: netOf },
    nets,
    readings: readings.map((r) => ({ net: r.net, kind: r.kind, value: r.value })),
  };
  if (hasNumber) layout.pins.number = numbers;
  if (hasName) layout.pins.name = names;
  return layout;
}
