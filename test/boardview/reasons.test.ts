// Honest reasons (issue 51, item 4) in every reader: a skipped record (a position no board has), a file cut short
// (before its declared counts, inside a block or a record) and an over-long line anywhere are said in the summary's
// reason, with the first line (or byte) where it happened, naming the cause rather than a symptom of it. And
// GenCAD's $BOARD (item 5) is the outline.
import { describe, expect, it } from "vitest";
import { ascFiles, brd2Text, bvr1Text, bvr3Text } from "../../scripts/lib/boardview-text-writer";
import { cstFile, tvwFile } from "../../scripts/lib/boardview-binary-writer";
import { bdvText, genCadText, syntheticBoard, testLinkText } from "../../scripts/lib/boardview-writer";
import { readBoardview } from "../../src/boardview-formats";
import { boardviewFromBytes } from "../../src/boardview/store";
import type { Board } from "../../src/boardview-formats/types";
import { getJson } from "../helpers/app";
import { SAMPLE_BOARD } from "../helpers/boardviews";
import { createUploader, runQueue, upload } from "../helpers/uploads";

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
/** The line (from 1) of the first occurrence of `needle`. */
const lineOf = (text: string, needle: string | RegExp) => {
  const at = typeof needle === "string" ? text.indexOf(needle) : text.search(needle);
  if (at < 0) throw new Error(`${needle} not in the text`);
  return text.slice(0, at).split("\n").length;
};
const board = (text: string | Uint8Array): Board => {
  const read = readBoardview(typeof text === "string" ? ascii(text) : text);
  if (read.kind !== "board") throw new Error(read.reason);
  return read;
};
/** The number of a text's last line (a final line end starts no line). */
const lastLine = (text: string) => text.replace(/\r?\n$/, "").split("\n").length;
const reasonOf = (text: string | Uint8Array) => boardviewFromBytes(typeof text === "string" ? ascii(text) : text).summary.reason ?? null;

const SKIPPED = /records with a position that is not finite or beyond ±1000000000 \(such as 1e308\) were skipped \(first at line (\d+)\)/;

/** Each text format's sample, and the same with its first pin's position replaced by `huge` (and the line it is on). */
const HUGE_PIN: Record<string, (huge: string) => string> = {
  test_link: (huge) => testLinkText(SAMPLE_BOARD).replace(/(^|\n)140 210 /, `$1${huge} 210 `),
  bdv: (huge) => bdvText(SAMPLE_BOARD).replace(/ 140 210 /, ` ${huge} 210 `),
  brd2: (huge) => brd2Text(SAMPLE_BOARD).replace(/\n140 590 /, `\n${huge} 590 `),
  bvr3: (huge) => bvr3Text(SAMPLE_BOARD).replace("PIN_ORIGIN 140.0 210.0", `PIN_ORIGIN ${huge} 210.0`),
  bvr1: (huge) => bvr1Text(SAMPLE_BOARD).replace("\t140\t210\t", `\t${huge}\t210\t`),
  asc: (huge) => new TextDecoder("latin1").decode(ascFiles(SAMPLE_BOARD)["pins.asc"]).replace("  140  210  ", `  ${huge}  210  `),
};

describe("a position no board has", () => {
  for (const [format, write] of Object.entries(HUGE_PIN))
    it(`${format}: the pin is skipped, the others kept, and the reason names the line`, () => {
      for (const huge of ["1e308", "-1e999", "NaN"]) {
        const text = write(huge);
        expect(text, `${format} ${huge}`).toContain(huge);
        const read = board(text);
        expect(read.parts.flatMap((p) => p.pins)).toHaveLength(7);
        expect(read.stopped?.match(SKIPPED)?.[1], `${format} ${huge}: ${read.stopped}`).toBe(String(lineOf(text, huge)));
      }
    });

  it("gencad: a PLACE of 1e308 skips the component (never drawn at 0,0) and says where", () => {
    const text = genCadText(SAMPLE_BOARD).replace("PLACE 150 220", "PLACE 1e308 220");
    const read = board(text);
    expect(read.parts.map((p) => p.name)).toEqual(["C7010", "J6950"]);
    expect(read.stopped?.match(SKIPPED)?.[1]).toBe(String(lineOf(text, "PLACE 1e308")));
    expect(read.stopped).toContain("components without a readable PLACE were skipped (first at component U7000)");
  });
});

describe("a file cut short", () => {
  const big = syntheticBoard(51, 1200);

  it("brd2 cut at a quarter: the parts it declares and the ones read, at the file's last line", () => {
    const text = brd2Text(big);
    const cut = text.slice(0, Math.floor(text.length / 4));
    const read = board(cut);
    expect(read.stopped).toBe(`the file ends at line ${lastLine(cut)}, before the ${big.parts.length} parts it declares (${read.parts.length} read)`);
    expect(read.parts.length).toBeLessThan(big.parts.length);
    // Whole, the same file says nothing.
    expect(board(text).stopped).toBeNull();
  });

  it("test_link cut before its pins are all there: the count var_data declares", () => {
    const text = testLinkText(big);
    const cut = text.slice(0, Math.floor((text.length * 3) / 4));
    const pins = big.parts.reduce((n, p) => n + p.pins.length, 0);
    expect(reasonOf(cut)).toMatch(new RegExp(`^the file ends at line \\d+, before the ${pins} pins it declares \\(\\d+ read\\)$`));
    expect(reasonOf(text)).toBeNull();
  });

  it("bvr3 cut inside a part's block, gencad cut inside a section", () => {
    const bvr = bvr3Text(SAMPLE_BOARD);
    const inC7010 = bvr.slice(0, bvr.indexOf("PIN_NET", bvr.indexOf("PART_NAME C7010")));
    expect(reasonOf(inC7010)).toBe(`the file ends at line ${lastLine(inC7010)}, inside the block of part C7010`);
    const cad = genCadText(SAMPLE_BOARD);
    const inSignals = cad.slice(0, cad.indexOf("NODE C7010"));
    expect(reasonOf(inSignals)).toBe(`the file ends at line ${lastLine(inSignals)}, inside its $SIGNALS section`);
    expect(reasonOf(bvr)).toBeNull();
    expect(reasonOf(cad)).toBeNull();
  });

  it("binary formats cut inside a record say the byte", () => {
    for (const file of [cstFile(SAMPLE_BOARD), tvwFile(SAMPLE_BOARD)]) {
      const cut = file.subarray(0, Math.floor(file.length * 0.8));
      const summary = boardviewFromBytes(cut).summary;
      expect(summary.reason, summary.format ?? "").toMatch(/the file ends at byte \d+, (inside a record|before its \d+ pins do)/i);
    }
  });
});

describe("an over-long line", () => {
  const HUGE_LINE = "X".repeat(10_000_000);
  const HUGE_NAME = `N${"9".repeat(5_000_000)}`;
  const cases: [string, string][] = [
    ["gencad header", genCadText(SAMPLE_BOARD).replace("USER board-docs generator", `USER ${HUGE_LINE}`)],
    ["brd2 net name", brd2Text(SAMPLE_BOARD).replace(" PPBUS_G3H", ` ${HUGE_NAME}`)],
    ["test_link part name", testLinkText(SAMPLE_BOARD).replace("U7000 10 4", `${HUGE_NAME} 10 4`)],
    ["bdv part name", bdvText(SAMPLE_BOARD).replace("Part U7000", `Part ${HUGE_NAME}`)],
    ["bvr3 net name", bvr3Text(SAMPLE_BOARD).replace("PIN_NET PPBUS_G3H", `PIN_NET ${HUGE_NAME}`)],
    ["bvr1 pin", bvr1Text(SAMPLE_BOARD).replace("PPBUS_G3H", HUGE_NAME)],
  ];
  for (const [what, text] of cases)
    it(`${what}: the reason is the long line and where it stands, not what it hid`, () => {
      expect(text.length, what).toBeGreaterThan(5_000_000);
      const reason = reasonOf(text) ?? "";
      const line = text.includes(HUGE_LINE) ? lineOf(text, HUGE_LINE) : lineOf(text, HUGE_NAME);
      expect(reason, what).toMatch(new RegExp(`^[Ll]ine ${line} is longer than 4096 characters: reading stopped there`));
      expect(reason, what).not.toMatch(/lists no parts|has no|ends at/);
    });
});

describe("GenCAD's $BOARD", () => {
  it("LINE, ARC and CIRCLE become the outline: segments that meet are one polyline", () => {
    const outline = [
      "$BOARD",
      "LINE 0 0 9 0",
      // A rounded corner: counter-clockwise from (9, 0) to (10, 1) about (9, 1).
      "ARC 9 0 10 1 9 1",
      "LINE 10 1 10 8",
      "LINE 10 8 0 8",
      "LINE 0 8 0 0",
      "CIRCLE 5 4 0.5",
      "$ENDBOARD",
    ].join("\r\n");
    const read = board(genCadText(SAMPLE_BOARD).replace("$BOARD\r\nLINE 0 0 10 0\r\n$ENDBOARD", outline));
    expect(read.outline).toHaveLength(2);
    const [edge, hole] = read.outline;
    expect(edge[0]).toEqual({ x: 0, y: 0 });
    expect(edge[edge.length - 1]).toEqual({ x: 0, y: 0 });
    expect(edge).toContainEqual({ x: 10, y: 8 });
    // The arc's middle point lies on its circle, outside the square corner's chord.
    const middle = edge[Math.floor(edge.findIndex((p) => p.x === 10 && p.y === 1) / 2) + 1];
    expect(Math.hypot(middle.x - 9, middle.y - 1)).toBeCloseTo(1, 5);
    for (const p of hole) expect(Math.hypot(p.x - 5, p.y - 4)).toBeCloseTo(0.5, 5);
    expect(hole[0]).toEqual(hole[hole.length - 1]);
  });
});

describe("the summary an upload shows", () => {
  it("says a cut file's reason on the document", async () => {
    const owner = await createUploader(["api:read", "library:ingest", "library:publish"]);
    const text = brd2Text(syntheticBoard(52, 1200));
    const res = await upload(
      owner.key,
      { external_id: "reasons-cut", visibility: "public", rights_attested: "true" },
      { filename: "cut.brd", content: ascii(text.slice(0, text.length / 4)) },
    );
    const body: any = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    await runQueue([{ documentId: body.data.id, version: 1 }]);
    const { body: doc } = await getJson(`/documents/${body.data.id}`);
    expect(doc.data.boardview.reason).toMatch(/^the file ends at line \d+, before the \d+ parts it declares \(\d+ read\)$/);
  });
});
