// Search over the text shards: each shard is asked in parallel (one round trip of wall time however many
// shards), each bounded as the primary's groups are (the newest `candidates` matching pages, at most
// SHARD_DOCUMENTS documents back). A shard answers document ids, scores and the best page; whether a document
// may be shown is decided on the primary (src/search/index.ts merges these hits into the documents group
// through the visibility rule), never here.
import type { TextShard } from "../text/shards";
import { SEARCH_GROUP_LIMIT } from "../schemas/search";
import { probeSql, rankSql } from "./page-match";
import { hasLoose, matchExpression, probeExpression, withMarker, type ParsedQuery } from "./query";

/** A document a shard matched: its best page and that page's bm25 score (lower is better). */
export interface ShardHit {
  id: string;
  score: number;
  page: number;
  /** 1 when its page matches every word as typed (exact matches rank first, as on the primary). */
  exact: number;
  /** The page's text (its start), for the shard's best SEARCH_GROUP_LIMIT documents: the highlight's source. */
  text: string | null;
  shard: string;
}

/** Documents each shard returns at most: room for the primary to drop invisible ones and still fill a page. */
export const SHARD_DOCUMENTS = 50;

/**
 * A session per shard read: with read replication on, the nearest replica answers (page text changes only
 * when a document is processed, imported or deleted; the primary decides what is visible meanwhile).
 */
function reader(shard: TextShard): Pick<D1Database, "prepare" | "batch"> {
  const db = shard.db as D1Database & { withSession?: D1Database["withSession"] };
  return typeof db.withSession === "function" ? db.withSession("first-unconstrained") : db;
}

/** Per shard, per term: whether the word is common there (at least `cap` pages). `cached` answers first. */
export async function probeShards(
  shards: readonly TextShard[],
  parsed: ParsedQuery,
  cap: number,
  cached: (shard: string, probe: string) => boolean | undefined,
  remember: (shard: string, probe: string, common: boolean) => void,
): Promise<Record<string, boolean[]>> {
  const probes = parsed.terms.map((t) => probeExpression(t));
  const entries = await Promise.all(
    shards.map(async (shard) => {
      const missing = probes.filter((p) => cached(shard.name, p) === undefined);
      if (missing.length) {
        const db = reader(shard);
        const results = await db.batch(missing.map((p) => db.prepare(probeSql(cap)).bind(p)));
        for (const [i, p] of missing.entries()) remember(shard.name, p, Boolean((results[i].results[0] as { common?: number } | undefined)?.common));
      }
      return [shard.name, probes.map((p) => cached(shard.name, p) ?? false)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The statement and bindings one shard runs for a query, given which terms are common on it. */
export function shardPlan(
  parsed: ParsedQuery,
  common: boolean[],
  mode: "all" | "any",
  marker: string | undefined,
  candidates: number,
): { sql: string; params: string[] } | undefined {
  const match = matchExpression(parsed, mode);
  if (!match) return undefined;
  const filter = marker ? withMarker(match, marker) : match;
  const exactMatch = hasLoose(parsed) ? matchExpression(parsed, mode, "exact") : undefined;
  const exact = exactMatch ? [marker ? withMarker(exactMatch, marker) : exactMatch] : [];
  // As the primary's tiered groups: common words filter but are not weighed; with nothing left to weigh
  // (or in the forgiving pass with a common word), the newest matches come first.
  const selective = { ...parsed, terms: parsed.terms.filter((_, i) => !common[i]) };
  const rank = !common.some(Boolean) ? match : mode === "all" && selective.terms.length ? matchExpression(selective)! : undefined;
  // ?2 is bound either way (unused without ranking): numbered parameters keep their places.
  const options = { exact: exact.length > 0, candidates, documents: SHARD_DOCUMENTS, texts: SEARCH_GROUP_LIMIT };
  if (!rank) return { sql: rankSql({ ...options, rank: false }), params: exact.length ? [filter, filter, ...exact] : [filter] };
  return { sql: rankSql({ ...options, rank: true }), params: [filter, rank, ...exact] };
}

/** Every shard's best documents for the query, all shards at once. */
export async function rankShards(
  shards: readonly TextShard[],
  parsed: ParsedQuery,
  common: Record<string, boolean[]>,
  mode: "all" | "any",
  marker: string | undefined,
  candidates: number,
): Promise<ShardHit[]> {
  const perShard = await Promise.all(
    shards.map(async (shard) => {
      const plan = shardPlan(parsed, common[shard.name] ?? parsed.terms.map(() => false), mode, marker, candidates);
      if (!plan) return [];
      const rows = await reader(shard)
        .prepare(plan.sql)
        .bind(...plan.params)
        .all<{ id: string; score: number; page: number; exact: number; text: string | null }>();
      return rows.results.map((r) => ({
        id: r.id,
        score: Number(r.score),
        page: Number(r.page),
        exact: Number(r.exact),
        text: r.text ?? null,
        shard: shard.name,
      }));
    }),
  );
  return perShard.flat();
}
