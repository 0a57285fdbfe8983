// How places are stored (issue 55, item 7): the version-2 BLOB reads back what was written, a truncated or garbled
// row reads to a bounded prefix and never throws, a row written in the older base-64 TEXT is read as what it was
// (never as a BLOB of another version), and a component value or package code keeps no place while voltage-like
// net names and signed names (`3V3`, `USB_D+`, `USB_D-`) keep their own; labels on different lines are never one run.
import { env } from "cloudflare:workers";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../src/ingest/pdf/pdf-text";
import { decodeRuns, encodeRuns } from "../../src/text/places-codec";
import { MAX_RUNS_PER_PAGE, pageWords, type TextRun } from "../../src/text/places";

/** A page's runs as a drawing gives them: labels in columns, a rotated one, a taller title, gaps between. */
function drawnRuns(n: number): TextRun[] {
  const runs: TextRun[] = [];
  let next = 0;
  for (let i = 0; i < n; i++) {
    const [gap, count, upward, title] = [i % 4, 1 + (i % 3), i % 17 === 0, i % 9 === 0];
    const box = upward
      ? { x: ((i * 37) % 900) / 1000, y: ((i * 53) % 900) / 1000, w: 0.01, h: 0.05 }
      : { x: ((i * 37) % 900) / 1000, y: ((i * 53) % 950) / 1000, w: 0.02 + (i % 5) / 100, h: title ? 0.03 : 0.01 };
    runs.push({ first: next + gap, count, dir: upward ? 1 : 0, box });
    next += gap + count;
  }
  return runs;
}

/** Every field within one step of the stored scale (1/1023 of the page). */
function expectSameRuns(read: readonly TextRun[], written: readonly TextRun[]) {
  expect(read.map(({ first, count, dir }) => [first, count, dir])).toEqual(written.map(({ first, count, dir }) => [first, count, dir]));
  read.forEach((r, i) => {
    for (const k of ["x", "y", "w", "h"] as const) expect(Math.abs(r.box[k] - written[i].box[k])).toBeLessThanOrEqual(1 / 1023);
  });
}

describe("places as stored", () => {
  it("reads back the runs written: words, direction and box within a thousandth of the page", () => {
    const runs = drawnRuns(500);
    const stored = encodeRuns(runs);
    expect(stored[0]).toBe(2);
    expectSameRuns(decodeRuns(stored), runs);
    // As D1 may answer a BLOB: an ArrayBuffer or an array of numbers.
    expectSameRuns(decodeRuns(stored.slice().buffer), runs);
    expectSameRuns(decodeRuns([...stored]), runs);
    expect(encodeRuns([])).toHaveLength(0);
  });

  it("a truncated or garbled row reads to a bounded prefix of its runs, never throws", () => {
    const runs = drawnRuns(300);
    const stored = encodeRuns(runs);
    for (const cut of [3, 10, 100, stored.length - 1]) {
      const read = decodeRuns(stored.slice(0, cut));
      expect(read.length).toBeLessThan(runs.length);
      expectSameRuns(read, runs.slice(0, read.length));
    }
    // A row claiming the most runs, then all ones (endless codes) or all zeros (no stop bit): stops at once.
    for (const fill of [0xff, 0x00]) {
      const garbled = new Uint8Array(100_000).fill(fill);
      garbled.set([2, 0xff, 0xff]);
      expect(decodeRuns(garbled).length).toBeLessThanOrEqual(MAX_RUNS_PER_PAGE);
    }
    // Well-formed runs past the bound (written by hand: the encoder never writes that many) stop at the bound.
    const first = "1" + "1" + "1" + "00" + "010000" + "0011101000" + "0011101000" + "0100100";
    const same = "1" + "1" + "0" + "100000" + "100000" + "0100100";
    const bits = first + same.repeat(MAX_RUNS_PER_PAGE + 999);
    const bytes = Uint8Array.from({ length: Math.ceil(bits.length / 8) }, (_, i) => Number.parseInt(bits.slice(i * 8, i * 8 + 8).padEnd(8, "0"), 2));
    expect(decodeRuns(Uint8Array.from([2, 0xff, 0xff, ...bytes]))).toHaveLength(MAX_RUNS_PER_PAGE);
    for (let seed = 1; seed < 50; seed++) {
      const noise = Uint8Array.from({ length: 400 }, (_, i) => (seed * 7919 * (i + 1)) % 251);
      noise[0] = 2;
      const read = decodeRuns(noise);
      for (const r of read) for (const v of Object.values(r.box)) expect(v).toBeGreaterThanOrEqual(0);
      expect(read.length).toBeLessThanOrEqual(MAX_RUNS_PER_PAGE);
    }
  });

  it("a row written in the older base-64 text is read as that, through D1 as through code; an unknown version reads nothing", async () => {
    // Written by the version-1 encoder: words 1 and 3-4, the second upward.
    const old = "BEQAgAGaBSBJmZTNA9Mz";
    const expected = [
      { first: 1, count: 1, dir: 0, box: { x: 0.25, y: 0.5, w: 0.1, h: 0.02 } },
      { first: 3, count: 2, dir: 1, box: { x: 0.6, y: 0.3, w: 0.015, h: 0.2 } },
    ] satisfies TextRun[];
    await env.TEXT_0.prepare("insert into document_places (document_id, page, runs) values ('OLD', 1, ?), ('NEW', 1, ?)")
      .bind(old, encodeRuns(expected))
      .run();
    const rows = (
      await env.TEXT_0.prepare("select document_id as id, runs from document_places where document_id in ('OLD', 'NEW') order by id").all<{
        id: string;
        runs: string | number[] | ArrayBuffer;
      }>()
    ).results;
    for (const row of rows) {
      const read = decodeRuns(row.runs);
      expect(read).toHaveLength(2);
      read.forEach((r, i) => {
        expect([r.first, r.count, r.dir]).toEqual([expected[i].first, expected[i].count, expected[i].dir]);
        for (const k of ["x", "y", "w", "h"] as const) expect(r.box[k]).toBeCloseTo(expected[i].box[k], 2);
      });
    }
    expect(typeof rows.find((r) => r.id === "OLD")?.runs).toBe("string");
    // The old text's bytes are no version-2 row, nor is any other version.
    expect(decodeRuns(new TextEncoder().encode(old))).toEqual([]);
    expect(decodeRuns(Uint8Array.from([3, ...encodeRuns(expected).slice(1)]))).toEqual([]);
  });
});

describe("which words keep a place", () => {
  const LEFT_OUT = ["10K", "4K7", "0.1UF", "100nF", "0R", "2.2UH", "u1", "QFN24", "SOT-23"];
  const KEPT = ["3V3", "+1V8", "5V", "VCC", "+12V", "USB_D+", "USB_D-", "R7000", "U1"];
  const WORDS = [...LEFT_OUT, ...KEPT];

  it("a component value or package code keeps none; voltage-like nets and signed names keep their own boxes", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    for (const [i, text] of WORDS.entries()) page.drawText(text, { x: 60 + (i % 4) * 130, y: 700 - Math.floor(i / 4) * 40, size: 10, font });
    const read = await pdfText(await pdf.save());
    if (read.kind !== "text") throw new Error(read.kind);
    const words = pageWords(read.pages[0]).map((w) => w.text);
    const placed = new Map(decodeRuns(read.places[0]).flatMap((r) => (r.count === 1 ? [[words[r.first], r.box] as const] : [])));
    expect([...placed.keys()].sort()).toEqual([...KEPT].sort());
    expect(placed.get("USB_D+")).not.toEqual(placed.get("USB_D-"));
  });

  it("labels on different lines are runs of their own, each box on its label (pdf.js's end of line is an empty item)", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([1190, 842]);
    page.drawText("SHEET 2 POWER AND USB", { x: 40, y: 810, size: 10, font });
    page.drawText("R7100", { x: 300, y: 500, size: 6, font });
    page.drawText("PP1V8_S0", { x: 700, y: 200, size: 6, font });
    const read = await pdfText(await pdf.save());
    if (read.kind !== "text") throw new Error(read.kind);
    const words = pageWords(read.pages[0]).map((w) => w.text);
    const runs = decodeRuns(read.places[0]);
    for (const [label, x] of [
      ["R7100", 300 / 1190],
      ["PP1V8_S0", 700 / 1190],
    ] as const) {
      const run = runs.find((r) => words[r.first] === label);
      expect(run?.count).toBe(1);
      expect(run?.box.x).toBeCloseTo(x, 2);
      expect(run?.box.h).toBeLessThan(10 / 842);
    }
  });
});
