// viewer/hit.ts: what lies under a point of the view, on the sides as they are placed.
import { describe, expect, it } from "vitest";
import { hitAt, pinAt } from "../../viewer/hit";
import { boardOf } from "../../viewer/layout";
import { placeBoard, placement } from "../../viewer/place";
import { layout } from "./layouts";

const answer = layout();
const board = boardOf(answer);
const both = placeBoard(board, placement("both", false, board.extent));

describe("hit testing", () => {
  it("finds the pin at its own x and y, with its part and net", () => {
    const hit = hitAt(board, both, 300, 600, 5);
    expect(hit.pin).toBe(2);
    expect(answer.parts[hit.part].name).toBe("U1");
    expect(answer.nets[hit.net]).toBe("/D1");
    // Nothing at the swapped point (600, 300).
    expect(pinAt(board, both, 600, 300, 5)).toBe(-1);
  });

  it("hits a bottom pin where the turned-over board shows it, not where the file has it", () => {
    const bottom = placeBoard(board, placement("bottom", false, board.extent));
    expect(pinAt(board, bottom, 300, 100, 5)).toBe(3);
    expect(pinAt(board, bottom, 700, 100, 5)).toBe(-1);
    // The top side is not shown: U1's pin 1 is not hit.
    expect(pinAt(board, bottom, 100, 200, 5)).toBe(-1);
  });

  it("side by side: the same pin answers in its own half", () => {
    const split = placeBoard(board, placement("split", false, board.extent));
    expect(pinAt(board, split, 100, 200, 5)).toBe(0);
    expect(pinAt(board, split, 1380, 100, 5)).toBe(3);
  });

  it("else the smallest part box holding the point; a part not drawn is never hit", () => {
    expect(hitAt(board, both, 200, 200, 5)).toEqual({ pin: -1, part: 0, net: -1 });
    expect(hitAt(board, both, -4995, -4995, 5).part).toBe(-1);
  });
});
