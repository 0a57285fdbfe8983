// Writing and removing page text on the text shards, for every writer that runs inside a Worker (the queue
// consumer, document deletion, the import Worker). Order makes every failure safe to retry:
// 1. the document's shard is recorded on the primary first (a conditional update: the first choice wins);
// 2. the shard is written (one D1 batch: a transaction);
// 3. the primary marks the document done (the caller's batch).
// A failure after 1 leaves a recorded shard and no text: the retry writes the same shard. A failure after 2
// leaves text the document does not show yet (not available): the retry rewrites the same pages. Deletion
// removes the text before the document, so a failure never leaves text without a document.
import { deleteTextStatements, writeTextStatements, type TextStatement } from "./page-rows";
import { shardOf, type TextShard } from "./shards";

/** Runs the statements on the shard as one batch; returns the rows they changed (an upsert of the same text: none). */
export async function runOnShard(shard: Pick<TextShard, "db">, statements: readonly TextStatement[]): Promise<number> {
  if (!statements.length) return 0;
  const results = await shard.db.batch(statements.map((s) => shard.db.prepare(s.sql).bind(...s.params)));
  return results.reduce((rows, r) => rows + (r.meta?.changes ?? 0), 0);
}

/**
 * Records (once) and returns the shard of a document: its recorded one, else the placement rule's choice.
 * Undefined when the document does not exist.
 */
export async function recordShard(primary: D1Database, shards: readonly TextShard[], documentId: string): Promise<TextShard | undefined> {
  const row = await primary
    .prepare("update documents set text_shard = coalesce(text_shard, ?) where id = ? returning text_shard as shard")
    .bind(shardOf(shards, documentId, null).name, documentId)
    .first<{ shard: string }>();
  return row ? shardOf(shards, documentId, row.shard) : undefined;
}

/** Makes the document's shard hold exactly these pages (numbered from 1) and their places; records the shard first. */
export async function storeDocumentText(
  primary: D1Database,
  shards: readonly TextShard[],
  documentId: string,
  type: string,
  pages: readonly string[],
  places: readonly Uint8Array[] = [],
): Promise<TextShard | undefined> {
  const shard = await recordShard(primary, shards, documentId);
  if (shard) await runOnShard(shard, writeTextStatements(documentId, type, pages, places));
  return shard;
}

/**
 * Removes a document's text from its shard (before the document itself goes), in one batch with the rows that
 * layers above keep there (a boardview's parts and nets: they hand their delete statements in).
 */
export async function deleteDocumentText(
  shards: readonly TextShard[],
  documentId: string,
  recorded: string | null,
  alsoDelete: readonly TextStatement[],
): Promise<void> {
  if (!recorded) return;
  await runOnShard(shardOf(shards, documentId, recorded), [...deleteTextStatements(documentId), ...alsoDelete]);
}

export const hasAnyText = (pages: readonly string[]) => pages.some((p) => p.length > 0);

/** The shards recorded on documents (a JSON array of ids as the one parameter). */
const RECORDED_SHARDS_SQL = "select id as id, text_shard as shard from documents where id in (select value from json_each(?))";

/** The recorded shards of these documents (null: none yet), read through any D1-like database. */
export async function recordedShards(db: Pick<D1Database, "prepare">, ids: readonly string[]): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  if (!ids.length) return found;
  const rows = await db.prepare(RECORDED_SHARDS_SQL).bind(JSON.stringify(ids)).all<{ id: string; shard: string | null }>();
  for (const row of rows.results) found.set(row.id, row.shard);
  return found;
}
