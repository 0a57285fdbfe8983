// How common a word is on each text database: its page index's vocabulary counted (src/search/index/term-counts.ts),
// all databases at once, read through the nearest replica.
import type { TextShard } from "../../text/shards";
import { countName, countsStatement, type CountKey } from "./term-counts";

/** Each text database's vocabulary of its page index (src/text/shard-schema.ts). */
export const PAGE_VOCABULARY = { pages: "page_index_vocab" };

/** A counts statement's rows (src/search/index/term-counts.ts) by count name. */
export const countsByName = (rows: Record<string, unknown>[]) => new Map(rows.map((r) => [String(r.name), Number(r.pages ?? 0)]));

/**
 * A session per shard read: with read replication on, the nearest replica answers (page text changes only
 * when a document is processed, imported or deleted; the primary decides what is visible meanwhile).
 */
export function shardReader(shard: TextShard): Pick<D1Database, "prepare" | "batch"> {
  const db = shard.db as D1Database & { withSession?: D1Database["withSession"] };
  return typeof db.withSession === "function" ? db.withSession("first-unconstrained") : db;
}

/** Per text database, the counts of `keys` it does not know yet (`cached` answers first), all databases at once. */
export async function countShards(
  shards: readonly TextShard[],
  keys: readonly CountKey[],
  cached: (shard: string, name: string) => number | undefined,
  remember: (shard: string, name: string, count: number) => void,
): Promise<void> {
  await Promise.all(
    shards.map(async (shard) => {
      const missing = keys.filter((k) => cached(shard.name, countName(k)) === undefined);
      if (!missing.length) return;
      const statement = countsStatement(PAGE_VOCABULARY, missing);
      const rows = await shardReader(shard)
        .prepare(statement.sql)
        .bind(...statement.params)
        .all<Record<string, unknown>>();
      const counts = countsByName(rows.results);
      for (const k of missing) remember(shard.name, countName(k), counts.get(countName(k)) ?? 0);
    }),
  );
}
