// The boardview caps live in one place, BoardBuilder: whatever a reader adds or holds back (pins read before
// their parts), no more than the cap is kept, and the reason names the cap.
import { describe, expect, it, vi } from "vitest";
import { BoardBuilder } from "../../src/boardview-formats/builder";
import { BOARDVIEW_CAPS } from "../../src/boardview-formats/types";

vi.setConfig({ testTimeout: 60_000 });

const pin = (i: number) => ({ x: i % 1000, y: Math.floor(i / 1000), net: "N" });

describe("BoardBuilder's caps", () => {
  it("refuses a pin past the pins cap, says so, and keeps the ones before", () => {
    const board = new BoardBuilder();
    const part = board.addPart("U1", "top", "smd");
    if (!part) throw new Error("no part");
    for (let i = 0; i < BOARDVIEW_CAPS.pins; i++) expect(board.addPin(part, pin(i))).toBe(true);
    expect(board.stopped).toBeNull();
    expect(board.addPin(part, pin(0))).toBe(false);
    expect(part.pins.length).toBe(BOARDVIEW_CAPS.pins);
    expect(board.stopped).toBe(`only the first ${BOARDVIEW_CAPS.pins} pins are kept`);
  });

  it("refuses a part past the parts cap, says so", () => {
    const board = new BoardBuilder();
    for (let i = 0; i < BOARDVIEW_CAPS.parts; i++) expect(board.addPart(`R${i}`, "top", "smd")).toBeDefined();
    expect(board.addPart("R-extra", "top", "smd")).toBeUndefined();
    expect(board.parts.length).toBe(BOARDVIEW_CAPS.parts);
    expect(board.stopped).toBe(`only the first ${BOARDVIEW_CAPS.parts} parts are kept`);
  });

  it("holds back no more pins than the pins cap, counted over all of a reader's lists", () => {
    const board = new BoardBuilder();
    const first: unknown[] = [];
    const second: unknown[] = [];
    for (let i = 0; i < BOARDVIEW_CAPS.pins; i++) expect(board.hold(i % 2 ? first : second, pin(i), "pins")).toBe(true);
    expect(board.hold(first, pin(0), "pins")).toBe(false);
    expect(board.hold(second, pin(0), "pins")).toBe(false);
    expect(first.length + second.length).toBe(BOARDVIEW_CAPS.pins);
    expect(board.stopped).toBe(`only the first ${BOARDVIEW_CAPS.pins} pins are kept`);
  });

  it("holds back no more parts than the parts cap", () => {
    const board = new BoardBuilder();
    const held: string[] = [];
    for (let i = 0; i < BOARDVIEW_CAPS.parts + 10; i++) board.hold(held, `P${i}`, "parts");
    expect(held.length).toBe(BOARDVIEW_CAPS.parts);
    expect(board.stopped).toBe(`only the first ${BOARDVIEW_CAPS.parts} parts are kept`);
  });

  it("keeps test points and outline points within their caps", () => {
    const board = new BoardBuilder();
    for (let i = 0; i <= BOARDVIEW_CAPS.testPoints; i++) board.addTestPoint({ name: `T${i}`, x: 1, y: 1, side: "top", net: "" });
    expect(board.testPoints.length).toBe(BOARDVIEW_CAPS.testPoints);
    expect(board.stopped).toBe(`only the first ${BOARDVIEW_CAPS.testPoints} test points are kept`);
    const outline = new BoardBuilder();
    const line = Array.from({ length: BOARDVIEW_CAPS.outlinePoints }, (_, i) => ({ x: i, y: 0 }));
    expect(outline.addOutline(line)).toBe(true);
    expect(
      outline.addOutline([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ]),
    ).toBe(false);
    expect(outline.stopped).toBe(`only the first ${BOARDVIEW_CAPS.outlinePoints} outline points are kept`);
  });
});
