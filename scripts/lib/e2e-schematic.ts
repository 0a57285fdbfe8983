// A board with a three-page schematic PDF and a boardview of the same board (issue 55), for the vitest and the
// end-to-end checks: page 1 a bill of materials, page 2 draws U7000 with its nets, page 3 draws the net PP3V3 with
// its parts. Every word's position is known (pdf-lib's Helvetica widths), so a test checks that a box sits on its
// word. A private copy belongs to the same owner.
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { pdfText } from "../../src/ingest/pdf/pdf-text";
import { testLinkFile } from "./boardview-writer";

export const BOARD = "XPB-5500";
export const SCHEMATIC = "01K55XPBSCHEMAT1C000000001";
export const PRIVATE_SCHEMATIC = "01K55XPBSCHEMAT1C000000002";
export const BOARDVIEW = "01K55XPBB0ARDV1EW000000001";

const PAGE = { width: 612, height: 792 };
const SIZE = 10;

/** Text drawn on a page: at (x, y) from the bottom-left, one drawText each (a BOM line is one pdf.js item). */
interface Drawn {
  page: number;
  text: string;
  x: number;
  y: number;
}

const BOM = ["C7010 CAPACITOR CERAMIC 10UF 0402", "R7001 RESISTOR 22R 1%", "U7000 IC USB PHY QFN24", "L7002 INDUCTOR 2.2UH"];

export const DRAWN: Drawn[] = [
  { page: 1, text: "BILL OF MATERIALS", x: 60, y: 740 },
  ...BOM.map((text, i) => ({ page: 1, text, x: 60, y: 700 - i * 20 })),
  { page: 2, text: "USB PHY", x: 60, y: 740 },
  { page: 2, text: "U7000", x: 290, y: 400 },
  { page: 2, text: "USB_D+", x: 150, y: 450 },
  { page: 2, text: "USB_D-", x: 150, y: 420 },
  { page: 2, text: "RD", x: 150, y: 380 },
  { page: 2, text: "PP3V3", x: 450, y: 450 },
  { page: 2, text: "GND", x: 450, y: 350 },
  { page: 3, text: "POWER 3V3", x: 60, y: 740 },
  { page: 3, text: "PP3V3", x: 100, y: 600 },
  { page: 3, text: "C7010", x: 200, y: 550 },
  { page: 3, text: "R7001", x: 300, y: 550 },
  { page: 3, text: "L7002", x: 400, y: 550 },
  { page: 3, text: "U7000", x: 500, y: 550 },
];

let font: PDFFont | undefined;

export async function schematicPdf(title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    for (const d of DRAWN.filter((d) => d.page === n)) page.drawText(d.text, { x: d.x, y: d.y, size: SIZE, font });
  }
  return pdf.save();
}

/** Where `word` of a drawn text stands on screen, as fractions of the page: its x range and its baseline band. */
export function wordAt(page: number, word: string, line?: string): { x0: number; x1: number; y0: number; y1: number } {
  const drawn = DRAWN.find((d) => d.page === page && (line ? d.text === line : d.text.split(" ").includes(word)));
  if (!drawn || !font) throw new Error(`nothing drawn for ${word} on page ${page}`);
  const before = drawn.text.slice(0, drawn.text.split(" ").indexOf(word) === 0 ? 0 : drawn.text.indexOf(` ${word}`) + 1);
  const x0 = drawn.x + font.widthOfTextAtSize(before, SIZE);
  const x1 = x0 + font.widthOfTextAtSize(word, SIZE);
  // From the descent to the cap height, top-left origin.
  return {
    x0: x0 / PAGE.width,
    x1: x1 / PAGE.width,
    y0: (PAGE.height - drawn.y - SIZE) / PAGE.height,
    y1: (PAGE.height - drawn.y + SIZE * 0.3) / PAGE.height,
  };
}

/** The boardview of the same board: U7000's pins carry its nets (a KiCad sheet net and an auto-named one too). */
export const BOARDVIEW_FILE = testLinkFile({
  parts: [
    {
      name: "U7000",
      side: "top",
      mounting: "smd",
      x: 50,
      y: 50,
      pins: [
        { x: 48, y: 50, net: "USB_D+" },
        { x: 49, y: 50, net: "USB_D-" },
        { x: 50, y: 50, net: "PP3V3" },
        { x: 51, y: 50, net: "GND" },
        { x: 52, y: 50, net: "/IO/RD" },
        { x: 53, y: 50, net: "Net-(U7000-Pad9)" },
      ],
    },
    ...["C7010", "R7001", "L7002"].map((name, i) => ({
      name,
      side: "top" as const,
      mounting: "smd" as const,
      x: 10 + i * 10,
      y: 10,
      pins: [
        { x: 9 + i * 10, y: 10, net: "PP3V3" },
        { x: 11 + i * 10, y: 10, net: i === 1 ? "/IO/RD" : "GND" },
      ],
    })),
  ],
});

const base64 = (bytes: Uint8Array) => {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};

/** The import content: the board, a public schematic, the owner's private one and the public boardview (pages as pdf.js reads them). */
export async function schematicContent(owner: string) {
  const pdf = await schematicPdf(`${BOARD} schematic`);
  const read = await pdfText(pdf.slice());
  if (read.kind !== "text") throw new Error("the fixture PDF is unreadable");
  const schematic = (id: string, title: string, visibility: string) => ({
    id,
    title,
    type: "schematic",
    visibility,
    owner,
    boards: [BOARD],
    pages: read.pages,
    versions: [{ version: 1, filename: "xpb-5500.pdf", content_base64: base64(pdf) }],
  });
  return {
    boards: [{ number: BOARD }],
    documents: [
      schematic(SCHEMATIC, `${BOARD} schematic`, "public"),
      schematic(PRIVATE_SCHEMATIC, `${BOARD} private notes`, "private"),
      {
        id: BOARDVIEW,
        title: `${BOARD} boardview`,
        type: "boardview",
        visibility: "public",
        owner,
        boards: [BOARD],
        versions: [{ version: 1, filename: "xpb-5500.brd", content_base64: base64(BOARDVIEW_FILE) }],
      },
    ],
  };
}
