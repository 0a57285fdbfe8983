// What storing places (issue 55) adds to a schematic's text rows: the demo's PDFs (scripts/demo, as generated), a
// generated 100-page schematic (about 420 labels a page, KiCad-like: one text item per label) and, when a path is
// given, that PDF (a real schematic; never committed). Each set is read as an upload reads it (pdfText), its pages
// written to an empty local text database, then its places; the database's size is read after each (D1's
// size_after), the rows D1 says each write wrote (meta.rows_written), and the rows' own characters (bytes) counted.
// Usage: npx tsx bench/places/measure.ts [path/to/schematic.pdf]
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { getPlatformProxy } from "wrangler";
import { buildDocuments } from "../../scripts/demo/documents";
import { Random } from "../../scripts/demo/prng";
import { pdfText } from "../../src/ingest/pdf/pdf-text";
import { writeTextStatements } from "../../src/text/page-rows";

/** A dense schematic: per page, parts with their designator, value and package, and net labels, each one text item. */
async function generatedSchematic(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const nets = ["PP3V3_S5", "PP1V8_S0", "PPBUS_G3H", "GND", "USB_D+", "USB_D-", "I2C_SCL", "I2C_SDA", "SMC_RESET_L", "PP5V_S3"];
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([1190, 842]);
    page.drawText(`SHEET ${p + 1} POWER AND USB`, { x: 40, y: 810, size: 10, font });
    for (let i = 0; i < 60; i++) {
      const [x, y] = [40 + next() * 1080, 40 + next() * 740];
      const n = p * 100 + i;
      const kind = ["R", "C", "U", "L", "Q"][i % 5];
      page.drawText(`${kind}${7000 + n}`, { x, y, size: 6, font });
      page.drawText(["10K", "0.1UF", "22R", "2.2UH", "BSS138"][i % 5], { x, y: y - 7, size: 6, font });
      page.drawText(["0402", "0201", "QFN24", "0603", "SOT23"][i % 5], { x, y: y - 14, size: 6, font });
      page.drawText(nets[(i + p) % nets.length], { x: x + 30, y, size: 6, font });
      for (const pin of ["1", "2"]) page.drawText(pin, { x: x - 6, y: y - (pin === "1" ? 0 : 7), size: 5, font });
    }
  }
  return pdf.save();
}

interface Measured {
  name: string;
  documents: number;
  pages: number;
  textChars: number;
  placeChars: number;
  textBytes: number;
  placeBytes: number;
  textRowsWritten: number;
  placeRowsWritten: number;
}

/** A page's places as its row holds them: bytes of a BLOB (characters of the older base-64 text). */
const lengthOf = (places: readonly { length: number }[]) => places.reduce((n, p) => n + p.length, 0);

async function measure(name: string, files: Uint8Array[], db: D1Database): Promise<Measured> {
  const read: { pages: string[]; places: Uint8Array[] }[] = [];
  const known = new Map<Uint8Array, Awaited<ReturnType<typeof pdfText>>>();
  for (const bytes of files) {
    // The same file given again (copies of one schematic) is read once; pdf.js takes the bytes' buffer.
    const text = known.get(bytes) ?? (await pdfText(bytes.slice()));
    known.set(bytes, text);
    if (text.kind === "text") read.push(text);
  }
  await db.batch(
    ["delete from document_pages", "delete from document_places", "delete from page_keys", "delete from page_index"].map((s) => db.prepare(s)),
  );
  const size = async () => (await db.prepare("select 1").run()).meta.size_after;
  const empty = await size();
  // The second run writes the same text again (an upsert of the same text writes nothing), then the places.
  const run = async (withPlaces: boolean) => {
    let written = 0;
    for (const [i, r] of read.entries()) {
      const statements = writeTextStatements(`DOC${i}`, "schematic", r.pages, withPlaces ? r.places : []);
      const results = await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
      written += results.reduce((n, x) => n + (x.meta.rows_written ?? 0), 0);
    }
    return written;
  };
  const textRowsWritten = await run(false);
  const withText = await size();
  const placeRowsWritten = await run(true);
  const withPlaces = await size();
  return {
    name,
    documents: read.length,
    pages: read.reduce((n, r) => n + r.pages.length, 0),
    textChars: read.reduce((n, r) => n + r.pages.join("").length, 0),
    placeChars: read.reduce((n, r) => n + lengthOf(r.places), 0),
    textBytes: withText - empty,
    placeBytes: withPlaces - withText,
    textRowsWritten,
    placeRowsWritten,
  };
}

/** Measures one set on a fresh local state (the freed pages of another set would hide this one's growth). */
async function measureFresh(name: string, files: Uint8Array[]): Promise<Measured> {
  const persist = mkdtempSync(join(tmpdir(), "bds-places-"));
  try {
    execFileSync("npx", ["tsx", "scripts/db-migrate.ts", "--persist-to", persist], { stdio: "ignore" });
    const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(persist, "v3") } });
    try {
      return await measure(name, files, proxy.env.TEXT_0);
    } finally {
      await proxy.dispose();
    }
  } finally {
    rmSync(persist, { recursive: true, force: true });
  }
}

const demo = (await buildDocuments(new Random(42), Date.parse("2026-01-01"), Date.parse("2026-12-01")))
  .filter((d) => d.type === "schematic")
  .map((d) => new Uint8Array(Buffer.from(d.versions[d.versions.length - 1].content_base64 ?? "", "base64")));
const results = [await measureFresh("demo schematics", demo), await measureFresh("generated 100-page schematic", [await generatedSchematic(100)])];
// A real schematic: alone (a few rows: D1's 4 KiB pages make its figure coarse), then as 25 documents of a database.
const path = process.argv[2];
if (path) {
  const file = new Uint8Array(readFileSync(path));
  results.push(await measureFresh(path, [file]), await measureFresh(`${path} × 25`, Array(25).fill(file)));
}
for (const r of results) {
  console.log(
    `${r.name}: ${r.documents} document(s), ${r.pages} pages; page text ${r.textChars} chars, places ${r.placeChars} bytes (${((100 * r.placeChars) / r.textChars).toFixed(1)}% of the text); ` +
      `database: text rows and index ${r.textBytes} bytes, places ${r.placeBytes} bytes (${((100 * r.placeBytes) / r.textBytes).toFixed(1)}%); ` +
      `rows written: text ${r.textRowsWritten}, places ${r.placeRowsWritten}`,
  );
}
