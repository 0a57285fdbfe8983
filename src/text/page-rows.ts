// Page-text rows on a text shard (shard-schema.ts) as SQL with its parameters: writing a document's pages,
// removing them, emptying a shard, and the reads of the orphan check. Pure statements, so the Worker runs them
// through a binding (store.ts) and the importer writes them into an SQL file (cli/import/text.ts).

/** A statement with its parameters (bound through a binding, or written into an SQL file). */
export interface TextStatement {
  sql: string;
  params: unknown[];
}

/** D1 binds at most 100 parameters per statement; a page row has 3. */
const PAGE_ROWS_PER_STATEMENT = 30;

/**
 * Where a page's words stand (src/text/places.ts): one row per page that has any; migrations-text/0004. `runs` holds
 * a BLOB (src/text/places-codec.ts, version 2) or, written before it, base-64 TEXT: TEXT affinity keeps a BLOB as is.
 */
export const PLACES_SCHEMA: readonly string[] = [
  "create table document_places (document_id text not null, page integer not null, runs text not null, primary key (document_id, page))",
];

/** Page rows' places: pages without runs hold no row (a new version without them removes the old ones). */
function placeStatements(documentId: string, places: readonly Uint8Array[]): TextStatement[] {
  const kept = places.flatMap((runs, i) => (runs?.length ? [{ page: i + 1, runs }] : []));
  const statements: TextStatement[] = [
    {
      sql: "delete from document_places where document_id = ? and page not in (select value from json_each(?))",
      params: [documentId, JSON.stringify(kept.map((p) => p.page))],
    },
  ];
  for (let start = 0; start < kept.length; start += PAGE_ROWS_PER_STATEMENT) {
    const rows = kept.slice(start, start + PAGE_ROWS_PER_STATEMENT);
    statements.push({
      sql: `insert into document_places (document_id, page, runs) values ${rows.map(() => "(?, ?, ?)").join(", ")}
on conflict (document_id, page) do update set runs = excluded.runs where document_places.runs is not excluded.runs`,
      params: rows.flatMap((p) => [documentId, p.page, p.runs]),
    });
  }
  return statements;
}

/**
 * The statements that make a shard hold exactly these pages of a document (idempotent: run twice, the
 * second run writes nothing). Pages are numbered from 1; pages past the last are removed.
 */
export function writeTextStatements(documentId: string, type: string, pages: readonly string[], places: readonly Uint8Array[] = []): TextStatement[] {
  const statements: TextStatement[] = [
    {
      sql: "insert into page_keys (document_id, type) values (?, ?) on conflict (document_id) do update set type = excluded.type where page_keys.type is not excluded.type",
      params: [documentId, type],
    },
    { sql: "delete from document_pages where document_id = ? and page > ?", params: [documentId, pages.length] },
  ];
  for (let start = 0; start < pages.length; start += PAGE_ROWS_PER_STATEMENT) {
    const rows = pages.slice(start, start + PAGE_ROWS_PER_STATEMENT);
    statements.push({
      sql: `insert into document_pages (document_id, page, text) values ${rows.map(() => "(?, ?, ?)").join(", ")}
on conflict (document_id, page) do update set text = excluded.text where document_pages.text is not excluded.text`,
      params: rows.flatMap((text, i) => [documentId, start + i + 1, text]),
    });
  }
  statements.push(...placeStatements(documentId, places.slice(0, pages.length)));
  return statements;
}

/** Removes a document's pages, their index rows and its key. */
export function deleteTextStatements(documentId: string): TextStatement[] {
  return [
    { sql: "delete from document_pages where document_id = ?", params: [documentId] },
    { sql: "delete from document_places where document_id = ?", params: [documentId] },
    { sql: "delete from page_keys where document_id = ?", params: [documentId] },
  ];
}

/** Empties the shard (an import --reset). */
export const RESET_TEXT_SQL: readonly string[] = [
  "delete from document_pages",
  "delete from document_places",
  "delete from page_keys",
  "delete from page_index",
];

/** Document ids this shard holds text for (the orphan check pages through them). */
export const TEXT_DOCUMENTS_SQL = "select document_id as id from page_keys where document_id > ? order by document_id limit ?";
/** Pages not under any key (written without one): orphans by construction. */
export const KEYLESS_PAGES_SQL =
  "select count(*) as n from document_pages p where not exists (select 1 from page_keys k where k.document_id = p.document_id)";
