// The page-text index, as SQL that runs against any D1 database (a text shard; see src/text/). One module
// defines everything about it: the tables and FTS5 index (DDL), how a document's pages are written to and
// removed from it, and how it is probed and ranked by search. A change of tokenization is made here (and in
// a new migration of migrations-text/), and every shard follows it.
//
// Layout of a text shard:
// - page_keys: a stable integer n per document on this shard (AUTOINCREMENT, never reused) and its type.
// - document_pages: one row per page of text (the text itself; D1 rows stay far below 1 MB).
// - page_index: contentless FTS5 over the pages, rowid n * PAGE_FACTOR + page (as the primary's page rows),
//   with the type's marker token in column `type`, so the type filter is part of the MATCH.
// Triggers keep page_index equal to document_pages. The shard knows nothing about visibility: search asks the
// primary about every document a shard names.
import { CONTENTLESS, PAGE_FACTOR, TOKENIZE, TYPE_TOKEN_PREFIX } from "./index-sql";

/** bm25 weights of page_index's columns: the type marker never counts. */
export const PAGE_INDEX_WEIGHTS = "0.0, 1.0";

const typeToken = (column: string) => `'${TYPE_TOKEN_PREFIX}' || lower(replace(${column}, '_', ''))`;

/** The index rows of the pages that `filter` selects (over page_keys k and document_pages p). */
function indexRows(filter: string): string {
  return `insert or replace into page_index (rowid, type, body)
select k.n * ${PAGE_FACTOR} + p.page, ${typeToken("k.type")}, p.text
from document_pages p join page_keys k on k.document_id = p.document_id
where p.page between 0 and ${PAGE_FACTOR - 1} and ${filter}`;
}

const keyOf = (documentId: string) => `(select n from page_keys where document_id = ${documentId})`;

function trigger(name: string, event: string, body: string[]): string {
  return `create trigger ${name} ${event} begin\n${body.map((s) => `  ${s.replace(/\n/g, "\n  ")};`).join("\n")}\nend`;
}

/** Tables, index and triggers of a text shard, in creation order (migrations-text/ is generated from this). */
export function pageIndexSchemaStatements(): string[] {
  return [
    "create table page_keys (n integer primary key autoincrement, document_id text not null unique, type text not null default '')",
    "create table document_pages (document_id text not null, page integer not null, text text not null, primary key (document_id, page))",
    `create virtual table page_index using fts5(type, body, ${CONTENTLESS}, ${TOKENIZE})`,
    ...pageIndexTriggers(),
  ];
}

function pageIndexTriggers(): string[] {
  return [
    trigger("document_pages_ai", "after insert on document_pages", [indexRows("p.document_id = new.document_id and p.page = new.page")]),
    trigger("document_pages_au", "after update on document_pages", [
      `delete from page_index where rowid = ${keyOf("old.document_id")} * ${PAGE_FACTOR} + old.page`,
      indexRows("p.document_id = new.document_id and p.page = new.page"),
    ]),
    trigger("document_pages_ad", "after delete on document_pages", [
      `delete from page_index where rowid = ${keyOf("old.document_id")} * ${PAGE_FACTOR} + old.page`,
    ]),
    // A re-imported document of another type: its rows carry the new marker.
    trigger("page_keys_type_au", "after update of type on page_keys when old.type is not new.type", [indexRows("p.document_id = new.document_id")]),
  ];
}

/**
 * The page index's words, read by the search vocabulary (src/search/vocabulary.ts: word forms and typos live on
 * the primary and are fed from every text database too). migrations-text/0001_page_vocab.sql.
 */
export const PAGE_VOCAB_SQL = "create virtual table page_index_vocab using fts5vocab(page_index, 'row')";

export function pageIndexTriggerNames(): string[] {
  return pageIndexTriggers().map((t) => /^create trigger (\w+)/.exec(t)![1]);
}

// ---- writing and removing a document's text ----

/** A statement with its parameters (bound through a binding, or written into an SQL file). */
export interface TextStatement {
  sql: string;
  params: unknown[];
}

/** D1 binds at most 100 parameters per statement; a page row has 3. */
const PAGE_ROWS_PER_STATEMENT = 30;

/**
 * The statements that make a shard hold exactly these pages of a document (idempotent: run twice, the
 * second run writes nothing). Pages are numbered from 1; pages past the last are removed.
 */
export function writeTextStatements(documentId: string, type: string, pages: readonly string[]): TextStatement[] {
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
  return statements;
}

/** Removes a document's pages, their index rows and its key. */
export function deleteTextStatements(documentId: string): TextStatement[] {
  return [
    { sql: "delete from document_pages where document_id = ?", params: [documentId] },
    { sql: "delete from page_keys where document_id = ?", params: [documentId] },
  ];
}

/** Empties the shard (an import --reset). */
export const RESET_TEXT_SQL: readonly string[] = ["delete from document_pages", "delete from page_keys", "delete from page_index"];

/** Document ids this shard holds text for (the orphan check pages through them). */
export const TEXT_DOCUMENTS_SQL = "select document_id as id from page_keys where document_id > ? order by document_id limit ?";
/** Pages not under any key (written without one): orphans by construction. */
export const KEYLESS_PAGES_SQL =
  "select count(*) as n from document_pages p where not exists (select 1 from page_keys k where k.document_id = p.document_id)";

// ---- rebuilding the index ----

/** Drops the index and its triggers only (before `wrangler d1 export`, which refuses FTS5 tables); the text stays. */
export function dropPageIndexStatements(): string[] {
  return [...pageIndexTriggerNames().map((name) => `drop trigger if exists ${name}`), "drop table if exists page_index"];
}

/** Drops and refills page_index from document_pages, then merges its segments. */
export function rebuildPageIndexStatements(): string[] {
  return [
    ...dropPageIndexStatements(),
    `create virtual table page_index using fts5(type, body, ${CONTENTLESS}, ${TOKENIZE})`,
    ...pageIndexTriggers(),
    indexRows("1 = 1"),
    "insert into page_index (page_index) values ('optimize')",
  ];
}

// ---- search ----

/**
 * Whether a word is common on this shard: found in at least `cap` page rows. Bounded: reads at most `cap`
 * rowids. bm25 over a common word reads its whole position list to weigh it; such words filter but are not weighed.
 */
export function probeSql(cap: number): string {
  return `select count(*) >= ${Math.max(1, Math.trunc(cap))} as common from (select 1 from page_index where page_index match ? limit ${Math.max(1, Math.trunc(cap))})`;
}

/**
 * The best documents on this shard for a MATCH: the newest `candidates` matching pages (rowid order follows
 * creation), weighed by bm25 over the selective words (`rank`; none: newest first, score 0), best page per
 * document, at most `documents` documents. Rows: id, score (lower is better, as bm25), page, exact (1 when a
 * page matches every word as typed, not only through another form, a correction or a prefix; with `exact`
 * false every row counts as exact), and for the best `texts` documents the page's text (its first
 * TEXT_CHARS characters: the highlight is cut from it, in the same round trip). Parameters: ?1 the
 * candidates' MATCH, ?2 the weighed one, ?3 the exact one.
 */
export function rankSql(options: { rank: boolean; exact: boolean; candidates: number; documents: number; texts: number }): string {
  const candidates = Math.trunc(options.candidates);
  const documents = Math.trunc(options.documents);
  const exact = (r: string) =>
    options.exact ? `(${r} in (select rowid from page_index where page_index match ?3 order by rowid desc limit ${candidates}))` : "1";
  const ranked = !options.rank
    ? `select k.document_id as id, 0.0 as score, max(c.r) % ${PAGE_FACTOR} as page, max(c.exact) as exact, -max(c.r) as ord
from (select rowid as r, ${exact("rowid")} as exact from page_index where page_index match ?1 order by rowid desc limit ${candidates}) c
join page_keys k on k.n = c.r / ${PAGE_FACTOR}
group by k.document_id order by max(c.exact) desc, max(c.r) desc limit ${documents}`
    : `select k.document_id as id, min(s.score) as score, s.r % ${PAGE_FACTOR} as page, max(s.exact) as exact, min(s.score) as ord
from (select page_index.rowid as r, bm25(page_index, ${PAGE_INDEX_WEIGHTS}) as score, ${exact("page_index.rowid")} as exact from page_index
  where page_index match ?2 and (page_index.rowid + 0) in (select r from cand) limit ${candidates}) s
join page_keys k on k.n = s.r / ${PAGE_FACTOR}
group by k.document_id order by max(s.exact) desc, min(s.score), k.document_id desc limit ${documents}`;
  return `${
    options.rank
      ? `with cand(r) as (select rowid from page_index where page_index match ?1 order by rowid desc limit ${candidates})
`
      : ""
  }select x.id as id, x.score as score, x.page as page, x.exact as exact,
  case when x.n <= ${Math.trunc(options.texts)} then (select substr(p.text, 1, ${TEXT_CHARS}) from document_pages p where p.document_id = x.id and p.page = x.page) end as text
from (select r.*, row_number() over (order by r.exact desc, r.ord, r.id desc) as n from (${ranked}) r) x`;
}

/** Characters of a matched page sent back with a shard's answer, for its highlight. */
export const TEXT_CHARS = 20000;
