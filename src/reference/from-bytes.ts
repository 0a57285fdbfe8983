// A stored file read as reference values, the one decision the queue consumer and the importer share: is it an
// OpenBoardData file (by content, whatever its name), and what it stores: its values, parts, notes and page text.
import { isOpenBoardData, parseOpenBoardData, REFERENCE_CAPS, type OpenBoardData } from "./obdata";
import { referencePages, referenceRows, type ReferenceContent } from "./store";

export interface ReferenceFile {
  data: OpenBoardData;
  content: ReferenceContent;
  pages: string[];
}

/** Whether a file's first bytes may start a reference file: text (no NUL) of a size read whole. */
export function mayBeReference(head: Uint8Array, sizeBytes: number): boolean {
  if (sizeBytes > REFERENCE_CAPS.bytes || head.includes(0)) return false;
  return isOpenBoardData(decode(head));
}

/** UTF-8 when valid, else Latin-1 (older files were written by hand on any system). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

/** The file read whole; null when its content is not OpenBoardData. */
export function referenceFromBytes(bytes: Uint8Array): ReferenceFile | null {
  if (bytes.length > REFERENCE_CAPS.bytes || bytes.includes(0)) return null;
  const text = decode(bytes);
  if (!isOpenBoardData(text)) return null;
  const data = parseOpenBoardData(text);
  const values = referenceRows(data.rows);
  return { data, content: { values, parts: data.parts, notes: data.notes }, pages: referencePages(data, values) };
}

/** Why a reference file gave its board no values: the file's ID names another board (or none). */
export function disagreementReason(fileBoard: string | null, boards: readonly string[]): string {
  const named = boards.length ? boards.join(", ") : "no board";
  return fileBoard
    ? `This OpenBoardData file is for board ${fileBoard}, not ${named}: its values were not added.`
    : `This OpenBoardData file names no board (no ID line): its values were not added to ${named}.`;
}
