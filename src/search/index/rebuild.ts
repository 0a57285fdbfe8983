// Rebuilds the search index from the base tables: drop, recreate, repopulate. Used by the CLI
// (scripts/search-rebuild.ts, locally through a D1 binding or remotely through a SQL file) and the
// tests. The base tables are never touched, so an operator can drop the index, export the database
// (`wrangler d1 export` refuses FTS5 tables) and rebuild.
import { dropPageIndexStatements, rebuildPageIndexStatements } from "../../text/shard-schema";
import { syncWholeVocabulary } from "./vocabulary";
import { boardFillStatement, dropSearchStatements, fillStatements, keyFillStatements, optimizeStatements, searchSchemaStatements } from "./index-sql";

/** Keys per fill statement: keeps each statement well inside D1's per-query time limit. */
export const FILL_CHUNK = 2000;

/** How many keys the rebuild will create: every document, thread, blog post and repair case. */
export const COUNT_KEYS_SQL =
  "select (select count(*) from documents) + (select count(*) from threads) + (select count(*) from blog_posts) + (select count(*) from repair_cases) as total";

/**
 * Every statement of a rebuild, in order. `keyCount` comes from COUNT_KEYS_SQL: the key table is
 * recreated (AUTOINCREMENT restarts at 1 once the table is dropped), so keys run 1..keyCount.
 */
export function rebuildStatements(keyCount: number, chunk = FILL_CHUNK): string[] {
  const fills: string[] = [];
  for (let from = 1; from <= keyCount; from += chunk) fills.push(...fillStatements(from, from + chunk - 1));
  return [...dropSearchStatements(), ...searchSchemaStatements(), ...keyFillStatements(), boardFillStatement(), ...fills, ...optimizeStatements()];
}

/** Drops the index only (before `wrangler d1 export`); rebuild afterwards. */
export function dropStatements(): string[] {
  return dropSearchStatements();
}

/** Whether the index exists (search:drop, or a bulk import under way, removes it). */
export const INDEX_PRESENT_SQL = "select count(*) as n from sqlite_master where type = 'table' and name = 'search_keys'";
/** How many items the index holds (only when it exists). */
export const INDEXED_ITEMS_SQL = "select count(*) as n from search_keys";

/** Items in the search index; undefined when the index is dropped. */
export async function searchIndexSize(db: D1Database): Promise<number | undefined> {
  const present = await db.prepare(INDEX_PRESENT_SQL).first<{ n: number }>();
  if (!Number(present?.n)) return undefined;
  return Number((await db.prepare(INDEXED_ITEMS_SQL).first<{ n: number }>())?.n ?? 0);
}

/** Rebuilds through a D1 binding. Schema changes run as one batch (all or nothing); fills follow. */
export async function rebuildSearchIndex(
  db: D1Database,
  onProgress?: (done: number, total: number) => void,
  /** The text databases whose words join the vocabulary too (their page indexes are rebuilt apart: rebuildPageIndex). */
  shards: readonly { name: string; db: D1Database }[] = [],
): Promise<{ keys: number; statements: number; rowsWritten: number }> {
  const row = await db.prepare(COUNT_KEYS_SQL).first<{ total: number }>();
  const keys = row?.total ?? 0;
  const statements = rebuildStatements(keys);
  const schemaCount = dropSearchStatements().length + searchSchemaStatements().length;
  await db.batch(statements.slice(0, schemaCount).map((s) => db.prepare(s)));
  const rest = statements.slice(schemaCount);
  let rowsWritten = 0;
  for (let i = 0; i < rest.length; i++) {
    const result = await db.prepare(rest[i]).run();
    rowsWritten += result.meta?.rows_written ?? 0;
    onProgress?.(i + 1, rest.length);
  }
  // The words of the new index (and of the text databases' page indexes), for word forms and typos (the
  // vocabulary is kept across rebuilds).
  await syncWholeVocabulary(db, shards);
  return { keys, statements: statements.length, rowsWritten };
}

/** Rebuilds one text shard's page index from its pages (one batch: all or nothing); returns the pages indexed. */
export async function rebuildPageIndex(db: D1Database): Promise<number> {
  await db.batch(rebuildPageIndexStatements().map((s) => db.prepare(s)));
  return Number((await db.prepare("select count(*) as n from document_pages").first<{ n: number }>())?.n ?? 0);
}

/** Drops one text shard's page index (its text stays); rebuildPageIndex restores it. */
export async function dropPageIndex(db: D1Database): Promise<void> {
  await db.batch(dropPageIndexStatements().map((s) => db.prepare(s)));
}
