// Page count and per-page text of a PDF with unpdf (pdf.js for edge runtimes).
import { extractText, getDocumentProxy } from "unpdf";

/** Larger PDFs are not parsed (the whole file must be in memory): they become available without text. */
export const PDF_TEXT_MAX_BYTES = 40 * 1024 * 1024;
/** Keeps a page row far below D1's 1 MB limit. */
const PAGE_TEXT_MAX_CHARS = 100_000;

export type PdfText =
  | { kind: "text"; pageCount: number; pages: string[] }
  /** Password-protected: readable only with a password we do not have. */
  | { kind: "encrypted" }
  | { kind: "unreadable"; reason: string };

function cleanPage(text: string): string {
  return text.replace(/\u0000/g, "").replace(/[ \t]+\n/g, "\n").trim().slice(0, PAGE_TEXT_MAX_CHARS);
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes);
  } catch (err) {
    if (err instanceof Error && err.name === "PasswordException") return { kind: "encrypted" };
    return { kind: "unreadable", reason: `The PDF could not be read${err instanceof Error && err.message ? `: ${err.message}` : ""}.` };
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    return { kind: "text", pageCount: totalPages, pages: text.map(cleanPage) };
  } catch {
    // The structure is readable (pages counted) but the text is not: keep the count, index nothing.
    return { kind: "text", pageCount: pdf.numPages, pages: [] };
  } finally {
    await pdf.cleanup().catch(() => {});
  }
}
