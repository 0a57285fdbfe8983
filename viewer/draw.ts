// Drawing the board on a 2D canvas already set to placed board units (viewer/place.ts): the outline, part boxes and
// pins of the sides shown, in steps (a generator) so a full drawing can be spread over frames; part names; the
// selection; the measure's marks. Pins of parts the layout does not draw are skipped.
import type { Board } from "./layout";
import type { Placed, ViewPoint } from "./place";

/** Rectangles per path: one path of tens of thousands of rectangles is far slower to fill or stroke. */
const PATH_RECTS = 1000;
/** Items the culling loops skip between checks of the slice's clock. */
const CHECK_EVERY = 4096;

export interface Colours {
  outline: string;
  top: string;
  bottom: string;
  pin: string;
  pinBottom: string;
  accent: string;
  text: string;
  background: string;
}

/** The visible board rectangle, in placed units. */
export interface Visible {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

/**
 * Outline, part outlines and pins of the parts in view, in layers, the side in front last: a step ends after each
 * path is filled or stroked, or after CHECK_EVERY items skipped.
 */
export function* drawBoard(ctx: CanvasRenderingContext2D, board: Board, placed: Placed, scale: number, v: Visible, c: Colours): Generator<void> {
  const px = 1 / scale;
  ctx.lineWidth = 1.5 * px;
  ctx.strokeStyle = c.outline;
  ctx.beginPath();
  for (const line of placed.outline) {
    for (let i = 0; i + 1 < line.length; i += 2) i ? ctx.lineTo(line[i], line[i + 1]) : ctx.moveTo(line[i], line[i + 1]);
  }
  ctx.stroke();
  if (placed.divider !== null) {
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.beginPath();
    ctx.moveTo(placed.divider, placed.extent.y1);
    ctx.lineTo(placed.divider, placed.extent.y2);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  yield;

  const pl = placed.placement;
  const order = [1 - pl.front, pl.front].filter((side) => pl.shown[side]);
  // Overlaid, the side behind is drawn paler; side by side, each side is the one in front of its own half.
  const behind = (side: number) => pl.sides !== "split" && order.length === 2 && side !== pl.front;
  const boxes = placed.boxes;
  ctx.lineWidth = px;
  for (const side of order) {
    ctx.strokeStyle = behind(side) ? c.bottom : c.top;
    ctx.beginPath();
    let inPath = 0;
    for (let p = 0; p < board.partBottom.length; p++) {
      if (p % CHECK_EVERY === CHECK_EVERY - 1) yield;
      if (board.partBottom[p] !== side || !board.partDrawn[p]) continue;
      const x1 = boxes[p * 4];
      const y1 = boxes[p * 4 + 1];
      const x2 = boxes[p * 4 + 2];
      const y2 = boxes[p * 4 + 3];
      if (x2 < v.x1 || x1 > v.x2 || y2 < v.y1 || y1 > v.y2) continue;
      ctx.rect(x1, y1, x2 - x1, y2 - y1);
      if (++inPath === PATH_RECTS) {
        ctx.stroke();
        yield;
        ctx.beginPath();
        inPath = 0;
      }
    }
    ctx.stroke();
    yield;
  }

  const h = Math.max(board.pinHalf, 0.75 * px);
  const { py: ys, pinBottom, pinPart, partDrawn } = board;
  const xs = placed.pinX;
  for (const side of order) {
    ctx.fillStyle = behind(side) ? c.pinBottom : c.pin;
    ctx.beginPath();
    let inPath = 0;
    for (let i = 0; i < board.pinCount; i++) {
      if (i % CHECK_EVERY === CHECK_EVERY - 1) yield;
      if (pinBottom[i] !== side || !partDrawn[pinPart[i]]) continue;
      const x = xs[i];
      const y = ys[i];
      if (x < v.x1 - h || x > v.x2 + h || y < v.y1 - h || y > v.y2 + h) continue;
      ctx.rect(x - h, y - h, 2 * h, 2 * h);
      if (++inPath === PATH_RECTS) {
        ctx.fill();
        yield;
        ctx.beginPath();
        inPath = 0;
      }
    }
    ctx.fill();
    yield;
  }
}

/** Part names where a box is wide enough on screen to hold one, at most a few hundred per frame (ctx in CSS px). */
export function drawLabels(ctx: CanvasRenderingContext2D, board: Board, placed: Placed, view: ViewPoint, v: Visible, colour: string): void {
  const s = view.scale;
  ctx.fillStyle = colour;
  ctx.font = "11px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const parts = board.answer.parts;
  const boxes = placed.boxes;
  const shown = placed.placement.shown;
  let drawn = 0;
  for (let p = 0; p < parts.length && drawn < 400; p++) {
    if (!shown[board.partBottom[p]] || !board.partDrawn[p]) continue;
    const x1 = boxes[p * 4];
    const y1 = boxes[p * 4 + 1];
    const x2 = boxes[p * 4 + 2];
    const y2 = boxes[p * 4 + 3];
    if ((x2 - x1) * s < 36 || (y2 - y1) * s < 12) continue;
    if (x2 < v.x1 || x1 > v.x2 || y2 < v.y1 || y1 > v.y2) continue;
    ctx.fillText(parts[p].name, ((x1 + x2) / 2) * s + view.ox, view.oy - ((y1 + y2) / 2) * s, (x2 - x1) * s);
    drawn++;
  }
}

export interface Marked {
  part: number;
  net: number;
  pin: number;
  /** The selected net's pins' colour (its diode band), else the accent. */
  netColour: string | null;
  /** Measure points, placed units. */
  marks: readonly [number, number][];
}

/** The selection (a part's box, a net's pins, a pin) and the measure's points and line, ctx in placed units. */
export function drawMarked(ctx: CanvasRenderingContext2D, board: Board, placed: Placed, scale: number, m: Marked, accent: string): void {
  const px = 1 / scale;
  const boxes = placed.boxes;
  const shown = placed.placement.shown;
  ctx.strokeStyle = accent;
  ctx.lineWidth = 3 * px;
  if (m.part >= 0 && board.partDrawn[m.part]) {
    const p = m.part;
    ctx.strokeRect(boxes[p * 4], boxes[p * 4 + 1], boxes[p * 4 + 2] - boxes[p * 4], boxes[p * 4 + 3] - boxes[p * 4 + 1]);
  }
  // The net's pins stand out even when the board is far away: at least 3 pixels.
  const r = Math.max(board.pinHalf * 1.4, 3 * px);
  if (m.net >= 0) {
    ctx.fillStyle = m.netColour ?? accent;
    ctx.beginPath();
    for (let k = board.netStart[m.net]; k < board.netStart[m.net + 1]; k++) {
      const i = board.netPins[k];
      if (!shown[board.pinBottom[i]] || !board.partDrawn[board.pinPart[i]]) continue;
      ctx.rect(placed.pinX[i] - r, board.py[i] - r, 2 * r, 2 * r);
    }
    ctx.fill();
  }
  if (m.pin >= 0 && shown[board.pinBottom[m.pin]]) {
    ctx.strokeRect(placed.pinX[m.pin] - 1.6 * r, board.py[m.pin] - 1.6 * r, 3.2 * r, 3.2 * r);
  }
  if (m.marks.length) {
    ctx.beginPath();
    for (const [i, [x, y]] of m.marks.entries()) i ? ctx.lineTo(x, y) : ctx.moveTo(x, y);
    ctx.lineWidth = 2 * px;
    ctx.stroke();
    ctx.fillStyle = accent;
    for (const [x, y] of m.marks) ctx.fillRect(x - 4 * px, y - 4 * px, 8 * px, 8 * px);
  }
}
