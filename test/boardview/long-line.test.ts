// A line longer than the per-line cap (4,096 characters) is not read in part: reading stops there with the reason,
// so the records after it are never misread (a Test_Link part after a dropped one would take its number and pins).
import { describe, expect, it } from "vitest";
import { bdvText, testLinkText } from "../../scripts/lib/boardview-writer";
import { readBoardview } from "../../src/boardview-formats";
import { boardviewFromBytes } from "../../src/boardview/store";
import { SAMPLE_BOARD } from "../helpers/boardviews";

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const LONG = `R${"9".repeat(5000)}`;

describe("a line past the cap", () => {
  it("in Test_Link's parts: reading stops there, the parts before it kept, none renumbered, the reason said", () => {
    const text = testLinkText(SAMPLE_BOARD).replace("C7010 5 6", `${LONG} 5 6`);
    const read = readBoardview(ascii(text));
    if (read.kind !== "board") throw new Error(read.reason);
    // J6950 is not read as part 2 (its pins would be C7010's).
    expect(read.parts.map((p) => p.name)).toEqual(["U7000"]);
    expect(read.parts.flatMap((p) => p.pins)).toEqual([]);
    expect(read.stopped).toMatch(/longer than 4096 characters/);
    expect(boardviewFromBytes(ascii(text)).summary.reason).toMatch(/line 12 is longer than 4096 characters/);
  });

  it("in a pin list: the pins before it kept on their parts, nothing after it read", () => {
    const text = bdvText(SAMPLE_BOARD).replace(/ 160 230 1 GND 0/, ` 160 230 1 ${LONG} 0`);
    const read = readBoardview(ascii(text));
    if (read.kind !== "board") throw new Error(read.reason);
    expect(read.parts.map((p) => p.name)).toEqual(["U7000"]);
    expect(read.parts[0].pins.map(({ x, y, net }) => ({ x, y, net }))).toEqual(SAMPLE_BOARD.parts[0].pins.slice(0, 3));
    expect(read.stopped).toMatch(/longer than 4096 characters/);
  });

  it("a line of exactly the cap is read whole", () => {
    const name = `R${"1".repeat(4096 - "R 5 6".length)}`;
    const text = testLinkText(SAMPLE_BOARD).replace("C7010 5 6", `${name} 5 6`);
    const read = readBoardview(ascii(text));
    if (read.kind !== "board") throw new Error(read.reason);
    expect(read.parts).toHaveLength(3);
    expect(read.stopped).toBeNull();
  });
});
