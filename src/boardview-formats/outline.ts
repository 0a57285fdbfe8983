// A board outline from drawing segments (LINE, ARC, CIRCLE, RECTANGLE records): each arc and circle as
// short chords, segments that meet end to end joined into one polyline, so the viewer draws the board's edge.
import type { Point } from "./types";

/** Chords per full turn of an arc or circle: smooth at any zoom a viewer offers, few points per board. */
const CHORDS_PER_TURN = 64;

/** Two ends closer than this share a point (exporters round differently at each end). */
const JOIN = 1e-6;

/**
 * The points of an arc from `from` to `to` about `centre`, counter-clockwise; equal ends make
 * a full circle.
 */
export function arcPoints(from: Point, to: Point, centre: Point): Point[] {
  const radius = Math.hypot(from.x - centre.x, from.y - centre.y);
  const start = Math.atan2(from.y - centre.y, from.x - centre.x);
  let sweep = Math.atan2(to.y - centre.y, to.x - centre.x) - start;
  if (sweep <= 0) sweep += 2 * Math.PI;
  const steps = Math.max(1, Math.ceil((sweep / (2 * Math.PI)) * CHORDS_PER_TURN));
  const points: Point[] = [from];
  for (let i = 1; i < steps; i++) {
    const a = start + (sweep * i) / steps;
    points.push({ x: centre.x + radius * Math.cos(a), y: centre.y + radius * Math.sin(a) });
  }
  points.push(to);
  return points;
}

/** A circle as a closed polyline. */
export function circlePoints(centre: Point, radius: number): Point[] {
  const from = { x: centre.x + radius, y: centre.y };
  return arcPoints(from, from, centre);
}

const same = (a: Point, b: Point) => Math.abs(a.x - b.x) <= JOIN && Math.abs(a.y - b.y) <= JOIN;

/** Joins pieces (each a polyline of two or more points) that continue one another, in the order they come. */
export function joinPieces(pieces: readonly Point[][]): Point[][] {
  const out: Point[][] = [];
  for (const piece of pieces) {
    if (piece.length < 2) continue;
    const last = out[out.length - 1];
    if (last && same(last[last.length - 1], piece[0])) last.push(...piece.slice(1));
    else if (last && same(last[last.length - 1], piece[piece.length - 1])) last.push(...[...piece].reverse().slice(1));
    else out.push([...piece]);
  }
  return out;
}
