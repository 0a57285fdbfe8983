// What lies under a point of the view: the nearest pin of a side shown within reach, else the smallest drawn part
// box holding it. Pure, on the placed arrays (viewer/place.ts), so a mirrored side is hit where it is drawn.
import type { Board } from "./layout";
import type { Placed } from "./place";

export interface Hit {
  /** The pin's index in the layout's pin columns, or -1. */
  pin: number;
  part: number;
  net: number;
}

export const NOTHING: Hit = { pin: -1, part: -1, net: -1 };

/** The pin nearest to (x, y) (placed units) within `reach`, of a drawn part on a side shown; -1 when none. */
export function pinAt(board: Board, placed: Placed, x: number, y: number, reach: number): number {
  const shown = placed.placement.shown;
  let best = -1;
  let bestD = reach * reach;
  for (let i = 0; i < board.pinCount; i++) {
    if (!shown[board.pinBottom[i]] || !board.partDrawn[board.pinPart[i]]) continue;
    const dx = placed.pinX[i] - x;
    const dy = board.py[i] - y;
    const d = dx * dx + dy * dy;
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** The pin under (x, y), else the smallest drawn part box holding it on a side shown. */
export function hitAt(board: Board, placed: Placed, x: number, y: number, reach: number): Hit {
  const pin = pinAt(board, placed, x, y, reach);
  if (pin >= 0) return { pin, part: board.pinPart[pin], net: board.pinNet[pin] };
  const b = placed.boxes;
  const shown = placed.placement.shown;
  let part = -1;
  let area = Infinity;
  for (let p = 0; p < board.partBottom.length; p++) {
    if (!shown[board.partBottom[p]] || !board.partDrawn[p]) continue;
    if (x < b[p * 4] || x > b[p * 4 + 2] || y < b[p * 4 + 1] || y > b[p * 4 + 3]) continue;
    const a = (b[p * 4 + 2] - b[p * 4]) * (b[p * 4 + 3] - b[p * 4 + 1]);
    if (a < area) {
      area = a;
      part = p;
    }
  }
  return { pin: -1, part, net: -1 };
}
