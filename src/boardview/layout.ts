// A whole board as one compact drawing (GET /documents/{document}/boardview/layout): parts in file order, pins in
// columns (x, y, part index, net index, number, name), net names once. Built from the part rows and the board row.
import type { BoardviewLayout } from "../schemas/boardviews";
import { boxOf, pinOf, type StoredPin } from "./rows";
import type { BoardUnit, Box, NetReading } from "./types";

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

/** The box of a part's pins widened by the pad margin; a part without pins gets a square around its point. */
function pinsBox(pins: { x: number; y: number }[], at: { x: number; y: number }, margin: number): Box {
  if (!pins.length) return { x1: at.x - margin, y1: at.y - margin, x2: at.x + margin, y2: at.y + margin };
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const p of pins) {
    if (p.x < x1) x1 = p.x;
    if (p.x > x2) x2 = p.x;
    if (p.y < y1) y1 = p.y;
    if (p.y > y2) y2 = p.y;
  }
  return { x1: x1 - margin, y1: y1 - margin, x2: x2 + margin, y2: y2 + margin };
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
    const box =
      boxOf(row.box) ??
      pinsBox(
        pins.map((p) => ({ x: p[0], y: p[1] })),
        row,
        margin,
      );
    const part: BoardviewLayout["parts"][number] = { name: row.name, side: row.side, mounting: row.mounting, x: row.x, y: row.y, box };
    if (row.value) part.value = row.value;
    return part;
  });
  const readings = boardRow ? (JSON.parse(boardRow.readings) as NetReading[]) : [];
  const layout: BoardviewLayout = {
    document: head.document,
    visibility: head.visibility,
    format: head.format,
    unit,
    outline: boardRow ? (JSON.parse(boardRow.outline) as number[][]) : [],
    parts,
    pins: { x: xs, y: ys, part: partOf, net: netOf },
    nets,
    readings: readings.map((r) => ({ net: r.net, kind: r.kind, value: r.value })),
  };
  if (hasNumber) layout.pins.number = numbers;
  if (hasName) layout.pins.name = names;
  return layout;
}
