// Reading a stored boardview and what storing it writes: the board's rows and its names as page text (so search
// finds a designator or net), both on the document's text database in one batch, and its summary for the
// primary's document row. Shared by the queue consumer and the importer.
import { FORMATS } from "../ingest/formats";
import { writeTextStatements, type TextStatement } from "../text/page-rows";
import { namePages, netsOf, type BoardSummary, summaryOf, unreadableSummary } from "./nets";
import { readBoardview } from "./read";
import { writeBoardviewStatements } from "./rows";
import { BOARDVIEW_CAPS, type NetReading } from "./types";

const BOARDVIEW_EXTENSIONS = new Set(FORMATS.filter((f) => f.type === "boardview").map((f) => f.extension));

/** Files of these extensions are read as boardviews (the content decides the format, or that it is none). */
export function isBoardviewExtension(extension: string | null | undefined): boolean {
  return !!extension && BOARDVIEW_EXTENSIONS.has(extension);
}

export interface StoredBoardview {
  summary: BoardSummary;
  /** The names as page text (empty when unreadable). */
  pages: string[];
  /** The text database's statements for the document's board rows (replacing any it had). */
  rows(documentId: string): TextStatement[];
  /** Known-good values the file carries per net (stored as the board's reference values). */
  readings: NetReading[];
  /** Its pages and board rows. */
  statements(documentId: string, type: string): TextStatement[];
}

/** Reads a boardview's bytes into what is stored (never throws: an unreadable file has a reason). */
export function boardviewFromBytes(bytes: Uint8Array): StoredBoardview {
  if (bytes.length > BOARDVIEW_CAPS.bytes)
    return unreadableFile(`The file is larger than ${BOARDVIEW_CAPS.bytes} bytes, the most read for a boardview.`);
  const read = readBoardview(bytes);
  if (read.kind === "unreadable") return unreadableFile(read.reason);
  const nets = netsOf(read);
  const pages = namePages(read, nets);
  const rows = (documentId: string) => writeBoardviewStatements(documentId, read, nets);
  return {
    summary: summaryOf(read, nets),
    pages,
    readings: read.readings ?? [],
    rows,
    statements: (documentId, type) => [...writeTextStatements(documentId, type, pages), ...rows(documentId)],
  };
}

function unreadableFile(reason: string): StoredBoardview {
  const rows = (documentId: string) => writeBoardviewStatements(documentId, null, []);
  return {
    summary: unreadableSummary(reason),
    pages: [],
    readings: [],
    rows,
    statements: (documentId, type) => [...writeTextStatements(documentId, type, []), ...rows(documentId)],
  };
}
