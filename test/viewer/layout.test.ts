// viewer/layout.ts: the layout answer decoded into the columns the drawing and hit testing walk.
import { describe, expect, it } from "vitest";
import { boardOf, netBox } from "../../viewer/layout";
import { layout } from "./layouts";

describe("decoding the layout", () => {
  const answer = layout();
  const board = boardOf(answer);

  it("keeps each pin's x as x and y as y", () => {
    expect(Array.from(board.px.subarray(0, 3))).toEqual([100, 300, 300]);
    expect(Array.from(board.py.subarray(0, 3))).toEqual([200, 200, 600]);
    expect(netBox(board, answer.nets.indexOf("/D1"))).toEqual({ x1: 300, y1: 600, x2: 300, y2: 600 });
  });

  it("groups pins by part and by net, and marks bottom pins", () => {
    expect(Array.from(board.partStart)).toEqual([0, 3, 5, 6, 8, 8]);
    const gnd = answer.nets.indexOf("GND");
    const gndPins = Array.from(board.netPins.subarray(board.netStart[gnd], board.netStart[gnd + 1]));
    expect(gndPins.map((i) => answer.parts[board.pinPart[i]].name)).toEqual(["U1", "R2"]);
    expect(Array.from(board.pinBottom)).toEqual([0, 0, 0, 1, 1, 0, 0, 0]);
  });

  it("fits the outline and the drawn parts, never a part marked drawn: false", () => {
    expect(board.partDrawn[4]).toBe(0);
    expect(board.extent).toEqual({ x1: 0, y1: 0, x2: 1000, y2: 800 });
  });

  it("reads the file's diode readings by net", () => {
    expect(board.diode.get(answer.nets.indexOf("VCC"))).toBe("0.45");
    expect(board.diode.size).toBe(1);
  });
});
