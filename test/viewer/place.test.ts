// viewer/place.ts: where each side stands in the view. The bottom side is seen as when the board is turned over
// (mirrored left to right, within the board's own extent); side by side, the top on the left, the bottom on its right.
import { describe, expect, it } from "vitest";
import { boardOf } from "../../viewer/layout";
import { fitView, fromScreen, placeBoard, placement, toScreen } from "../../viewer/place";
import { layout } from "./layouts";

const board = boardOf(layout());
/** D1's pin 1, on the bottom side at x 700 of a board 0..1000 wide. */
const BOTTOM_PIN = 3;
/** U1's pin 1, on the top side at x 100. */
const TOP_PIN = 0;

describe("placing the sides", () => {
  it("top and both: every x as in the file", () => {
    for (const sides of ["top", "both"] as const) {
      const placed = placeBoard(board, placement(sides, false, board.extent));
      expect(placed.pinX[TOP_PIN]).toBe(100);
      expect(placed.pinX[BOTTOM_PIN]).toBe(700);
      expect(placed.extent).toEqual({ x1: 0, y1: 0, x2: 1000, y2: 800 });
    }
  });

  it("bottom: turned over, a pin 700 from the left edge stands 700 from the right edge, y unchanged", () => {
    const placed = placeBoard(board, placement("bottom", false, board.extent));
    expect(placed.pinX[BOTTOM_PIN]).toBe(300);
    expect(placed.pinX[BOTTOM_PIN + 1]).toBe(100);
    expect(board.py[BOTTOM_PIN]).toBe(100);
    expect(placed.placement.shown).toEqual([false, true]);
    // D1's box (690..910) mirrored within the board: 90..310, still x1 <= x2.
    expect(Array.from(placed.boxes.subarray(4, 8))).toEqual([90, 90, 310, 110]);
    expect(placed.extent.x1).toBe(0);
    expect(placed.extent.x2).toBe(1000);
  });

  it("both, flipped: seen from below, mirrored, the bottom side in front", () => {
    const pl = placement("both", true, board.extent);
    const placed = placeBoard(board, pl);
    expect(placed.pinX[TOP_PIN]).toBe(900);
    expect(placed.pinX[BOTTOM_PIN]).toBe(300);
    expect(pl.front).toBe(1);
  });

  it("side by side: the top as it is on the left, the turned-over bottom on its right, each with its outline", () => {
    const placed = placeBoard(board, placement("split", false, board.extent));
    expect(placed.pinX[TOP_PIN]).toBe(100);
    // The bottom half starts at 1080 (board width and an 8% gap); 700 from the left is 300 from its left edge.
    expect(placed.pinX[BOTTOM_PIN]).toBeCloseTo(1080 + 300);
    expect(placed.outline).toHaveLength(2);
    expect(placed.outline[1].filter((_, i) => i % 2 === 0).sort((a, b) => a - b)[0]).toBeCloseTo(1080);
    expect(placed.extent.x2).toBeCloseTo(2080);
    const flipped = placeBoard(board, placement("split", true, board.extent));
    expect(flipped.pinX[BOTTOM_PIN]).toBe(300);
    expect(flipped.pinX[TOP_PIN]).toBeCloseTo(1180);
  });
});

describe("the screen transform", () => {
  it("puts y up on the board and down on the screen, and takes a point back where it was", () => {
    const v = fitView({ x1: 0, y1: 0, x2: 1000, y2: 800 }, 500, 400);
    const [sx1, sy1] = toScreen(v, 0, 0);
    const [sx2, sy2] = toScreen(v, 1000, 800);
    expect(sx1).toBeLessThan(sx2);
    expect(sy1).toBeGreaterThan(sy2);
    expect((sx1 + sx2) / 2).toBeCloseTo(250);
    expect((sy1 + sy2) / 2).toBeCloseTo(200);
    const [x, y] = fromScreen(v, ...toScreen(v, 123, 456));
    expect(x).toBeCloseTo(123);
    expect(y).toBeCloseTo(456);
  });
});

describe("the line between the sides", () => {
  it("stands in the gap side by side, and nowhere otherwise", () => {
    expect(placeBoard(board, placement("split", false, board.extent)).divider).toBeCloseTo(1040);
    expect(placeBoard(board, placement("both", false, board.extent)).divider).toBeNull();
  });
});
