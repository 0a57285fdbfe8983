// What storing a document's reference values writes in the primary: the document's rows replaced (a new version
// replaces the old one's values), for the document's boards the file names, each value typed and normalised as case
// values are. Statements only, as JSON payloads expanded by json_each (a few statements however large the file);
// the queue consumer runs them in its batch, the importer in its plan. Shared by OpenBoardData files and boardviews
// that carry readings, so the read (src/db/queries/board-reference.ts) has one source of values.
import { sql, type SQL } from "drizzle-orm";
import { normalizePoint, referenceValue } from "../content/board-values";
import { normalizeBoardNumber } from "../core/urls";
import type { OpenBoardData, ReferenceKind } from "./obdata";

/** A value ready to store: the net as written, its kind, the value normalised, the row's comment. */
export interface ReferenceValueRow {
  point: string;
  kind: ReferenceKind;
  value: string;
  note: string | null;
}

/** Rows of one JSON payload: well under D1's statement size whatever the notes hold. */
const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** Typed, normalised values of raw rows: `na` and empty values dropped, duplicates once, unnamed points skipped. */
export function referenceRows(rows: readonly { net: string; kind: ReferenceKind; value: string; note?: string | null }[]): ReferenceValueRow[] {
  const seen = new Set<string>();
  const out: ReferenceValueRow[] = [];
  for (const r of rows) {
    const value = referenceValue(r.kind, r.value);
    const norm = normalizePoint(r.net);
    if (value === undefined || !norm) continue;
    // Duplicates by the net as written: `+5V` and `5V` share a norm but are two nets (the boardview name rule).
    const key = `${r.net.trim()}\u0000${r.kind}\u0000${value}\u0000${r.note ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ point: r.net, kind: r.kind, value, note: r.note ?? null });
  }
  return out;
}

/** Which of the document's boards the values are for: all of them, or those whose number or alias is `id`. */
function boardsOf(documentId: string, boardId: string | null): SQL {
  if (boardId === null) return sql`select board_id from document_boards where document_id = ${documentId}`;
  const norm = normalizeBoardNumber(boardId);
  return sql`select l.board_id from document_boards l join boards b on b.id = l.board_id
    where l.document_id = ${documentId} and (b.norm = ${norm} or exists (select 1 from board_aliases a where a.board_id = l.board_id and a.norm = ${norm}))`;
}

export interface ReferenceContent {
  values: ReferenceValueRow[];
  parts: OpenBoardData["parts"];
  notes: OpenBoardData["notes"];
}

/**
 * The statements that replace the document's reference rows. `fileBoard` is the board number the file states (its
 * `ID`): only the document's boards that agree get values; null gives them to all the document's boards.
 */
export function referenceStatements(documentId: string, fileBoard: string | null, content: ReferenceContent | null): SQL[] {
  const statements: SQL[] = [
    sql`delete from reference_values where document_id = ${documentId}`,
    sql`delete from reference_parts where document_id = ${documentId}`,
    sql`delete from reference_notes where document_id = ${documentId}`,
  ];
  if (!content) return statements;
  const boards = boardsOf(documentId, fileBoard);
  chunks(content.values.map((v, i) => [i, normalizePoint(v.point), v.point, v.kind, v.value, v.note])).forEach((rows) => {
    statements.push(sql`insert or replace into reference_values (document_id, board_id, position, norm, point, kind, value, note)
      select ${documentId}, b.board_id, json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]'), json_extract(j.value, '$[4]'), json_extract(j.value, '$[5]')
      from (${boards}) b, json_each(${JSON.stringify(rows)}) j`);
  });
  const parts = content.parts.filter((p) => normalizePoint(p.designator));
  chunks(parts.map((p) => [normalizePoint(p.designator), p.designator, p.value, p.package, p.code, p.fitted ? 1 : 0])).forEach((rows) => {
    statements.push(sql`insert or replace into reference_parts (document_id, board_id, norm, designator, value, package, code, fitted)
      select ${documentId}, b.board_id, json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]'), json_extract(j.value, '$[4]'), json_extract(j.value, '$[5]')
      from (${boards}) b, json_each(${JSON.stringify(rows)}) j`);
  });
  chunks(content.notes.map((n, i) => [i, n.section, n.title, n.body])).forEach((rows) => {
    statements.push(sql`insert or replace into reference_notes (document_id, board_id, position, section, title, body)
      select ${documentId}, b.board_id, json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]')
      from (${boards}) b, json_each(${JSON.stringify(rows)}) j`);
  });
  return statements;
}

/** The statement that tells whether the library knows the file's board at all, by its number or an alias (a row when it does). */
export function boardKnown(fileBoard: string): SQL {
  const norm = normalizeBoardNumber(fileBoard);
  return sql`select 1 from boards where norm = ${norm} union all select 1 from board_aliases where norm = ${norm} limit 1`;
}

/** The statement that tells whether the file's board agrees with one of the document's boards (a row when it does). */
export function boardAgreement(documentId: string, fileBoard: string): SQL {
  return sql`${boardsOf(documentId, fileBoard)} limit 1`;
}

/** Page text of a reference file: its nets and parts with their values, so search finds the file by them. */
export function referencePages(data: OpenBoardData, values: readonly ReferenceValueRow[]): string[] {
  const lines = [
    [data.id, data.brand, data.type, data.comment].filter(Boolean).join(" "),
    ...values.map((v) => `${v.point} ${v.kind} ${v.value}${v.note ? ` ${v.note}` : ""}`),
    ...data.parts.map((p) => [p.designator, p.value, p.package, p.code].filter(Boolean).join(" ")),
    ...data.notes.map((n) => [n.section, n.title, n.body].filter(Boolean).join("\n")),
  ];
  const text = lines.join("\n");
  return text.trim() ? [text.slice(0, 1_000_000)] : [];
}
