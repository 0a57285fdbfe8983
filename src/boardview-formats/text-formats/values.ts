// What the text-format readers share: the rest of a keyword line, and numbers read straight from the bytes of a line longer than the
// characters a line keeps (an outline written on one line).
import { type BoardBuilder, capReason } from "../builder";
import { positionOf, type ReadState } from "../lines";
import { BOARDVIEW_CAPS, type Point } from "../types";

/** The text after the line's first field ("PIN_NET /SCL" → "/SCL"), trimmed; "" when there is none. */
export function restOf(text: string): string {
  const match = /^\S+\s+(.*)$/.exec(text);
  return match ? match[1].trim() : "";
}

/**
 * Up to `limit` numbers of the line that starts at byte `start` (after its first word when `skipWord`),
 * separated by spaces, tabs or commas; reading stops at the line's end or the first field that is not a position.
 */
export function numbersOfLine(bytes: Uint8Array, start: number, limit: number, skipWord: boolean, state: ReadState): number[] {
  let end = bytes.indexOf(0x0a, start);
  if (end < 0) end = bytes.length;
  const out: number[] = [];
  let at = start;
  const isGap = (b: number) => b === 0x20 || b === 0x09 || b === 0x2c || b === 0x0d;
  let skip = skipWord;
  while (at < end && out.length < limit) {
    while (at < end && isGap(bytes[at])) at++;
    const from = at;
    // A field longer than any number is not one: the line is read no further.
    while (at < end && !isGap(bytes[at]) && at - from <= 32) at++;
    if (at === from) break;
    if (skip) {
      skip = false;
      continue;
    }
    const value = positionOf(String.fromCharCode(...bytes.subarray(from, at)), state);
    if (value === undefined) break;
    out.push(value);
  }
  return out;
}

/** Outline points added so far per board (counted here: a file of many outline lines costs no recount). */
const outlineUsed = new WeakMap<BoardBuilder, number>();

/** Whether the board's outline is at its cap: further outline lines are not read, and the reason is said. */
export function outlineFull(board: BoardBuilder): boolean {
  if ((outlineUsed.get(board) ?? 0) < BOARDVIEW_CAPS.outlinePoints) return false;
  board.stop(capReason("outlinePoints"));
  return true;
}

/** Adds a polyline, cut to the outline points still allowed (the reason said when cut). */
export function addOutlineCut(board: BoardBuilder, points: Point[]): boolean {
  if (points.length < 2) return true;
  const used = outlineUsed.get(board) ?? 0;
  const room = BOARDVIEW_CAPS.outlinePoints - used;
  const kept = points.length <= room ? points : points.slice(0, room);
  if (kept.length >= 2) {
    board.addOutline(kept);
    outlineUsed.set(board, used + kept.length);
  }
  if (kept.length < points.length) return board.stop(capReason("outlinePoints"));
  return true;
}
