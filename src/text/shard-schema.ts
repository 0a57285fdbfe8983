// A text database's schema (shards.ts): its tables, the FTS5 page index, the triggers that keep the index equal
// to the text, and its rebuild; migrations-text/ is generated from this (tokenization: fts.ts). Layout:
// - page_keys: a stable integer n per document on this shard (AUTOINCREMENT, never reused) and its type.
// - document_pages: one row per page of text (the text itself; D1 rows stay far below 1 MB).
// - page_index: contentless FTS5 over the pages, rowid n * PAGE_FACTOR + page (as the primary's page rows),
//   with the type's marker token in column `type`, so the type filter is part of the MATCH.
// The shard knows nothing about visibility: search asks the primary about every document a shard names.
import { CONTENTLESS, PAGE_FACTOR, TOKENIZE, TYPE_TOKEN_PREFIX } from "./fts";

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
 * The page index's words, read by the search vocabulary (src/search/index/vocabulary.ts: word forms and typos live on
 * the primary and are fed from every text database too). migrations-text/0001_page_vocab.sql.
 */
export const PAGE_VOCAB_SQL = "create virtual table page_index_vocab using fts5vocab(page_index, 'row')";

function pageIndexTriggerNames(): string[] {
  return pageIndexTriggers().map((t) => /^create trigger (\w+)/.exec(t)![1]);
}

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
