// The boardview readers (src/boardview/) over files the tests write in every format and variant, and hostile
// files: what a file states reads back exactly, and no file makes a reader throw, hang or keep unbounded data.
import { describe, expect, it } from "vitest";
import { bdvFile, genCadFile, testLinkFile, testLinkText, type WrittenBoard } from "../../scripts/lib/boardview-writer";
import { netsOf } from "../../src/boardview/nets";
import { readBoardview } from "../../src/boardview-formats";
import { BOARDVIEW_CAPS, type Board, type BoardRead } from "../../src/boardview-formats/types";
import { SAMPLE_BOARD } from "../helpers/boardviews";

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

function board(read: BoardRead): Board {
  if (read.kind !== "board") throw new Error(`unreadable: ${read.reason}`);
  return read;
}

/** Every part of the written board reads back with its side, mounting and pins (position and net). */
function expectSameParts(read: Board, written: WrittenBoard, options: { placed: boolean }) {
  expect(read.parts.map((p) => p.name)).toEqual(written.parts.map((p) => p.name));
  for (const [i, part] of written.parts.entries()) {
    const got = read.parts[i];
    expect(got).toMatchObject({ name: part.name, side: part.side, pins: part.pins });
    if (options.placed) expect([got.x, got.y]).toEqual([part.x, part.y]);
    else {
      // Formats that place only pins: the part sits at the centre of its pins.
      const cx = part.pins.reduce((s, p) => s + p.x, 0) / part.pins.length;
      const cy = part.pins.reduce((s, p) => s + p.y, 0) / part.pins.length;
      expect([got.x, got.y]).toEqual([cx, cy]);
    }
  }
}

describe("formats and variants", () => {
  it("Test_Link .brd, plain: parts, sides, mounting, pin positions and nets, nails as test points", () => {
    const read = board(readBoardview(testLinkFile(SAMPLE_BOARD)));
    expect(read.format).toBe("test_link");
    expectSameParts(read, SAMPLE_BOARD, { placed: false });
    expect(read.parts.map((p) => p.mounting)).toEqual(["smd", "smd", "through_hole"]);
    expect(read.testPoints).toEqual([{ name: "7", x: 500, y: 500, side: "bottom", net: "PPBUS_G3H" }]);
    expect(read.stopped).toBeNull();
  });

  it("Test_Link .brd, encoded: the same board", () => {
    const bytes = testLinkFile(SAMPLE_BOARD, { encoded: true });
    expect([...bytes.subarray(0, 4)]).toEqual([0x23, 0xe2, 0x63, 0x28]);
    expect(new TextDecoder("latin1").decode(bytes)).not.toContain("U7000");
    const read = board(readBoardview(bytes));
    expectSameParts(read, SAMPLE_BOARD, { placed: false });
    expect(read.parts.map((p) => p.mounting)).toEqual(["smd", "smd", "through_hole"]);
  });

  it("Test_Link .brd whose pins take their nets from nails", () => {
    const bytes = testLinkFile(SAMPLE_BOARD, { netsFromNails: true });
    expect(new TextDecoder().decode(bytes)).toMatch(/\r\n140 210 \d+ 1\r\n/);
    expectSameParts(board(readBoardview(bytes)), SAMPLE_BOARD, { placed: false });
  });

  it("BDV, encoded and plain: the same board, test points from nails", () => {
    for (const bytes of [bdvFile(SAMPLE_BOARD), bdvFile(SAMPLE_BOARD, { plain: true })]) {
      const read = board(readBoardview(bytes));
      expect(read.format).toBe("bdv");
      expectSameParts(read, SAMPLE_BOARD, { placed: false });
      expect(read.testPoints).toEqual([{ name: "7", x: 500, y: 500, side: "bottom", net: "PPBUS_G3H" }]);
    }
    expect(new TextDecoder("latin1").decode(bdvFile(SAMPLE_BOARD))).not.toContain("U7000");
  });

  it("BDV encoding keys past 126 lines: a long file reads whole", () => {
    const parts = Array.from({ length: 200 }, (_, i) => ({
      name: `R${i}`,
      side: "top" as const,
      mounting: "smd" as const,
      x: 0,
      y: 0,
      pins: [{ x: i, y: i + 0.5, net: `N${i}` }],
    }));
    const read = board(readBoardview(bdvFile({ parts })));
    expect(read.parts.length).toBe(200);
    expect(read.parts[199]).toMatchObject({ name: "R199", pins: [{ x: 199, y: 199.5, net: "N199" }] });
  });

  it("GenCAD: placed parts, shape pins offset from the placement, nets from signals, drilled pads through-hole, test pins", () => {
    const read = board(readBoardview(genCadFile(SAMPLE_BOARD)));
    expect(read.format).toBe("gencad");
    expectSameParts(read, SAMPLE_BOARD, { placed: true });
    expect(read.parts.map((p) => p.mounting)).toEqual(["smd", "smd", "through_hole"]);
    expect(read.testPoints).toEqual([{ name: "TP7", x: 500, y: 500, side: "bottom", net: "PPBUS_G3H" }]);
  });

  it("GenCAD rotation and mirroring move pins around the placement point", () => {
    const text = new TextDecoder()
      .decode(genCadFile({ parts: [{ name: "Q1", side: "top", mounting: "smd", x: 10, y: 20, pins: [{ x: 11, y: 20, net: "A" }] }] }))
      .replace("ROTATION 0", "ROTATION 90");
    expect(board(readBoardview(ascii(text))).parts[0].pins).toEqual([{ x: 10, y: 21, net: "A", number: "1" }]);
    const mirrored = text.replace("ROTATION 90", "ROTATION 0").replace('SHAPE "SH_Q1" 0 0', 'SHAPE "SH_Q1" MIRRORX 0');
    expect(board(readBoardview(ascii(mirrored))).parts[0].pins).toEqual([{ x: 9, y: 20, net: "A", number: "1" }]);
  });

  it("a net lists its pins and the parts it touches", () => {
    const nets = netsOf(board(readBoardview(testLinkFile(SAMPLE_BOARD))));
    const ppbus = nets.find((n) => n.name === "PPBUS_G3H")!;
    expect(ppbus.parts).toEqual(["U7000", "C7010", "J6950"]);
    expect(ppbus.pins).toEqual([
      { part: "U7000", x: 140, y: 210, side: "bottom" },
      { part: "C7010", x: 300, y: 400, side: "top" },
      { part: "J6950", x: 590, y: 100, side: "top" },
    ]);
    expect(ppbus.testPoints).toEqual([{ name: "7", x: 500, y: 500, side: "bottom" }]);
  });
});

describe("hostile files", () => {
  it("counts that lie (a billion parts claimed) are not trusted: the parts present are read", () => {
    const text = testLinkText(SAMPLE_BOARD, { claimedCounts: [1e9, 1e9, 1e9, 1e9] });
    expectSameParts(board(readBoardview(ascii(text))), SAMPLE_BOARD, { placed: false });
  });

  it("a truncated file keeps what it holds; a cut pin line is skipped", () => {
    const text = testLinkText(SAMPLE_BOARD);
    const cut = text.slice(0, text.indexOf("160 230 -99"));
    const read = board(readBoardview(ascii(`${cut}160 23`)));
    expect(read.parts[0].pins).toEqual(SAMPLE_BOARD.parts[0].pins.slice(0, 3));
    expect(read.parts.map((p) => p.name)).toEqual(["U7000", "C7010", "J6950"]);
    const gencad = new TextDecoder().decode(genCadFile(SAMPLE_BOARD));
    expect(readBoardview(ascii(gencad.slice(0, gencad.indexOf("$COMPONENTS") + 30))).kind).toBe("board");
    expect(readBoardview(ascii(gencad.slice(0, gencad.indexOf("$COMPONENTS"))))).toMatchObject({ kind: "unreadable" });
  });

  it("names that are not UTF-8 survive as Latin-1 characters; control characters are dropped", () => {
    const bytes = testLinkFile({ parts: [{ name: "R\u00e91", side: "top", mounting: "smd", x: 0, y: 0, pins: [{ x: 1, y: 2, net: "N\u00ff" }] }] });
    const read = board(readBoardview(bytes));
    expect(read.parts[0]).toMatchObject({ name: "R\u00e91", pins: [{ x: 1, y: 2, net: "N\u00ff" }] });
  });

  it("a part's and a net's name are cut to the name cap (a 200-character name is stored as its first 64)", () => {
    const long = (letter: string) => letter.repeat(200);
    const bytes = testLinkFile({ parts: [{ name: long("R"), side: "top", mounting: "smd", x: 0, y: 0, pins: [{ x: 1, y: 2, net: long("N") }] }] });
    const read = board(readBoardview(bytes));
    expect(BOARDVIEW_CAPS.nameChars).toBe(64);
    expect(read.parts[0].name).toBe("R".repeat(64));
    expect(read.parts[0].pins[0].net).toBe("N".repeat(64));
  });

  it("binary noise under a boardview name is unreadable with a reason, never a throw", () => {
    let seed = 7;
    const noise = Uint8Array.from({ length: 200_000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    const read = readBoardview(noise);
    expect(read).toMatchObject({ kind: "unreadable" });
    expect((read as { reason: string }).reason).toMatch(/not a boardview format/);
    // Noise after a real header: blocks with nothing readable in them.
    expect(readBoardview(new Uint8Array([...ascii("str_length:\nvar_data:\nParts:\n"), ...noise]))).toMatchObject({ kind: "unreadable" });
    expect(readBoardview(new Uint8Array([0x23, 0xe2, 0x63, 0x28, ...noise]))).toMatchObject({ kind: "unreadable" });
  });

  it("a 50 MB file is read within the caps: at most the capped parts and pins, with the reason it stopped", () => {
    const line = "1 2 -99 1 NET_A\n";
    const head = "str_length:\nvar_data:\n1 1 1 1\nParts:\nU1 5 1\nPins:\n";
    const bytes = new Uint8Array(BOARDVIEW_CAPS.bytes);
    bytes.set(ascii(head));
    const pattern = ascii(line);
    for (let at = head.length; at + pattern.length <= bytes.length; at += pattern.length) bytes.set(pattern, at);
    const read = board(readBoardview(bytes));
    expect(read.parts.length).toBe(1);
    expect(read.parts[0].pins.length).toBe(BOARDVIEW_CAPS.pins);
    expect(read.stopped).toMatch(/pins are kept|lines are read/);
  });

  it("more parts than the cap: the first ones are kept", () => {
    const parts = Array.from({ length: BOARDVIEW_CAPS.parts + 5 }, (_, i) => `P${i} 5 0`).join("\n");
    const read = board(readBoardview(ascii(`str_length:\nvar_data:\nParts:\n${parts}\nPins:\n`)));
    expect(read.parts.length).toBe(BOARDVIEW_CAPS.parts);
    expect(read.stopped).toMatch(/parts are kept/);
  });
});
