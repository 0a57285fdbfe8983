// viewer/measure.ts: a distance between two picked points, on the board whichever side they were picked on.
import { describe, expect, it } from "vitest";
import { boardOf } from "../../viewer/layout";
import { distance, distanceText, unplace } from "../../viewer/measure";
import { placeBoard, placement } from "../../viewer/place";
import { layout } from "./layouts";

const board = boardOf(layout());

describe("measuring", () => {
  it("gives the file's unit and millimetres", () => {
    const d = distance([0, 0], [300, 400], "mil");
    expect(d.units).toBe(500);
    expect(d.mm).toBeCloseTo(12.7);
    expect(distanceText(d, "mil", "mil", "en")).toBe("500 mil (12.7 mm)");
    expect(distanceText(distance([0, 0], [1.5, 2], "mm"), "mm", "mm", "es")).toBe("2,5 mm");
    expect(distance([0, 0], [3, 4], "unknown").mm).toBeNull();
  });

  it("takes a point picked on the turned-over bottom side back to the board", () => {
    for (const [sides, picked] of [
      ["bottom", [300, 100]],
      ["split", [1380, 100]],
    ] as const) {
      const pl = placeBoard(board, placement(sides, false, board.extent)).placement;
      expect(unplace(pl, board, picked)).toEqual([700, 100]);
    }
    const top = placement("split", false, board.extent);
    expect(unplace(top, board, [100, 200])).toEqual([100, 200]);
  });
});
