// What a real KiCad schematic PDF (Eeschema's "KiCad PDF" plotter) looks like to the places reader, rebuilt with
// pdf-lib: each label one text object; an overbar written as `~{RESET}`; labels drawn in no reading order, so two
// on one baseline come out of pdf.js with no space between them (`VIOB` then `DB6` far to its left); labels turned
// upward along vertical wires; each page's title block naming its sheet, two instances of one sheet printing the
// same labels for two nets; a multi-unit symbol printed per unit (`U30A`, `U30B`), never as `U30`. Each name must
// get its own box, on its own sheet.
import { degrees, PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { placesOf } from "../../src/db/queries/boards/point-places";
import { pdfText } from "../../src/ingest/pdf/pdf-text";

const PAGE = { width: 842, height: 595 };
const SIZE = 5;

interface Label {
  text: string;
  x: number;
  y: number;
  up?: boolean;
}

/** The labels in the order they are drawn (the file's order, not the reading order). */
const LABELS: Label[] = [
  { text: "~{RESET}", x: 213, y: 337 },
  { text: "VIOB", x: 496, y: 312 },
  { text: "DB6", x: 378, y: 312 },
  { text: "~{FPGA_RESET}", x: 351, y: 185, up: true },
  { text: "X1", x: 600, y: 200 },
  { text: "U30A", x: 700, y: 300 },
  { text: "Sheet:", x: 504, y: 73 },
  { text: "/IO_Banks/IO_Buffer_A/", x: 528, y: 73 },
];
/** The second instance of the sheet, on page 2: the same label, another net. */
const SECOND: Label[] = [
  { text: "X1", x: 300, y: 400 },
  { text: "C34", x: 152, y: 520 },
  { text: "u1", x: 152, y: 514 },
  { text: "U30B", x: 700, y: 300 },
  { text: "Sheet:", x: 504, y: 73 },
  { text: "/IO_Banks/IO_Buffer_B/", x: 528, y: 73 },
];

let font: PDFFont;

async function kicadLikePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setProducer("KiCad PDF");
  font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const labels of [LABELS, SECOND]) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    for (const l of labels) page.drawText(l.text, { x: l.x, y: l.y, size: SIZE, font, rotate: degrees(l.up ? 90 : 0) });
  }
  return pdf.save();
}

async function rows() {
  const read = await pdfText(await kicadLikePdf());
  if (read.kind !== "text") throw new Error(read.kind);
  return { text: read.pages[0], rows: read.pages.map((text, i) => ({ id: "d", page: i + 1, text, runs: read.places[i] })) };
}

/** The box's centre lies on the label as drawn (screen fractions, top-left origin). */
function expectOnLabel(box: { x: number; y: number; w: number; h: number }, label: Label) {
  const length = font.widthOfTextAtSize(label.text, SIZE);
  const [x0, x1] = label.up ? [label.x - SIZE, label.x] : [label.x, label.x + length];
  const [y0, y1] = label.up ? [label.y, label.y + length] : [label.y - SIZE * 0.3, label.y + SIZE];
  const cx = (box.x + box.w / 2) * PAGE.width;
  const cy = (1 - box.y - box.h / 2) * PAGE.height;
  expect(cx).toBeGreaterThan(x0);
  expect(cx).toBeLessThan(x1);
  expect(cy).toBeGreaterThan(y0);
  expect(cy).toBeLessThan(y1);
}

const label = (text: string) => LABELS.find((l) => l.text === text)!;

describe("a KiCad schematic's labels", () => {
  it("an overbar name `~{RESET}` has its place, for its sheet net `/~{RESET}` too", async () => {
    const { rows: pages } = await rows();
    const [place] = placesOf(pages, ["/~{RESET}"], []);
    expect(place?.boxes).toHaveLength(1);
    expectOnLabel(place.boxes[0], label("~{RESET}"));
    expect(placesOf(pages, ["RESET"], [])).toEqual([]);
  });

  it("two labels drawn on one baseline out of reading order stay two words, each with its box", async () => {
    const { text, rows: pages } = await rows();
    expect(text.split(/\s+/)).toEqual(expect.arrayContaining(["VIOB", "DB6"]));
    const [viob] = placesOf(pages, ["/IO_Banks/VIOB"], []);
    expectOnLabel(viob.boxes[0], label("VIOB"));
    const [db6] = placesOf(pages, ["/IO_Banks/DB6"], []);
    expectOnLabel(db6.boxes[0], label("DB6"));
  });

  it("a label turned upward along its wire is boxed upright on it", async () => {
    const { rows: pages } = await rows();
    const [place] = placesOf(pages, ["/~{FPGA_RESET}"], []);
    const box = place.boxes[0];
    expect(box.h * PAGE.height).toBeGreaterThan(box.w * PAGE.width);
    expectOnLabel(box, label("~{FPGA_RESET}"));
  });

  it("a capacitor's value `u1` (0.1 µF) is not the part U1: a page's words keep their case", async () => {
    const { rows: pages } = await rows();
    expect(placesOf(pages, ["U1"], [])).toEqual([]);
    expect(placesOf(pages, ["C34"], []).map((p) => p.page)).toEqual([2]);
  });

  it("a multi-unit part is placed where its units print (U30 as U30A and U30B), a shorter designator is not", async () => {
    const { rows: pages } = await rows();
    const places = placesOf(pages, ["U30"], []);
    expect(places.map((p) => p.page)).toEqual([1, 2]);
    expectOnLabel(places[0].boxes[0], label("U30A"));
    expect(placesOf(pages, ["U3"], [])).toEqual([]);
    expect(placesOf(pages, ["U30A"], []).map((p) => p.page)).toEqual([1]);
  });

  it("a sheet net's label is placed on its own sheet's page, not on another instance of the sheet", async () => {
    const { rows: pages } = await rows();
    const a = placesOf(pages, ["/IO_Banks/IO_Buffer_A/X1"], []);
    expect(a.map((p) => p.page)).toEqual([1]);
    expectOnLabel(a[0].boxes[0], label("X1"));
    const b = placesOf(pages, ["/IO_Banks/IO_Buffer_B/X1"], []);
    expect(b.map((p) => p.page)).toEqual([2]);
    // A net of a sheet above both is drawn on both; a name with no sheet anywhere it prints.
    expect(placesOf(pages, ["/IO_Banks/X1"], []).map((p) => p.page)).toEqual([1, 2]);
    expect(placesOf(pages, ["X1"], []).map((p) => p.page)).toEqual([1, 2]);
  });
});
