// The search index, as SQL: FTS5 tables, the triggers that keep them in sync with the base tables,
// and the statements that drop and repopulate them. One source for the migration
// (migrations/0001_search.sql is generated from searchSchemaStatements()), the rebuild and the tests.
//
// Layout (all FTS tables contentless with contentless_delete, so base text is never stored twice):
// - search_keys: a stable integer n per document, thread, case and post (AUTOINCREMENT: never reused,
//   so a stale index row can never point at another item). Rebuilt in creation order, so a higher n
//   means newer: the search ranks a bounded set of the newest matches (see src/search/index.ts).
// - search_documents: one metadata row per document (rowid META_BASE + n) and one row per page of
//   text (rowid n * PAGE_FACTOR + page). Metadata rows sort above page rows in rowid order, so
//   title and metadata matches enter the candidate set first. The `type` column of every row holds
//   one marker token (TYPE_TOKEN_PREFIX + type) so the type filter is part of the MATCH without a
//   column filter (column filters make FTS5 decode every position list: ten times slower).
// - search_threads (title, board, body, visible replies), search_posts, search_cases (title, board,
//   model, components' designators and part numbers), search_boards (rowid = boards.id).
// Visibility is never baked into the index: every search joins the base tables through the same
// rule as the read API (src/db/visibility.ts).
import { CONTENTLESS, PAGE_FACTOR, TOKENIZE, TYPE_TOKEN_PREFIX } from "../../text/fts";

// The FTS constants live with the text (shared with the text databases); named here for search's modules.
export { CONTENTLESS, PAGE_FACTOR, TOKENIZE, TYPE_TOKEN_PREFIX };

export const META_BASE = 4503599627370496; // 2^52: above every page rowid
export const MAX_REPLIES_INDEXED = 200;
/**
 * The recent tier: search_documents_recent, search_threads_recent and search_cases_recent hold the rows of the newest
 * RECENT_KEYS keys only. bm25 reads every row of each phrase to weigh it (its IDF), so a word found
 * in most of 100 000 pages costs milliseconds however few rows are ranked; over the recent tier that
 * cost is bounded. The search ranks words that are common across the whole index there.
 */
export const RECENT_KEYS = 20000;
export const MAX_REPLY_CHARS = 4000;

export const typeTokenOf = (type: string) => TYPE_TOKEN_PREFIX + type.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
const typeToken = (column: string) => `'${TYPE_TOKEN_PREFIX}' || lower(replace(${column}, '_', ''))`;

/** FTS tables and their bm25 column weights (title above everything, body last). */
export const FTS_TABLES = {
  search_documents: { columns: ["type", "title", "codes", "meta", "body"], weights: [0, 10, 6, 3, 1] },
  search_documents_recent: { columns: ["type", "title", "codes", "meta", "body"], weights: [0, 10, 6, 3, 1] },
  search_threads: { columns: ["title", "codes", "body", "replies"], weights: [10, 6, 2, 1] },
  search_threads_recent: { columns: ["title", "codes", "body", "replies"], weights: [10, 6, 2, 1] },
  search_posts: { columns: ["title", "tags", "excerpt", "body"], weights: [10, 5, 3, 1] },
  search_cases: { columns: ["title", "codes", "symptom", "body"], weights: [10, 6, 4, 1] },
  search_cases_recent: { columns: ["title", "codes", "symptom", "body"], weights: [10, 6, 4, 1] },
  search_boards: { columns: ["number", "info"], weights: [10, 2] },
} as const;

export type FtsTable = keyof typeof FTS_TABLES;

/** Upper case without the usual separators: the SQL twin of normalizeBoardNumber for part numbers. */
const normSql = (x: string) => `upper(replace(replace(replace(replace(replace(${x}, '-', ''), ' ', ''), '_', ''), '.', ''), '/', ''))`;
const boardCodes = (boardId: string) => `(select b.number || ' ' || b.norm from boards b where b.id = ${boardId})`;
const key = (kind: string, id: string) => `(select n from search_keys where kind = '${kind}' and id = ${id})`;

// ---- the index rows, as "insert or replace … select … where <filter>" (filter over the base tables) ----

/** The same rows into the whole index and, for keys among the newest RECENT_KEYS, into the recent tier. */
function tiered(table: "search_documents" | "search_threads" | "search_cases", statement: (table: string) => string, filter: string): string[] {
  return [
    statement(table) + `\nwhere ${filter}`,
    statement(`${table}_recent`) + `\nwhere (${filter}) and k.n > (select max(n) from search_keys) - ${RECENT_KEYS}`,
  ];
}

export function documentMetaRows(filter: string): string[] {
  return tiered(
    "search_documents",
    (table) => `insert or replace into ${table} (rowid, type, title, codes, meta, body)
select k.n + ${META_BASE}, ${typeToken("d.type")}, d.title,
  (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
  ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
  null
from documents d join search_keys k on k.kind = 'document' and k.id = d.id`,
    filter,
  );
}

export function documentPageRows(filter: string): string[] {
  return tiered(
    "search_documents",
    (table) => `insert or replace into ${table} (rowid, type, title, codes, meta, body)
select k.n * ${PAGE_FACTOR} + p.page, ${typeToken("d.type")}, null, null, null, p.text
from document_pages p join documents d on d.id = p.document_id join search_keys k on k.kind = 'document' and k.id = d.id`,
    `p.page between 0 and ${PAGE_FACTOR - 1} and ${filter}`,
  );
}

export function threadRows(filter: string): string[] {
  return tiered(
    "search_threads",
    (table) => `insert or replace into ${table} (rowid, title, codes, body, replies)
select k.n, t.title, ${boardCodes("t.board_id")}, t.body,
  (select group_concat(body, ' ') from (select substr(r.body, 1, ${MAX_REPLY_CHARS}) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit ${MAX_REPLIES_INDEXED}))
from threads t join search_keys k on k.kind = 'thread' and k.id = t.id`,
    filter,
  );
}

export function postRows(filter: string): string {
  return `insert or replace into search_posts (rowid, title, tags, excerpt, body)
select k.n, p.title, (select group_concat(tag, ' ') from blog_post_tags t where t.post_id = p.id), p.excerpt, p.body
from blog_posts p join search_keys k on k.kind = 'post' and k.id = p.id
where ${filter}`;
}

export function caseRows(filter: string): string[] {
  return tiered(
    "search_cases",
    (table) => `insert or replace into ${table} (rowid, title, codes, symptom, body)
select k.n, c.title,
  ifnull(${boardCodes("c.board_id")}, '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
  ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || ${normSql("x.part_number")}, ''), ' ') from case_components x where x.case_id = c.id), ''),
  c.symptom,
  c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id`,
    filter,
  );
}

export function boardRows(filter: string): string {
  return `insert or replace into search_boards (rowid, number, info)
select b.id, b.number || ' ' || b.norm || ' ' || ifnull((select group_concat(a.alias || ' ' || a.norm, ' ') from board_aliases a where a.board_id = b.id), ''),
  ifnull(b.codename, '') || ' ' || ifnull(b.platform, '') || ' ' || ifnull(b.board_code, '') || ' ' || ifnull((select name from manufacturers m where m.id = b.manufacturer_id), '')
from boards b
where ${filter}`;
}

// ---- schema: key table, FTS tables, triggers ----

function ftsTable(name: FtsTable): string {
  return `create virtual table ${name} using fts5(${FTS_TABLES[name].columns.join(", ")}, ${CONTENTLESS}, ${TOKENIZE})`;
}

function trigger(name: string, event: string, body: (string | string[])[]): string {
  return `create trigger ${name} ${event} begin\n${body
    .flat()
    .map((s) => `  ${s.replace(/\n/g, "\n  ")};`)
    .join("\n")}\nend`;
}

/** Deletes index rows from a table and its recent tier. */
const deleteRows = (table: "search_documents" | "search_threads" | "search_cases", where: string) => [
  `delete from ${table} where ${where}`,
  `delete from ${table}_recent where ${where}`,
];

const newKey = (kind: string) => `insert or ignore into search_keys (kind, id) values ('${kind}', new.id)`;
const dropKey = (kind: string) => `delete from search_keys where kind = '${kind}' and id = old.id`;

function triggers(): string[] {
  const evicted = `new.n - ${RECENT_KEYS}`;
  return [
    // a new key pushes the key RECENT_KEYS older out of the recent tier
    trigger("search_keys_ai", "after insert on search_keys", [
      `delete from search_documents_recent where rowid = ${evicted} + ${META_BASE}`,
      `delete from search_documents_recent where rowid in (select k.n * ${PAGE_FACTOR} + p.page from search_keys k join document_pages p on p.document_id = k.id where k.n = ${evicted} and k.kind = 'document')`,
      `delete from search_threads_recent where rowid = ${evicted}`,
      `delete from search_cases_recent where rowid = ${evicted}`,
    ]),
    // documents: metadata row, page rows, and the type copied into every row
    trigger("search_documents_ai", "after insert on documents", [newKey("document"), documentMetaRows("d.id = new.id")]),
    trigger("search_documents_au", "after update of title, type, manufacturer_id, chipset, board_revision, tags, description on documents", [
      documentMetaRows("d.id = new.id"),
    ]),
    trigger("search_documents_type_au", "after update of type on documents when old.type is not new.type", [
      documentPageRows("p.document_id = new.id"),
    ]),
    trigger("search_documents_ad", "after delete on documents", [
      deleteRows(
        "search_documents",
        `rowid in (select k.n * ${PAGE_FACTOR} + p.page from document_pages p join search_keys k on k.kind = 'document' and k.id = old.id where p.document_id = old.id)`,
      ),
      deleteRows("search_documents", `rowid = ${key("document", "old.id")} + ${META_BASE}`),
      dropKey("document"),
    ]),
    trigger("search_document_pages_ai", "after insert on document_pages", [
      documentPageRows("p.document_id = new.document_id and p.page = new.page"),
    ]),
    trigger("search_document_pages_au", "after update on document_pages", [
      deleteRows("search_documents", `rowid = ${key("document", "old.document_id")} * ${PAGE_FACTOR} + old.page`),
      documentPageRows("p.document_id = new.document_id and p.page = new.page"),
    ]),
    trigger("search_document_pages_ad", "after delete on document_pages", [
      deleteRows("search_documents", `rowid = ${key("document", "old.document_id")} * ${PAGE_FACTOR} + old.page`),
    ]),
    trigger("search_document_boards_ai", "after insert on document_boards", [documentMetaRows("d.id = new.document_id")]),
    trigger("search_document_boards_ad", "after delete on document_boards", [documentMetaRows("d.id = old.document_id")]),

    // threads: title, board, body and the visible replies
    trigger("search_threads_ai", "after insert on threads", [newKey("thread"), threadRows("t.id = new.id")]),
    trigger("search_threads_au", "after update of title, body, board_id on threads", [threadRows("t.id = new.id")]),
    trigger("search_threads_ad", "after delete on threads", [deleteRows("search_threads", `rowid = ${key("thread", "old.id")}`), dropKey("thread")]),
    trigger("search_thread_replies_ai", "after insert on thread_replies", [threadRows("t.id = new.thread_id")]),
    trigger("search_thread_replies_au", "after update of body, hidden, thread_id on thread_replies", [
      threadRows("t.id = old.thread_id"),
      threadRows("t.id = new.thread_id"),
    ]),
    trigger("search_thread_replies_ad", "after delete on thread_replies", [threadRows("t.id = old.thread_id")]),

    // blog posts and their tags
    trigger("search_posts_ai", "after insert on blog_posts", [newKey("post"), postRows("p.id = new.id")]),
    trigger("search_posts_au", "after update of title, excerpt, body on blog_posts", [postRows("p.id = new.id")]),
    trigger("search_posts_ad", "after delete on blog_posts", [`delete from search_posts where rowid = ${key("post", "old.id")}`, dropKey("post")]),
    trigger("search_post_tags_ai", "after insert on blog_post_tags", [postRows("p.id = new.post_id")]),
    trigger("search_post_tags_ad", "after delete on blog_post_tags", [postRows("p.id = old.post_id")]),

    // repair cases, their components and measurements
    trigger("search_cases_ai", "after insert on repair_cases", [newKey("case"), caseRows("c.id = new.id")]),
    trigger("search_cases_au", "after update of title, symptom, device_model, board_id, manufacturer_id, diagnosis, fix on repair_cases", [
      caseRows("c.id = new.id"),
    ]),
    trigger("search_cases_ad", "after delete on repair_cases", [deleteRows("search_cases", `rowid = ${key("case", "old.id")}`), dropKey("case")]),
    trigger("search_case_components_ai", "after insert on case_components", [caseRows("c.id = new.case_id")]),
    trigger("search_case_components_au", "after update on case_components", [caseRows("c.id = new.case_id")]),
    trigger("search_case_components_ad", "after delete on case_components", [caseRows("c.id = old.case_id")]),
    trigger("search_case_measurements_ai", "after insert on case_measurements", [caseRows("c.id = new.case_id")]),
    trigger("search_case_measurements_au", "after update on case_measurements", [caseRows("c.id = new.case_id")]),
    trigger("search_case_measurements_ad", "after delete on case_measurements", [caseRows("c.id = old.case_id")]),

    // boards and aliases; a renamed board or manufacturer re-indexes what names it
    trigger("search_boards_ai", "after insert on boards", [boardRows("b.id = new.id")]),
    trigger("search_boards_au", "after update on boards", [boardRows("b.id = new.id")]),
    trigger("search_boards_number_au", "after update of number, norm on boards when old.number is not new.number or old.norm is not new.norm", [
      documentMetaRows("d.id in (select document_id from document_boards where board_id = new.id)"),
      threadRows("t.board_id = new.id"),
      caseRows("c.board_id = new.id"),
    ]),
    trigger("search_boards_ad", "after delete on boards", ["delete from search_boards where rowid = old.id"]),
    trigger("search_board_aliases_ai", "after insert on board_aliases", [boardRows("b.id = new.board_id")]),
    trigger("search_board_aliases_au", "after update on board_aliases", [boardRows("b.id = old.board_id"), boardRows("b.id = new.board_id")]),
    trigger("search_board_aliases_ad", "after delete on board_aliases", [boardRows("b.id = old.board_id")]),
    trigger("search_manufacturers_au", "after update of name on manufacturers when old.name is not new.name", [
      boardRows("b.manufacturer_id = new.id"),
      documentMetaRows("d.manufacturer_id = new.id"),
      caseRows("c.manufacturer_id = new.id"),
    ]),
  ];
}

/**
 * Everything the search index consists of, in creation order: what a rebuild creates. A change here also
 * needs a new migration (`npm run search:rebuild -- --print-migration` prints the SQL to start from);
 * applied migrations are never edited.
 */
export function searchSchemaStatements(): string[] {
  return [
    "create table search_keys (n integer primary key autoincrement, kind text not null, id text not null, unique (kind, id))",
    ...(Object.keys(FTS_TABLES) as FtsTable[]).map(ftsTable),
    ...triggers(),
  ];
}

/** Names of every trigger of the index (the rebuild drops them before the tables). */
export function searchTriggerNames(): string[] {
  return triggers().map((t) => /^create trigger (\w+)/.exec(t)![1]);
}

/** Drops the whole index: triggers, FTS tables and keys. Base tables are untouched. */
export function dropSearchStatements(): string[] {
  return [
    ...searchTriggerNames().map((name) => `drop trigger if exists ${name}`),
    ...(Object.keys(FTS_TABLES) as FtsTable[]).map((name) => `drop table if exists ${name}`),
    "drop table if exists search_keys",
  ];
}

export type KeyKind = "document" | "thread" | "post" | "case";

/**
 * Keys of every kind interleaved in creation order, as a live site creates them: rowid order follows
 * age (the bounded candidates rely on it) and the newest RECENT_KEYS keys hold each kind in its share.
 */
export function keyFillStatements(): string[] {
  return [
    `insert or ignore into search_keys (kind, id) select kind, id from (
  select 'document' as kind, id, created_at as at from documents
  union all select 'thread', id, created_at from threads
  union all select 'post', id, coalesce(published_at, created_at) from blog_posts
  union all select 'case', id, coalesce(published_at, created_at) from repair_cases
) order by at, kind, id`,
  ];
}

/** Fills the index for keys n in [from, to] (chunks keep each statement short on a large remote database). */
export function fillStatements(from: number, to: number): string[] {
  const range = `k.n between ${Math.trunc(from)} and ${Math.trunc(to)}`;
  return [...documentMetaRows(range), ...documentPageRows(range), ...threadRows(range), postRows(range), ...caseRows(range)];
}

export function boardFillStatement(): string {
  return boardRows("1 = 1");
}

/** Merges each FTS table's segments into one after a bulk fill: fewer b-trees per term, faster prefix queries. */
export function optimizeStatements(): string[] {
  return (Object.keys(FTS_TABLES) as FtsTable[]).map((name) => `insert into ${name} (${name}) values ('optimize')`);
}
