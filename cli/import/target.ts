// Where an import writes: the D1 and R2 bindings of a Worker (tests, the local import Worker), or
// the deployed database through wrangler (scripts/lib/wrangler-target.ts). The importer only
// needs these four operations, so both paths share the whole pipeline.
import { DEFER_FOREIGN_KEYS, type Batch } from "./batch";
import { dropStatements, rebuildSearchIndex, searchIndexSize } from "../../src/search/index/rebuild";
import { RESET_BOARDVIEW_SQL } from "../../src/boardview/rows";
import { RESET_TEXT_SQL } from "../../src/text/page-rows";
import { textShards, type TextShard } from "../../src/text/shards";
import { runOnShard } from "../../src/text/store";
import { syncWholeVocabulary } from "../../src/search/index/vocabulary";
import { resetStatements } from "./load";
import { planTextWrites, recordedShards } from "./text";
import type { KeyKind } from "./validate";

export interface ImportTarget {
  /** Which of `keys` (of one kind) the database already holds. */
  existing(kind: KeyKind, keys: string[]): Promise<Set<string>>;
  /** Empties every content table (a --reset run, before its first batch). */
  reset(): Promise<void>;
  /** Stores the batch's files, then runs its statements as one D1 batch (one transaction); returns the rows D1 reports written (0 when unknown). */
  write(batch: Batch): Promise<number>;
  /** After a reset run: removes files no document version points at any more; returns how many. */
  removeUnreferencedFiles(): Promise<number>;
  /** Items in the search index; undefined when it is dropped (search:drop, or a bulk run under way or killed). */
  searchIndexSize(): Promise<number | undefined>;
  /** Drops the search index and its triggers, so a bulk run's writes do not keep it row by row. */
  dropSearchIndex(): Promise<void>;
  /** Rebuilds the whole search index from the base tables; returns the rows D1 reports written (0 when unknown). */
  rebuildSearchIndex(): Promise<number>;
  /** Adds the words the search index gained to the search vocabulary (word forms, typos); returns how many. Optional: the cron catches up. */
  syncVocabulary?(): Promise<number>;
}

/** A failure worth another try (the runtime restarted, the connection dropped): batches are idempotent. */
export class RetryableError extends Error {}

/** Keys per lookup query: one JSON array parameter, well under D1's statement limits. */
export const KEYS_PER_LOOKUP = 500;

/** One query per kind: which of the keys in the JSON array parameter exist (as `k`). */
export const EXISTING_SQL: Record<KeyKind, { sql: string; params: number }> = {
  user: { sql: "select username as k from users where username in (select value from json_each(?))", params: 1 },
  category: { sql: "select slug as k from categories where slug in (select value from json_each(?))", params: 1 },
  manufacturer: { sql: "select name as k from manufacturers where name in (select value from json_each(?))", params: 1 },
  document: { sql: "select id as k from documents where id in (select value from json_each(?))", params: 1 },
  thread: { sql: "select id as k from threads where id in (select value from json_each(?))", params: 1 },
  board: {
    sql: "select norm as k from boards where norm in (select value from json_each(?)) union select norm from board_aliases where norm in (select value from json_each(?))",
    params: 2,
  },
};

/** Which of the given R2 keys a document version points at. */
export const REFERENCED_KEYS_SQL = "select r2_key as k from document_versions where r2_key in (select value from json_each(?))";

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Writes a batch's page text to the text shards (all at once); returns the primary's statements recording them. */
export async function writeBatchTexts(primary: Pick<D1Database, "prepare">, shards: readonly TextShard[], batch: Batch) {
  if (!batch.texts.length) return [];
  const writes = planTextWrites(
    shards,
    batch.texts,
    await recordedShards(
      primary,
      batch.texts.map((t) => t.documentId),
    ),
  );
  const changed = await Promise.all([...writes.perShard].map(([name, statements]) => runOnShard(shards.find((s) => s.name === name)!, statements)));
  // Text unchanged on every text database (a re-run): nothing new to find, the generation stays.
  return [...writes.record, ...(changed.some((rows) => rows > 0) ? writes.raise : [])];
}

/** Writes through a Worker's own bindings (the text shards are those TEXT_SHARDS names among them). */
export function bindingTarget(env: { DB: D1Database; FILES: R2Bucket; TEXT_SHARDS?: string }): ImportTarget {
  const { DB, FILES } = env;
  const shards = textShards(env);
  return {
    async existing(kind, keys) {
      const found = new Set<string>();
      const { sql, params } = EXISTING_SQL[kind];
      for (const part of chunks(keys, KEYS_PER_LOOKUP)) {
        const json = JSON.stringify(part);
        const rows = await DB.prepare(sql)
          .bind(...Array(params).fill(json))
          .all<{ k: string }>();
        for (const row of rows.results) found.add(String(row.k));
      }
      return found;
    },
    async reset() {
      await Promise.all(shards.map((s) => s.db.batch([...RESET_TEXT_SQL, ...RESET_BOARDVIEW_SQL].map((q) => s.db.prepare(q)))));
      await DB.batch(resetStatements(DB));
    },
    async write(batch) {
      for (const o of batch.objects) {
        await FILES.put(o.key, o.bytes, { httpMetadata: { contentType: o.contentType }, customMetadata: { filename: o.filename } });
      }
      // Text first: a batch that fails after it is written again whole (both halves are idempotent).
      const record = await writeBatchTexts(DB, shards, batch);
      const statements = [...batch.statements, ...record];
      if (!statements.length) return 0;
      const results = await DB.batch([DB.prepare(DEFER_FOREIGN_KEYS), ...statements.map((s) => DB.prepare(s.sql).bind(...s.params))]);
      return results.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0);
    },
    async removeUnreferencedFiles() {
      let removed = 0;
      let cursor: string | undefined;
      do {
        const page = await FILES.list({ cursor, limit: KEYS_PER_LOOKUP });
        const keys = page.objects.map((o) => o.key);
        const kept = await DB.prepare(REFERENCED_KEYS_SQL).bind(JSON.stringify(keys)).all<{ k: string }>();
        const keep = new Set(kept.results.map((r) => r.k));
        const stale = keys.filter((k) => !keep.has(k));
        if (stale.length) await FILES.delete(stale);
        removed += stale.length;
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return removed;
    },
    searchIndexSize: () => searchIndexSize(DB),
    async dropSearchIndex() {
      await DB.batch(dropStatements().map((s) => DB.prepare(s)));
    },
    async rebuildSearchIndex() {
      return (await rebuildSearchIndex(DB, undefined, shards)).rowsWritten;
    },
    syncVocabulary: () => syncWholeVocabulary(DB, shards),
  };
}
