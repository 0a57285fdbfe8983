// Search over the text shards: each shard is asked in parallel (one round trip of wall time however many
// shards), each bounded as the primary's groups are (the newest `candidates` matching pages, at most
// SHARD_DOCUMENTS documents back). A shard answers document ids, scores and the best page; whether a document
// may be shown is decided on the primary (src/search/index.ts merges these hits into the documents group
// through the visibility rule), never here.
import type { TextShard } from "../../text/shards";
import { SEARCH_GROUP_LIMIT } from "../../schemas/search/search";
import { rankSql } from "./page-match";
import { hasLoose, matchExpression, withMarker, type ParsedQuery } from "../understand/query";
import { countsStatement, type CountKey } from "../index/term-counts";
import { countsByName, PAGE_VOCABULARY, shardReader } from "../index/shard-counts";
import type { ShardHit } from "../stages";
import { keepRanking, keptRanking } from "./kept-rankings";

/** Documents each shard returns at most: room for the primary to drop invisible ones and still fill a page. */
export const SHARD_DOCUMENTS = 50;

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

/** Counts a text database did not know before ranking: read in its ranking's batch, then remembered. */
export interface ShardCounts {
  pending: Record<string, CountKey[]>;
  remember: (shard: string, keys: CountKey[], counts: ReadonlyMap<string, number>) => void;
}

type HitRow = { id: string; score: number; page: number; exact: number; text: string | null };

/**
 * The text generation the search knew (undefined: not read yet, nothing is kept), and what to do when an answer
 * kept under it is taken (the ranking's batch then checks the generation: src/search/rank/kept-rankings.ts).
 */
export interface KeptAnswers {
  generation: number | undefined;
  taken: () => void;
}

/** Every shard's best documents for the query, all shards at once. */
export async function rankShards(
  shards: readonly TextShard[],
  parsed: ParsedQuery,
  common: Record<string, boolean[]>,
  mode: "all" | "any",
  marker: string | undefined,
  candidates: number,
  counts?: ShardCounts,
  known?: KeptAnswers,
): Promise<ShardHit[]> {
  const perShard = await Promise.all(
    shards.map(async (shard) => {
      const plan = shardPlan(parsed, common[shard.name] ?? parsed.terms.map(() => false), mode, marker, candidates);
      if (!plan) return [];
      const generation = known?.generation;
      // Counts still missing there ride with a ranking read afresh.
      const kept =
        generation !== undefined && !counts?.pending[shard.name]?.length ? keptRanking(shard.db, plan.sql, plan.params, generation) : undefined;
      if (kept) known!.taken();
      const db = shardReader(shard);
      const ranking = db.prepare(plan.sql).bind(...plan.params);
      // Once per search: the counts still missing there ride with the first ranking.
      const pending = kept ? [] : (counts?.pending[shard.name]?.splice(0) ?? []);
      let results: HitRow[];
      if (kept) results = kept;
      else if (pending.length) {
        const statement = countsStatement(PAGE_VOCABULARY, pending);
        const [counted, ranked] = await db.batch([db.prepare(statement.sql).bind(...statement.params), ranking]);
        counts!.remember(shard.name, pending, countsByName(counted.results as Record<string, unknown>[]));
        results = ranked.results as HitRow[];
      } else results = (await ranking.all<HitRow>()).results;
      if (!kept && generation !== undefined) keepRanking(shard.db, plan.sql, plan.params, generation, results);
      return results.map((r) => ({
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
