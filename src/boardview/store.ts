// Reading a stored boardview and what storing it writes: the board's rows and its names as page text (so search
// finds a designator or net), both on the document's text database in one batch, and its summary for the
// primary's document row. Shared by the queue consumer and the importer.
import { FORMATS } from "../content/formats";
import { writeTextStatements, type TextStatement } from "../text/page-rows";
import type { TextShard } from "../text/shards";
import { runOnShard } from "../text/store";
import { namePages, netsOf, type BoardSummary, summaryOf, unreadableSummary } from "./nets";
import { readBoardview, readBoardviewArchive } from "../boardview-formats";
import { writeBoardviewStatements } from "./rows";
import { type ArchiveEntry, BOARDVIEW_CAPS, type BoardRead, type NetReading, type ReadOptions } from "../boardview-formats/types";

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

/**
 * Reads a boardview's bytes into what is stored (never throws: an unreadable file has a reason). `options`: the
 * operator's keys for encrypted formats and the file's extension (src/boardview-formats/binary/keys.ts).
 */
export function boardviewFromBytes(bytes: Uint8Array, options: ReadOptions = {}): StoredBoardview {
  if (bytes.length > BOARDVIEW_CAPS.bytes)
    return unreadableFile(`The file is larger than ${BOARDVIEW_CAPS.bytes} bytes, the most read for a boardview.`);
  return storedBoard(readBoardview(bytes, options));
}

/** A .zip's entries a format reads as one board (boardviewEntries picks them): the archive is the boardview. */
export function boardviewFromArchive(entries: readonly ArchiveEntry[]): StoredBoardview {
  return storedBoard(readBoardviewArchive(entries));
}

/** What storing a read board (or the reason it is unreadable) writes. */
export function storedBoard(read: BoardRead): StoredBoardview {
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

/** Why a board read but refused by its text database is stored without parts. */
export const BOARD_NOT_STORED = "The boardview was read, but its parts could not be stored.";

/**
 * Writes a boardview's pages and rows on its text database (one batch: all or nothing) and returns what was
 * stored. A file's content never fails an upload: if the database refuses the rows, the document is stored
 * without parts and says why; a failure of that too (the database itself) throws, and the upload is retried.
 */
export async function storeBoardview(
  shard: Pick<TextShard, "db">,
  documentId: string,
  type: string,
  stored: StoredBoardview,
): Promise<StoredBoardview> {
  try {
    await runOnShard(shard, stored.statements(documentId, type));
    return stored;
  } catch (err) {
    console.error("boardview rows refused; the document is stored without parts", documentId, err);
    const fallback = unreadableFile(BOARD_NOT_STORED);
    await runOnShard(shard, fallback.statements(documentId, type));
    return fallback;
  }
}
