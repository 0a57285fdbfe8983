// Search over the text shards: each shard is asked in parallel (one round trip of wall time however many
// shards), each bounded as the primary's groups are (the newest `candidates` matching pages, at most
// SHARD_DOCUMENTS documents back). A shard answers document ids, scores and the best page; whether a document
// may be shown is decided on the primary (src/search/index.ts merges these hits into the documents group
// through the visibility rule), never here.
import type { TextShard } from "../text/shards";
import { PAGE_TEXT_SQL, probeSql, rankSql } from "./page-index";
import { hasLoose, matchExpression, probeExpression, withMarker, type ParsedQuery } from "./query";

/** A document a shard matched: its best page and that page's bm25 score (lower is better). */
export interface ShardHit {
  id: string;
  score: number;
  page: number;
  /** 1 when its page matches every word as typed (exact matches rank first, as on the primary). */
  exact: number;
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
  const probes = parsed.terms.map(probeExpression);
  const entries = await Promise.all(
    shards.map(async (shard) => {
      const missing = probes.filter((p) => cached(shard.name, p) === undefined);
      if (missing.length) {
        const db = reader(shard);
        const results = await db.batch(missing.map((p) => db.prepare(probeSql(cap)).bind(p)));
        missing.forEach((p, i) => remember(shard.name, p, Boolean((results[i].results[0] as { common?: number } | undefined)?.common)));
      }
      return [shard.name, probes.map((p) => cached(shard.name, p) ?? false)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The statement and bindings one shard runs for a query, given which terms are common on it. */
export function shardPlan(parsed: ParsedQuery, common: boolean[], mode: "all" | "any", marker: string | undefined, candidates: number): { sql: string; params: string[] } | undefined {
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
  const options = { exact: exact.length > 0, candidates, documents: SHARD_DOCUMENTS };
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
      const rows = await reader(shard).prepare(plan.sql).bind(...plan.params).all<{ id: string; score: number; page: number; exact: number }>();
      return rows.results.map((r) => ({ id: r.id, score: Number(r.score), page: Number(r.page), exact: Number(r.exact), shard: shard.name }));
    }),
  );
  return perShard.flat();
}

/**
 * The text of the best page of each shown document that a shard matched, read from the shard holding it
 * (one batch per shard, all shards at once): what the highlight of a page hit is cut from.
 */
export async function shardPageTexts(shards: readonly TextShard[], hits: readonly ShardHit[], shown: readonly string[]): Promise<Map<string, { page: number; text: string }>> {
  const wanted = new Set(shown);
  const best = new Map<string, ShardHit>();
  for (const h of hits) if (wanted.has(h.id) && !best.has(h.id)) best.set(h.id, h);
  const byShard = new Map<string, ShardHit[]>();
  for (const h of best.values()) byShard.set(h.shard, [...(byShard.get(h.shard) ?? []), h]);
  const out = new Map<string, { page: number; text: string }>();
  await Promise.all(
    [...byShard].map(async ([name, list]) => {
      const shard = shards.find((s) => s.name === name);
      if (!shard) return;
      const db = reader(shard);
      const results = await db.batch(list.map((h) => db.prepare(PAGE_TEXT_SQL).bind(h.id, h.page)));
      list.forEach((h, i) => {
        const row = results[i].results[0] as { text?: string } | undefined;
        if (row?.text !== undefined) out.set(h.id, { page: h.page, text: row.text });
      });
    }),
  );
  return out;
}
