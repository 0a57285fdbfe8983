// Stage 1, understand: the query's terms (src/search/query.ts: codes, words, thesaurus concepts), the
// boards its codes name, its words' other forms and corrections, the scope it sets, and which words
// are common (probed in the recent tier). At most one round trip before ranking, often none: board
// spellings, variants, probes and the scope table are remembered per isolate. The thesaurus is served
// from the isolate (no read).
import { sql, type SQL } from "drizzle-orm";
import type { QueryContext } from "../db/queries/runtime";
import { RECENT_KEYS } from "./index-sql";
import { interpretationOf } from "./interpretation";
import { expandBoards, parseQuery, probeExpression, variantWords, withVariants, type BoardSpellings } from "./query";
import { readBatch } from "./read";
import { findScope, parseScopeTable, scopeTableQuery, type ScopeBoard } from "./scope";
import { probeShards } from "./shard-search";
import { TIERED, type Prepared, type SearchTuning, type TieredGroup } from "./stages";
import { variantsOf, variantsQuery, type WordVariants } from "./vocabulary";

/** Probes each word in the recent tier: common when its share there predicts more than commonRows rows overall. */
function probe(table: string, expression: string, commonRows: number): SQL {
  const cap = sql.raw(`max(1, ${Math.trunc(commonRows)} * ${RECENT_KEYS} / max(coalesce((select max(n) from search_keys), 0), ${RECENT_KEYS}))`);
  return sql`select count(*) >= ${cap} as common from (select 1 from ${sql.raw(table)} where ${sql.raw(table)} match ${expression} limit ${cap})`;
}

interface BoardHit extends BoardSpellings {
  id: number;
  matched: string;
}

function boardLookup(norms: string[]): SQL {
  return sql`
    with q(norm) as (select value from json_each(${JSON.stringify(norms)})),
    hit(board_id, matched) as (
      select b.id, q.norm from q join boards b on b.norm = q.norm
      union select a.board_id, q.norm from q join board_aliases a on a.norm = q.norm
    )
    select hit.matched as matched, b.id as id, b.number as number, b.norm as norm,
      (select json_group_array(alias) from board_aliases a where a.board_id = b.id) as aliases
    from hit join boards b on b.id = hit.board_id`;
}

/**
 * Whether a word is common, and which boards a code names, change slowly: both are remembered per
 * isolate for a while. A stale answer costs time or an alias spelling for a few minutes, never
 * visibility (every item is still checked by the statement that loads it).
 */
class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly size: number,
  ) {}
  get(key: string, now: number): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.until > now ? hit.value : undefined;
  }
  set(key: string, value: T, now: number): void {
    if (this.entries.size >= this.size) this.entries.clear();
    this.entries.set(key, { value, until: now + this.ttlMs });
  }
}
const probeCache = new TtlCache<boolean>(10 * 60_000, 5000);
const NO_VARIANTS: WordVariants = { forms: [], corrections: [] };
const variantCache = new TtlCache<WordVariants>(10 * 60_000, 5000);
const boardCache = new TtlCache<BoardHit[]>(10 * 60_000, 2000);
const shardProbeCache = new TtlCache<boolean>(10 * 60_000, 5000);
/**
 * The boards' platforms, codenames and manufacturers (the words that name a scope), per database
 * binding: an isolate serving another database (tests, a second deployment) never reads another's.
 */
const scopeTables = new WeakMap<object, TtlCache<ScopeBoard[]>>();
function scopeTableCache(ctx: QueryContext): TtlCache<ScopeBoard[]> {
  const d1 = ctx.db.$client as object;
  let cache = scopeTables.get(d1);
  if (!cache) scopeTables.set(d1, (cache = new TtlCache<ScopeBoard[]>(10 * 60_000, 1)));
  return cache;
}

const parseBoardRows = (rows: unknown[]): BoardHit[] =>
  (rows as { matched: string; id: number; number: string; norm: string; aliases: string }[]).map((r) => ({
    id: r.id,
    matched: r.matched,
    norm: r.norm,
    spellings: [r.number, r.norm, ...(JSON.parse(r.aliases) as string[])],
  }));

/**
 * At most one round trip before ranking, often none: the boards named by code-like words (their
 * spellings widen the match) and the probes not remembered yet.
 */
export async function prepare(ctx: QueryContext, q: string, tuning: SearchTuning): Promise<Prepared> {
  const parsed = parseQuery(q);
  const now = Date.now();
  const boardKey = JSON.stringify(parsed.norms);
  const needsBoards = parsed.norms.length > 0 && parsed.terms.some((t) => t.norm) && boardCache.get(boardKey, now) === undefined;
  const words = variantWords(parsed).filter((word) => variantCache.get(word, now) === undefined);
  const lookups = words.flatMap((word) => {
    const q = variantsQuery(word);
    if (!q) variantCache.set(word, NO_VARIANTS, now);
    return q ? [{ word, q }] : [];
  });
  const pending = new Set(lookups.map((l) => l.word));
  const known = (word: string) => {
    const v = variantCache.get(word, now);
    return v ? [...v.forms, ...v.corrections] : [];
  };
  const loose = () => withVariants(parsed, known);
  // Each term is probed with everything it will match (its other forms and corrections included), so
  // probes of words first seen by this isolate wait for their variants: a second round trip, once.
  const probeKeys = (ready: (i: number) => boolean) => {
    const terms = loose().terms;
    const probes = terms.map((t, i) => (ready(i) ? probeExpression(t, true) : undefined));
    const keys = TIERED.map((group) => probes.map((p) => (p === undefined ? undefined : `${group}\u0000${tuning.commonRows}\u0000${p}`)));
    const missing = TIERED.flatMap((group, g) =>
      probes.flatMap((p, i) => (p !== undefined && probeCache.get(keys[g][i]!, now) === undefined ? [{ group, p, key: keys[g][i]! }] : [])),
    );
    return { keys, missing };
  };
  const isReady = (i: number) => variantWords({ ...parsed, terms: [parsed.terms[i]] }).every((word) => !pending.has(word));
  const first = probeKeys(isReady);
  // The shards' probes (of the words as typed) run beside the primary's: one round trip of wall time.
  const shardKey = (shard: string, p: string) => `${shard}\u0000${tuning.commonRows}\u0000${p}`;
  const needsScopeTable = parsed.terms.length > 0 && scopeTableCache(ctx).get("", now) === undefined;
  const [results, shardCommon] = await Promise.all([
    readBatch<Record<string, unknown>>(ctx, [
      ...(needsScopeTable ? [scopeTableQuery()] : []),
      ...(needsBoards ? [boardLookup(parsed.norms)] : []),
      ...first.missing.map((m) => probe(`search_${m.group}_recent`, m.p, tuning.commonRows)),
      ...lookups.map(({ q }) => q),
    ]),
    probeShards(
      ctx.shards,
      parsed,
      tuning.commonRows,
      (shard, p) => shardProbeCache.get(shardKey(shard, p), now),
      (shard, p, common) => shardProbeCache.set(shardKey(shard, p), common, now),
    ),
  ]);
  if (needsScopeTable) scopeTableCache(ctx).set("", parseScopeTable(results.shift()!), now);
  if (needsBoards) boardCache.set(boardKey, parseBoardRows(results.shift()!), now);
  for (const [j, m] of first.missing.entries()) probeCache.set(m.key, Boolean((results[j][0] as { common?: number } | undefined)?.common), now);
  for (const [j, { word }] of lookups.entries()) {
    const v = variantsOf(word, results[first.missing.length + j] as { term: string; typo: number }[]);
    variantCache.set(word, v, now);
  }
  const all = probeKeys(() => true);
  if (all.missing.length) {
    const second = await readBatch<Record<string, unknown>>(
      ctx,
      all.missing.map((m) => probe(`search_${m.group}_recent`, m.p, tuning.commonRows)),
    );
    for (const [j, m] of all.missing.entries()) probeCache.set(m.key, Boolean((second[j][0] as { common?: number } | undefined)?.common), now);
  }
  const hits = parsed.terms.some((t) => t.norm) ? (boardCache.get(boardKey, now) ?? []) : [];
  const common = Object.fromEntries(TIERED.map((group, g) => [group, all.keys[g].map((k) => probeCache.get(k!, now) ?? false)])) as Record<
    TieredGroup,
    boolean[]
  >;
  const boardsExpanded = expandBoards(parsed, new Map(hits.map((h) => [h.matched, h])));
  const scope = findScope(
    parsed,
    scopeTableCache(ctx).get("", now) ?? [],
    hits.map((h) => ({ id: h.id, matched: h.matched, number: h.spellings[0] })),
  );
  return {
    parsed,
    expanded: withVariants(boardsExpanded, known),
    common,
    shardCommon,
    scope,
    interpretation: interpretationOf(parsed, (word) => variantCache.get(word, now), scope),
  };
}
