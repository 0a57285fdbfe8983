// The distance between two picked points, in the file's unit and in millimetres. A point is taken back from the
// view to the board (a mirrored side unmirrored) so a distance is the board's, whichever side it was picked on.
import type { Board } from "./layout";
import { type Placement, SPLIT_GAP } from "./place";

/** Millimetres per unit of the file; none for a file whose unit is unknown. */
export const MM_PER_UNIT: Record<string, number | undefined> = { mil: 0.0254, mm: 1, inch: 25.4 };

/** The side (0 top, 1 bottom) a placed x belongs to: side by side, the half it falls in; else either (0). */
export function sideAt(pl: Placement, board: Board, x: number): number {
  if (pl.sides !== "split") return pl.shown[0] ? 0 : 1;
  const w = board.extent.x2 - board.extent.x1 || 1;
  const left = x <= board.extent.x2 + (w * SPLIT_GAP) / 2;
  return left !== pl.flipped ? 0 : 1;
}

/** A placed point back on the board. */
export function unplace(pl: Placement, board: Board, [x, y]: readonly [number, number]): [number, number] {
  const side = sideAt(pl, board, x);
  const bx = x - pl.shift[side];
  return [pl.mirrored[side] ? -bx : bx, y];
}

/** The distance between two board points in the file's unit, and in mm when the unit is known. */
export function distance(a: readonly [number, number], b: readonly [number, number], unit: string): { units: number; mm: number | null } {
  const units = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const per = MM_PER_UNIT[unit];
  return { units, mm: per === undefined ? null : units * per };
}

/** "123.4 mil (3.13 mm)", in the page's language. */
export function distanceText(d: { units: number; mm: number | null }, unitName: string, unit: string, lang: string): string {
  const n = (x: number) => x.toLocaleString(lang, { maximumFractionDigits: x < 10 ? 3 : 1 });
  const own = `${n(d.units)} ${unitName}`;
  return d.mm === null || unit === "mm" ? own : `${own} (${n(d.mm)} mm)`;
}
