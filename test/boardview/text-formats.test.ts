// The text-format readers (BRD2, BVR 3 and 1, ASUS .asc) over files the tests write as the exporters do, and
// hostile files: what a file states reads back (positions, sides, mounting, pin numbers and nets, outline, unit),
// and no file makes a reader throw, hang or keep unbounded data.
import { describe, expect, it } from "vitest";
import { bdvFile, genCadText, testLinkFile, type WrittenBoard } from "../../scripts/lib/boardview-writer";
import { ascFiles, brd2File, brd2Text, bvr1File, bvr1Text, bvr3File, bvr3Text } from "../../scripts/lib/boardview-text-writer";
import { netsOf } from "../../src/boardview/nets";
import { readBoardview } from "../../src/boardview-formats";
import { parseAscFiles, pickAscEntries } from "../../src/boardview-formats/text-formats/asc";
import { BOARDVIEW_CAPS, type Board, type BoardRead } from "../../src/boardview-formats/types";
import { SAMPLE_BOARD } from "../helpers/boardviews";

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

function board(read: BoardRead): Board {
  if (read.kind !== "board") throw new Error(`unreadable: ${read.reason}`);
  return read;
}

/** Every written part reads back in order, on its side, its pins at their positions with their nets, numbered from 1. */
function expectSameParts(read: Board, written: WrittenBoard, mounting: (part: WrittenBoard["parts"][number]) => string) {
  expect(read.parts.map((p) => p.name)).toEqual(written.parts.map((p) => p.name));
  for (const [i, part] of written.parts.entries()) {
    const got = read.parts[i];
    expect(got).toMatchObject({ name: part.name, side: part.side, mounting: mounting(part) });
    expect(got.pins.map((p) => [p.x, p.y, p.net, p.number])).toEqual(part.pins.map((p, n) => [p.x, p.y, p.net, String(n + 1)]));
  }
}

const OUTLINE = [
  { x: 0, y: 0 },
  { x: 1000, y: 0 },
  { x: 1000, y: 800 },
  { x: 0, y: 800 },
];

describe("BRD2", () => {
  it("reads as kicad-boardview writes it: parts with box and side, pins numbered in their part with nets by id, nails, outline, mils", () => {
    const read = board(readBoardview(brd2File(SAMPLE_BOARD)));
    expect(read).toMatchObject({ format: "brd2", unit: "mil", stopped: null });
    // kicad-boardview writes every pin on its part's side: the format then says surface mount.
    expectSameParts(read, SAMPLE_BOARD, () => "smd");
    // Bottom positions are written mirrored about the board's height and read back in the board's frame.
    expect(read.parts[0].box).toEqual({ x1: 135, y1: 205, x2: 165, y2: 235 });
    expect(read.testPoints).toEqual([{ name: "7", x: 500, y: 500, side: "bottom", net: "PPBUS_G3H" }]);
    expect(read.outline).toEqual([[...OUTLINE, OUTLINE[0]]]);
  });

  it("a part none of whose pins is on its own side (side 0, both) is through-hole", () => {
    const read = board(readBoardview(brd2File(SAMPLE_BOARD, { throughHoleBoth: true })));
    expectSameParts(read, SAMPLE_BOARD, (p) => p.mounting);
  });

  it("is told apart from Test_Link .brd by its content", () => {
    expect(board(readBoardview(testLinkFile(SAMPLE_BOARD))).format).toBe("test_link");
    expect(board(readBoardview(brd2File(SAMPLE_BOARD))).format).toBe("brd2");
  });

  it("a pin whose net id NETS does not list (or 0) has no net; a net name keeps its spaces", () => {
    const file = "0\nBRDOUT: 0 10 10\nNETS: 1\n1 /USB D+ line\nPARTS: 1\nU1 0 0 10 10 0 1\nPINS: 2\n1 1 1 1\n2 2 9 1\nNAILS: 0\n";
    const read = board(readBoardview(ascii(file)));
    expect(read.parts[0].pins.map((p) => p.net)).toEqual(["/USB D+ line", ""]);
  });
});

describe("BVR", () => {
  it("BVRAW_FORMAT_3 as kicad-boardview writes it: side, mount, pins with number, name, net and radius, the outline on its last line", () => {
    const read = board(readBoardview(bvr3File(SAMPLE_BOARD, { pinNames: true })));
    expect(read).toMatchObject({ format: "bvr", unit: "mil", stopped: null });
    expectSameParts(read, SAMPLE_BOARD, (p) => p.mounting);
    expect(read.parts[0].pins[0]).toEqual({ x: 140, y: 210, net: "PPBUS_G3H", number: "1", name: "P1", radius: 24 });
    expect(read.outline).toEqual([[...OUTLINE, OUTLINE[0]]]);
  });

  it("BVRAW_FORMAT_3 with a segmented outline: segments that meet make one polyline", () => {
    expect(board(readBoardview(bvr3File(SAMPLE_BOARD, { segmented: true }))).outline).toEqual([[...OUTLINE, OUTLINE[0]]]);
  });

  it("BVRAW_FORMAT_3 quirks: a part without pins, an empty pin number and net, PART_MOUNT Other, PART_SIDE O", () => {
    const file = [
      "BVRAW_FORMAT_3",
      "PART_NAME REF**",
      "   PART_SIDE T",
      "   PART_MOUNT Other",
      "PART_END",
      "PART_NAME FID1",
      "   PART_SIDE B",
      "   PART_MOUNT SMD",
      "   PIN_ID FID1-",
      "      PIN_NUMBER ",
      "      PIN_NET ",
      "      PIN_ORIGIN 5.0 6.0",
      "   PIN_END",
      "PART_END",
      "PART_NAME J1",
      "   PART_SIDE O",
      "   PART_MOUNT SMD",
      "   PIN_ID J1-1",
      "      PIN_ORIGIN 7 8",
      "   PIN_END",
      "PART_END",
    ].join("\n");
    const read = board(readBoardview(ascii(file)));
    expect(read.parts.map((p) => [p.name, p.side, p.mounting, p.pins.length])).toEqual([
      ["REF**", "top", "through_hole", 0],
      ["FID1", "bottom", "smd", 1],
      ["J1", "top", "through_hole", 1],
    ]);
    expect(read.parts[1].pins[0]).toEqual({ x: 5, y: 6, net: "" });
  });

  it("an outline line longer than a line's kept characters is read whole", () => {
    const points = Array.from({ length: 2000 }, (_, i) => `${i}.5 ${i * 2}`).join(" ");
    const read = board(readBoardview(ascii(`${bvr3Text(SAMPLE_BOARD).replace(/OUTLINE_POINTS .*$/, "")}OUTLINE_POINTS ${points}\n`)));
    expect(read.outline[0]).toHaveLength(2000);
    expect(read.outline[0][1999]).toEqual({ x: 1999.5, y: 3998 });
  });

  it("BVRAW_FORMAT_1: pins in <<Pin>> grouped by part, nails, the outline, inches", () => {
    const read = board(readBoardview(bvr1File(SAMPLE_BOARD)));
    expect(read).toMatchObject({ format: "bvr", unit: "inch", stopped: null });
    expectSameParts(read, SAMPLE_BOARD, () => "smd");
    expect(read.testPoints).toEqual([{ name: "7", x: 500, y: 500, side: "bottom", net: "PPBUS_G3H" }]);
    expect(read.outline).toEqual([OUTLINE]);
  });
});

describe("ASUS .asc", () => {
  it("format.asc, pins.asc and nails.asc together: outline, parts with pins (a pin name may hold spaces), nails, inches", () => {
    const files = ascFiles(SAMPLE_BOARD);
    const read = board(parseAscFiles({ format: files["format.asc"], pins: files["pins.asc"], nails: files["nails.asc"] }));
    expect(read).toMatchObject({ format: "asc", unit: "inch", stopped: null });
    expectSameParts(read, SAMPLE_BOARD, () => "smd");
    expect(read.testPoints).toEqual([{ name: "7", x: 500, y: 500, side: "bottom", net: "PPBUS_G3H" }]);
    expect(read.outline).toEqual([OUTLINE.map((p) => ({ x: p.x / 1000, y: p.y / 1000 }))]);
    const spaced = board(parseAscFiles({ pins: ascFiles(SAMPLE_BOARD, true)["pins.asc"] }));
    expect(spaced.parts[0].pins[0]).toMatchObject({ x: 140, y: 210, net: "PPBUS_G3H", number: "PAD 1" });
  });

  it("pins.asc alone is a board: parts and nets from it alone", () => {
    const read = board(readBoardview(ascFiles(SAMPLE_BOARD)["pins.asc"]));
    expect(read).toMatchObject({ format: "asc", testPoints: [], outline: [] });
    expect(netsOf(read).map((n) => n.name)).toEqual(["PPBUS_G3H", "GND", "PP3V3_S5"]);
  });

  it("format.asc or nails.asc alone are not a board; an archive's pins.asc and the files beside it are picked", () => {
    expect(readBoardview(ascFiles(SAMPLE_BOARD)["nails.asc"])).toMatchObject({ kind: "unreadable" });
    expect(readBoardview(ascFiles(SAMPLE_BOARD)["format.asc"])).toMatchObject({ kind: "unreadable" });
    expect(pickAscEntries(["a/readme.txt", "b/NAILS.ASC", "a/Format.asc", "a/pins.asc", "a/nails.asc", "a/pins.asc"])).toEqual([
      { name: "a/Format.asc", role: "format" },
      { name: "a/pins.asc", role: "pins" },
      { name: "a/nails.asc", role: "nails" },
    ]);
    expect(pickAscEntries(["format.asc", "nails.asc"])).toEqual([]);
    expect(parseAscFiles({ missing: ["pins.asc (encrypted)"] })).toMatchObject({ kind: "unreadable", reason: expect.stringMatching(/encrypted/) });
  });
});

// Each format's file of the sample board, as text (hostile variants are edits of it).
const TEXTS: [string, () => string][] = [
  ["BRD2", () => brd2Text(SAMPLE_BOARD)],
  ["BVR3", () => bvr3Text(SAMPLE_BOARD)],
  ["BVR1", () => bvr1Text(SAMPLE_BOARD)],
  ["ASC pins", () => text(ascFiles(SAMPLE_BOARD)["pins.asc"])],
];

describe.each(TEXTS)("hostile %s files", (_, written) => {
  it("truncation keeps what was read whole; a cut line is skipped", () => {
    const full = written();
    const cut = full.slice(0, full.indexOf("310") + 2);
    const read = readBoardview(ascii(cut));
    if (read.kind === "board") {
      expect(read.parts.length).toBeLessThanOrEqual(SAMPLE_BOARD.parts.length);
      for (const pin of read.parts.flatMap((p) => p.pins)) expect(Number.isFinite(pin.x) && Number.isFinite(pin.y)).toBe(true);
      expect(read.parts[0].pins.length).toBe(4);
    } else expect(read.reason).toBeTruthy();
  });

  it("non-finite and huge numbers are refused, never stored as Infinity", () => {
    const hostile = written()
      .replace(/\b140(\.0)?\b/g, "1e308")
      .replace(/\b160(\.0)?\b/g, "NaN")
      .replace(/\b300(\.0)?\b/g, "Infinity")
      .replace(/\b590(\.0)?\b/g, "-9e999");
    const read = board(readBoardview(ascii(hostile)));
    const pins = read.parts.flatMap((p) => p.pins);
    for (const v of [...pins.flatMap((p) => [p.x, p.y]), ...read.parts.flatMap((p) => [p.x, p.y])]) {
      expect(Number.isFinite(v)).toBe(true);
      expect(Math.abs(v)).toBeLessThanOrEqual(1e9);
    }
    // JSON writes Infinity and NaN as null: none reaches what is stored.
    expect(JSON.stringify(read.parts)).not.toContain("null");
    expect(pins.length).toBeLessThan(8);
  });

  it("binary noise after its header is unreadable or an empty board, never a throw", () => {
    let seed = 3;
    const noise = Uint8Array.from({ length: 300_000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    const head = ascii(written().slice(0, 40));
    const read = readBoardview(new Uint8Array([...head, ...noise]));
    if (read.kind === "board") expect(read.parts.flatMap((p) => p.pins).length).toBeLessThan(50);
    else expect(read.reason).toBeTruthy();
  });

  it("an over-long line stops reading there, with the reason; no name past the cap is kept", () => {
    const long = "X".repeat(100_000);
    const read = readBoardview(ascii(written().replace(/\bGND\b/, `GND${long}`)));
    if (read.kind === "board") {
      expect(read.stopped).toMatch(/longer than 4096 characters/);
      const nets = read.parts.flatMap((p) => p.pins.map((pin) => pin.net));
      for (const net of nets) expect(net.length).toBeLessThanOrEqual(BOARDVIEW_CAPS.nameChars);
    } else expect(read.reason).toBeTruthy();
  });
});

describe("hostile counts and sizes", () => {
  it("BRD2 counts that lie (a billion claimed) are not trusted; a lying first-pin index moves no pin twice", () => {
    const read = board(readBoardview(brd2File(SAMPLE_BOARD, { claimedCounts: 1e9 })));
    expectSameParts(read, SAMPLE_BOARD, () => "smd");
    const lying = brd2Text(SAMPLE_BOARD).replace("C7010 295 395 315 405 4 1", "C7010 295 395 315 405 999999999 1");
    const pins = board(readBoardview(ascii(lying))).parts.map((p) => p.pins.length);
    expect(pins).toEqual([8, 0, 0]);
  });

  it("a 50 MB BVR3 file of pins stops at the pin cap with the reason", () => {
    const head = ascii("BVRAW_FORMAT_3\nPART_NAME U1\nPART_SIDE T\n");
    const pin = ascii("PIN_ID U1-1\nPIN_ORIGIN 1 2\nPIN_NET N\nPIN_END\n");
    const bytes = new Uint8Array(BOARDVIEW_CAPS.bytes);
    bytes.set(head);
    for (let at = head.length; at + pin.length <= bytes.length; at += pin.length) bytes.set(pin, at);
    const read = board(readBoardview(bytes));
    expect(read.parts).toHaveLength(1);
    expect(read.parts[0].pins.length).toBe(BOARDVIEW_CAPS.pins);
    expect(read.stopped).toMatch(/pins are kept|lines are read/);
  });

  it("a 50 MB BRD2 file of parts stops at the part cap with the reason", () => {
    const head = ascii("0\nBRDOUT: 0 0 0\nNETS: 0\nPARTS: 1\n");
    const part = ascii("R1 0 0 1 1 0 1\n");
    const bytes = new Uint8Array(BOARDVIEW_CAPS.bytes);
    bytes.set(head);
    for (let at = head.length; at + part.length <= bytes.length; at += part.length) bytes.set(part, at);
    const read = board(readBoardview(bytes));
    expect(read.parts).toHaveLength(BOARDVIEW_CAPS.parts);
    expect(read.stopped).toMatch(/parts are kept|lines are read/);
  });

  it("an outline of more points than the cap keeps the first ones and says so", () => {
    const points = Array.from({ length: BOARDVIEW_CAPS.outlinePoints + 10 }, (_, i) => `${i} 0`).join("\n");
    const read = board(readBoardview(ascii(`0\nBRDOUT: 1 1 1\n${points}\nPARTS: 1\nU1 0 0 1 1 0 1\nPINS: 1\n0 0 0 1\n`)));
    expect(read.outline[0]).toHaveLength(BOARDVIEW_CAPS.outlinePoints);
    expect(read.stopped).toMatch(/outline points/);
  });
});

describe("units, pin numbers and values of every reader", () => {
  it("each format says its unit: Test_Link, BRD2 and BVR3 mils; BDV, BVR1 and ASUS .asc inches; GenCAD its UNITS", () => {
    const unit = (bytes: Uint8Array) => board(readBoardview(bytes)).unit;
    expect(unit(testLinkFile(SAMPLE_BOARD))).toBe("mil");
    expect(unit(bdvFile(SAMPLE_BOARD))).toBe("inch");
    const gencad = genCadText(SAMPLE_BOARD);
    expect(unit(ascii(gencad))).toBe("inch");
    expect(unit(ascii(gencad.replace("UNITS INCH", "UNITS THOU")))).toBe("mil");
    expect(unit(ascii(gencad.replace("UNITS INCH", "UNITS MM")))).toBe("mm");
    expect(unit(ascii(gencad.replace("UNITS INCH", "UNITS USER 1000")))).toBe("mil");
    expect(unit(ascii(gencad.replace("UNITS INCH", "UNITS USER 254")))).toBe("unknown");
    expect(unit(ascii(gencad.replace("UNITS INCH\r\n", "")))).toBe("unknown");
  });

  it("GenCAD as KiCad writes it: quoted names, shape pin names as pin numbers, the value from SHEET", () => {
    const file = [
      "$HEADER",
      "GENCAD 1.4",
      'USER "KiCad 8.0"',
      "UNITS INCH",
      "$ENDHEADER",
      "$PADSTACKS",
      "PADSTACK PAD1 0",
      "PADSTACK PAD2 0.04",
      "$ENDPADSTACKS",
      "$SHAPES",
      'SHAPE "Resistor_SMD:R_0603"',
      'PIN "1" PAD1 -0.03 0 TOP 0 0',
      'PIN "2" PAD1 0.03 0 TOP 0 0',
      'SHAPE "Connector:Pin_1"',
      'PIN "none" PAD2 0 0 TOP 0 0',
      "$ENDSHAPES",
      "$COMPONENTS",
      'COMPONENT "R1"',
      'DEVICE "DEV_Resistor_SMD:R_0603"',
      "PLACE 1 2",
      "LAYER BOTTOM",
      "ROTATION 0",
      'SHAPE "Resistor_SMD:R_0603" MIRRORX FLIP',
      'SHEET "RefDes: R1, Value: 10k"',
      'COMPONENT "J1"',
      "PLACE 3 4",
      "LAYER TOP",
      'SHAPE "Connector:Pin_1" 0 0',
      'SHEET "RefDes: J1, Value: Conn_01x01"',
      "$ENDCOMPONENTS",
      "$SIGNALS",
      'SIGNAL "+3V3"',
      'NODE "R1" "1"',
      'NODE "J1" "none"',
      'SIGNAL "GND"',
      'NODE "R1" "2"',
      "$ENDSIGNALS",
    ].join("\n");
    const read = board(readBoardview(ascii(file)));
    expect(read.unit).toBe("inch");
    expect(read.parts.map((p) => [p.name, p.side, p.mounting, p.value])).toEqual([
      ["R1", "bottom", "smd", "10k"],
      ["J1", "top", "through_hole", "Conn_01x01"],
    ]);
    expect(read.parts[0].pins.map((p) => [p.number, p.net])).toEqual([
      ["1", "+3V3"],
      ["2", "GND"],
    ]);
    expect(read.parts[1].pins).toEqual([{ x: 3, y: 4, net: "+3V3" }]);
  });

  it("BDV keeps each pin's number", () => {
    const read = board(readBoardview(bdvFile(SAMPLE_BOARD)));
    expect(read.parts[1].pins.map((p) => p.number)).toEqual(["1", "2"]);
  });
});

describe("many outline lines", () => {
  // A recount of the outline per line would be quadratic here; counted once, it reads within the test's timeout.
  it("a BVR3 file of 300,000 short outline lines is read, the outline capped with the reason", { timeout: 120_000 }, () => {
    const line = "OUTLINE_SEGMENTED 0 0 1 1 5 5 6 6\n";
    const bytes = ascii(`BVRAW_FORMAT_3\nPART_NAME U1\nPIN_ID U1-1\nPIN_ORIGIN 1 2\nPIN_END\nPART_END\n${line.repeat(300_000)}`);
    const read = board(readBoardview(bytes));
    expect(read.outline.reduce((n, l) => n + l.length, 0)).toBe(BOARDVIEW_CAPS.outlinePoints);
    expect(read.stopped).toMatch(/outline points/);
  });
});
