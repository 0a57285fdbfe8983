// Where each side of the board stands in the view: top, bottom (mirrored, as seen when the board is turned over),
// both overlaid, or both side by side; "flipped" turns the board over. Pure: the drawing and hit testing read the
// placed x of every pin, box and outline point; y stays as in the file (up).
import { type Board, type Box, emptyBox, grow } from "./layout";

export type Sides = "both" | "top" | "bottom" | "split";

export interface Placement {
  sides: Sides;
  flipped: boolean;
  /** Per side (0 top, 1 bottom): shown, mirrored (x → -x), then shifted by `shift`. */
  shown: [boolean, boolean];
  mirrored: [boolean, boolean];
  shift: [number, number];
  /** The side drawn last (in front) when both are overlaid. */
  front: 0 | 1;
}

/** The gap between the two sides drawn side by side, as a share of the board's width. */
export const SPLIT_GAP = 0.08;

/**
 * How each side is placed. Top: the top side as seen from above. Bottom: the bottom side as seen when the board is
 * turned over (mirrored left to right). Both: overlaid, seen from above (or from below once flipped, mirrored).
 * Split: the top side on the left and the turned-over bottom side on its right (swapped once flipped).
 */
export function placement(sides: Sides, flipped: boolean, extent: Box): Placement {
  const w = extent.x2 - extent.x1 || 1;
  if (sides === "split") {
    const right = w * (1 + SPLIT_GAP);
    // A side mirrored x → -x + shift keeps [x1, x2] when shift = x1 + x2; moving it right adds `right`.
    const top = flipped ? right : 0;
    const bottom = extent.x1 + extent.x2 + (flipped ? 0 : right);
    return { sides, flipped, shown: [true, true], mirrored: [false, true], shift: [top, bottom], front: 0 };
  }
  const fromBelow = sides === "bottom" || (sides === "both" && flipped);
  const shift = fromBelow ? extent.x1 + extent.x2 : 0;
  return {
    sides,
    flipped,
    shown: [sides !== "bottom", sides !== "top"],
    mirrored: [fromBelow, fromBelow],
    shift: [shift, shift],
    front: fromBelow ? 1 : 0,
  };
}

/** A board x of a side (0 top, 1 bottom) in the placed view. */
export const placeX = (pl: Placement, side: number, x: number): number => (pl.mirrored[side] ? -x : x) + pl.shift[side];

/** The view's arrays: every pin's and box's placed x, each side's outline, and the placed extent of what is shown. */
export interface Placed {
  placement: Placement;
  /** Placed x of each pin (y is the file's). */
  pinX: Float64Array;
  /** Placed boxes, x1 <= x2, as x1, y1, x2, y2 per part. */
  boxes: Float64Array;
  /** The outline once per side shown, flat polylines in placed x. */
  outline: number[][];
  /** The box of the outline and drawn parts of the sides shown. */
  extent: Box;
  /** Side by side: the placed x between the two sides, where a line parts them; else null. */
  divider: number | null;
}

export function placeBoard(board: Board, pl: Placement): Placed {
  const pinX = new Float64Array(board.pinCount);
  for (let i = 0; i < board.pinCount; i++) pinX[i] = placeX(pl, board.pinBottom[i], board.px[i]);
  const boxes = new Float64Array(board.boxes.length);
  const extent = emptyBox();
  for (let p = 0; p < board.partBottom.length; p++) {
    const side = board.partBottom[p];
    const a = placeX(pl, side, board.boxes[p * 4]);
    const b = placeX(pl, side, board.boxes[p * 4 + 2]);
    boxes[p * 4] = Math.min(a, b);
    boxes[p * 4 + 1] = board.boxes[p * 4 + 1];
    boxes[p * 4 + 2] = Math.max(a, b);
    boxes[p * 4 + 3] = board.boxes[p * 4 + 3];
    if (!board.partDrawn[p] || !pl.shown[side]) continue;
    grow(extent, boxes[p * 4], boxes[p * 4 + 1]);
    grow(extent, boxes[p * 4 + 2], boxes[p * 4 + 3]);
  }
  // Overlaid sides share one outline; side by side, each side has its own.
  const outlineSides = pl.sides === "split" ? [0, 1] : [pl.shown[0] ? 0 : 1];
  const outline: number[][] = [];
  for (const side of outlineSides) {
    for (const line of board.answer.outline) {
      const placedLine = line.map((v, i) => (i % 2 ? v : placeX(pl, side, v)));
      for (let i = 0; i + 1 < placedLine.length; i += 2) grow(extent, placedLine[i], placedLine[i + 1]);
      outline.push(placedLine);
    }
  }
  if (!Number.isFinite(extent.x1)) Object.assign(extent, board.extent);
  const e = board.extent;
  const divider = pl.sides === "split" ? e.x2 + ((e.x2 - e.x1 || 1) * SPLIT_GAP) / 2 : null;
  return { placement: pl, pinX, boxes, outline, extent, divider };
}

/** The screen transform: placed board units to CSS pixels, y up on the board and down on the screen. */
export interface ViewPoint {
  scale: number;
  ox: number;
  oy: number;
}

export const toScreen = (v: ViewPoint, x: number, y: number): [number, number] => [x * v.scale + v.ox, v.oy - y * v.scale];
export const fromScreen = (v: ViewPoint, sx: number, sy: number): [number, number] => [(sx - v.ox) / v.scale, (v.oy - sy) / v.scale];

/** The view that shows a box whole, centred, in a width × height screen, with a small margin. */
export function fitView(box: Box, width: number, height: number): ViewPoint {
  const w = box.x2 - box.x1 || 1;
  const h = box.y2 - box.y1 || 1;
  const scale = Math.min(width / w, height / h) * 0.94;
  return centred(box, width, height, scale);
}

/** The view of a given scale with a box's centre in the middle of the screen. */
export function centred(box: Box, width: number, height: number, scale: number): ViewPoint {
  return { scale, ox: width / 2 - ((box.x1 + box.x2) / 2) * scale, oy: height / 2 + ((box.y1 + box.y2) / 2) * scale };
}
