// Page count and per-page text of a PDF with unpdf, under budgets (pages, characters, wall time) so a crafted
// file cannot hold the consumer: pages one at a time, each a stream abandoned once a budget is spent, each
// stream's inflated size bounded first (pdf-streams.ts). Past a budget the text so far is kept, the reason logged.
import { getDocumentProxy } from "unpdf";
import { DEFAULT_PDF_TEXT_BUDGET_MS } from "../../config";
import { encodeRuns, pageWords } from "../../text/places";
import { hasOversizedStream, MAX_INFLATED_STREAM_BYTES } from "./pdf-streams";
import { followsOn, type PlacedItem, runsOf } from "./pdf-runs";

/** Larger PDFs are not parsed (the whole file must be in memory): they become available without text. */
export const PDF_TEXT_MAX_BYTES = 40 * 1024 * 1024;
/** Keeps a page row far below D1's 1 MB limit. */
const PAGE_TEXT_MAX_CHARS = 100_000;

export interface PdfBudget {
  /** Pages whose text is read; later pages are counted but not read. */
  maxPages: number;
  /** Characters kept over the whole document. */
  maxChars: number;
  /** Wall time for the text of the whole document (checked between chunks and pages). */
  maxMillis: number;
  /** Largest inflated non-image stream: one page cannot be interrupted, so its content is bounded up front. */
  maxStreamBytes: number;
}

/** The consumer's budgets; its time budget is the PDF_TEXT_BUDGET_MS var (src/config.ts), this one when unset. */
export const PDF_BUDGET: PdfBudget = {
  maxPages: 2000,
  maxChars: 2_000_000,
  maxMillis: DEFAULT_PDF_TEXT_BUDGET_MS,
  maxStreamBytes: MAX_INFLATED_STREAM_BYTES,
};

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

export type PdfText =
  /** `stopped` names the budget that ended extraction early (the pages gathered until then are kept). */
  | { kind: "text"; pageCount: number; pages: string[]; stopped?: string; places: string[] }
  /** Password-protected: readable only with a password we do not have. */
  | { kind: "encrypted" }
  | { kind: "unreadable"; reason: string };

function cleanPage(text: string): string {
  return text
    .replace(/\u0000/g, "")
    .replace(/[ \t]+\n/g, "\n")
    .trim()
    .slice(0, PAGE_TEXT_MAX_CHARS);
}

/** The page's runs, encoded; those reaching past the stored text's last whole word are left out. */
function placesOf(page: PageRead, stored: string): string {
  const words = pageWords(stored).length;
  return encodeRuns(
    runsOf(page.items, page.text, page.toScreen).filter((r) => r.first + r.count < words || (r.first + r.count === words && !page.cut)),
  );
}

/** Lets other requests and I/O run (and the isolate's clock move) between two pieces of parsing. */
function yieldToOthers(): Promise<void> {
  // The importer reads PDFs under Node, which has no global scheduler.
  return typeof scheduler === "undefined" ? new Promise((resolve) => setTimeout(resolve, 0)) : scheduler.wait(0);
}

type PageRead = { text: string; cut: boolean; timedOut: boolean; items: PlacedItem[]; toScreen: (x: number, y: number) => [number, number] };

/** One page's text, read chunk by chunk; stops (cancelling pdf.js's stream) past `limit` characters or at the deadline. */
async function readPage(pdf: PdfDocument, pageNumber: number, limit: number, deadline: number): Promise<PageRead> {
  const page = await pdf.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const toScreen = (x: number, y: number): [number, number] => {
    const [vx, vy] = viewport.convertToViewportPoint(x, y) as [number, number];
    return [vx / viewport.width, vy / viewport.height];
  };
  const reader = page.streamTextContent().getReader();
  const items: PlacedItem[] = [];
  let text = "";
  let cut = false;
  let timedOut = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const item of value.items) {
        if (!("str" in item)) continue;
        // NULs go before the words are counted, so the stored text splits into the same words as the runs.
        const str = item.str.replace(/\u0000/g, "");
        const placed = { start: text.length, str, transform: item.transform, width: item.width, height: item.height, eol: item.hasEOL };
        const previous = items[items.length - 1];
        // Two words that pdf.js joined but that do not follow on where they are drawn stay two words.
        if (str && previous && /\S$/.test(text) && /^\S/.test(str) && !followsOn(previous, placed)) text += " ";
        placed.start = text.length;
        if (str) items.push(placed);
        text += str + (item.hasEOL ? "\n" : "");
      }
      cut = text.length > limit;
      timedOut = !cut && Date.now() >= deadline;
      if (cut || timedOut) break;
      await yieldToOthers();
    }
  } finally {
    // Not cancel(): pdf.js's producer would then write into a closed stream and reject where nobody
    // listens. Unread, it waits on back-pressure until the document is cleaned up.
    reader.releaseLock();
    page.cleanup();
  }
  return { text: text.slice(0, limit), cut, timedOut, items, toScreen };
}

export async function pdfText(bytes: Uint8Array, budget: PdfBudget = PDF_BUDGET): Promise<PdfText> {
  // Checked before pdf.js takes the bytes (it detaches their buffer); the page count still comes from pdf.js.
  const bomb = hasOversizedStream(bytes, budget.maxStreamBytes);
  let pdf: PdfDocument;
  try {
    pdf = await getDocumentProxy(bytes);
  } catch (err) {
    if (err instanceof Error && err.name === "PasswordException") return { kind: "encrypted" };
    return { kind: "unreadable", reason: `The PDF could not be read${err instanceof Error && err.message ? `: ${err.message}` : ""}.` };
  }
  if (bomb) {
    const pageCount = pdf.numPages;
    await pdf.cleanup().catch(() => {});
    return {
      kind: "text",
      pageCount,
      pages: [],
      places: [],
      stopped: `size budget: a compressed stream inflates past ${budget.maxStreamBytes} bytes, so no text is read`,
    };
  }
  // The clock starts once the document is open: loading costs little for any size we accept (the
  // first load in an isolate also pays for pdf.js's own start).
  const deadline = Date.now() + budget.maxMillis;
  const pages: string[] = [];
  const places: string[] = [];
  let chars = 0;
  let stopped: string | undefined;
  try {
    for (let n = 1; n <= pdf.numPages && !stopped; n++) {
      if (n > budget.maxPages) {
        stopped = `page budget: only the first ${budget.maxPages} of ${pdf.numPages} pages are read`;
        break;
      }
      if (Date.now() >= deadline) {
        stopped = `time budget: ${budget.maxMillis} ms spent after ${pages.length} of ${pdf.numPages} pages`;
        break;
      }
      const room = budget.maxChars - chars;
      const page = await readPage(pdf, n, Math.min(room, PAGE_TEXT_MAX_CHARS), deadline);
      const text = cleanPage(page.text);
      pages.push(text);
      places.push(placesOf(page, text));
      chars += text.length;
      // A page longer than a page row is only cut; the document's own budget ends the reading.
      if (chars >= budget.maxChars || (page.cut && room <= PAGE_TEXT_MAX_CHARS))
        stopped = `character budget: ${budget.maxChars} characters kept, reading stopped on page ${n} of ${pdf.numPages}`;
      else if (page.timedOut) stopped = `time budget: ${budget.maxMillis} ms spent, reading stopped on page ${n} of ${pdf.numPages}`;
      await yieldToOthers();
    }
    return { kind: "text", pageCount: pdf.numPages, pages, places, stopped };
  } catch {
    // The structure is readable (pages counted) but the text is not: keep the count and what was read.
    return { kind: "text", pageCount: pdf.numPages, pages, places: places.slice(0, pages.length), stopped: "a page's text could not be read" };
  } finally {
    await pdf.cleanup().catch(() => {});
  }
}
