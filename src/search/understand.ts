// Stage 1, understand: the query's terms (src/search/query.ts: codes, words, thesaurus concepts), the
// boards its codes name, its words' other forms and corrections, the scope it sets, and which words
// are common (probed in the recent tier). At most one round trip before ranking, often none: board
// spellings, variants, probes and the scope table are remembered per isolate. The thesaurus is served
// from the isolate (no read).
import { sql, type SQL } from "drizzle-orm";
import { IsolateCache } from "../core/isolate-cache";
import type { QueryContext } from "../db/queries/runtime";
import { RECENT_KEYS } from "./index-sql";
import { interpretationOf } from "./interpretation";
import { expandBoards, parseQuery, probeExpression, variantWords, withVariants, type BoardSpellings } from "./query";
import { readBatch } from "./read";
import { findScope, parseScopeTable, scopeTableQuery, type ScopeBoard } from "./scope";
import { probeShards } from "./shard-search";
import { TIERED, type PendingProbe, type Prepared, type SearchTuning, type TieredGroup } from "./stages";
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
 * Whether a word is common, its variants, and which boards a code names change slowly: they are remembered
 * per isolate for a while (bounded, src/core/isolate-cache.ts). A stale answer costs time or an alias
 * spelling for a few minutes, never visibility (every item is still checked by the statement that loads it).
 */
const TTL_MS = 10 * 60_000;
interface Timed<T> {
  value: T;
  until: number;
}
class TtlCache<T> {
  private readonly cache: IsolateCache<string, Timed<T>>;
  constructor(maxEntries: number) {
    this.cache = new IsolateCache<string, Timed<T>>({ maxEntries, expired: (v, now) => v.until <= now });
  }
  get(key: string, now: number): T | undefined {
    return this.cache.get(key, now)?.value;
  }
  set(key: string, value: T, now: number): void {
    this.cache.set(key, { value, until: now + TTL_MS }, now);
  }
  delete(key: string): void {
    this.cache.delete(key);
  }
}
const probeCache = new TtlCache<boolean>(5000);
const NO_VARIANTS: WordVariants = { forms: [], corrections: [] };
const variantCache = new TtlCache<WordVariants>(5000);
const boardCache = new TtlCache<BoardHit[]>(2000);
const shardProbeCache = new TtlCache<boolean>(5000);
/**
 * The boards' platforms, codenames and manufacturers (the words that name a scope), per database: an isolate
 * serving another database (tests, a second deployment) never reads another's. A request reads the primary
 * through a D1 session of its own (src/http/d1-session.ts, no `withSession` of its own), which would miss on
 * every request: then the deployment is told by its first text database's binding, the same object for every
 * request of the isolate.
 */
interface ScopeTable {
  boards: ScopeBoard[];
  /** The newest board's id when it was read: a board added since makes it stale (checked in the ranking's batch). */
  newest: number;
}
const scopeTables = new WeakMap<object, TtlCache<ScopeTable>>();
function scopeTableCache(ctx: QueryContext): TtlCache<ScopeTable> {
  const client = ctx.db.$client as object & { withSession?: unknown };
  const owner = (typeof client.withSession === "function" ? client : (ctx.shards[0]?.db ?? client)) as object;
  let cache = scopeTables.get(owner);
  if (!cache) scopeTables.set(owner, (cache = new TtlCache<ScopeTable>(1)));
  return cache;
}

const newestBoardQuery = (): SQL => sql`select coalesce(max(id), 0) as newest from boards`;

/**
 * Whether the remembered scope table is still current, from the row of `prepared.scopeCheck` read in the
 * ranking's batch (one index lookup); when a board was added since, it is forgotten: the caller searches again.
 */
export function scopeStillCurrent(ctx: QueryContext, prepared: Prepared, rows: Record<string, unknown>[] | undefined): boolean {
  if (!prepared.scopeCheck) return true;
  if (Number(rows?.[0]?.newest ?? 0) === prepared.scopeCheck.newest) return true;
  scopeTableCache(ctx).delete("");
  return false;
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
  const known = (word: string) => {
    const v = variantCache.get(word, now);
    return v ? [...v.forms, ...v.corrections] : [];
  };
  const loose = () => withVariants(parsed, known);
  // Each term is probed with everything it will match (its other forms and corrections included). Words
  // first seen by this isolate have no variants yet: the first round trip probes what is known (the word as
  // typed) beside the variant lookups, and a probe still missing once the variants are read rides with the
  // ranking, to be remembered (rememberProbes); meanwhile that group ranks as if every word were common
  // (bm25 within the newest items: bounded, and over the whole index at the demo's size). Two round trips
  // at most, however cold.
  const probeKeys = () => {
    const terms = loose().terms;
    const probes = terms.map((t) => probeExpression(t, true));
    const keys = TIERED.map((group) => probes.map((p) => `${group}\u0000${tuning.commonRows}\u0000${p}`));
    const missing = TIERED.flatMap((group, g) =>
      probes.flatMap((p, i) => (probeCache.get(keys[g][i], now) === undefined ? [{ group, g, i, p, key: keys[g][i] }] : [])),
    );
    return { keys, missing };
  };
  const first = probeKeys();
  // The shards' probes (of the words as typed) run beside the primary's: one round trip of wall time.
  const shardKey = (shard: string, p: string) => `${shard}\u0000${tuning.commonRows}\u0000${p}`;
  const cachedScope = parsed.terms.length > 0 ? scopeTableCache(ctx).get("", now) : undefined;
  const needsScopeTable = parsed.terms.length > 0 && cachedScope === undefined;
  const [results, shardCommon] = await Promise.all([
    readBatch<Record<string, unknown>>(ctx, [
      ...(needsScopeTable ? [scopeTableQuery(), newestBoardQuery()] : []),
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
  if (needsScopeTable) {
    const boards = parseScopeTable(results.shift()!);
    const newest = Number((results.shift()![0] as { newest?: number } | undefined)?.newest ?? 0);
    scopeTableCache(ctx).set("", { boards, newest }, now);
  }
  if (needsBoards) boardCache.set(boardKey, parseBoardRows(results.shift()!), now);
  for (const [j, m] of first.missing.entries()) probeCache.set(m.key, Boolean((results[j][0] as { common?: number } | undefined)?.common), now);
  for (const [j, { word }] of lookups.entries()) {
    const v = variantsOf(word, results[first.missing.length + j] as { term: string; typo: number }[]);
    variantCache.set(word, v, now);
  }
  const all = probeKeys();
  // A term matching more with its variants than as typed is common if it already was as typed; else unknown.
  const unknown = new Set<TieredGroup>();
  const pendingProbes: PendingProbe[] = [];
  for (const m of all.missing) {
    if (probeCache.get(first.keys[m.g][m.i], now) === true) probeCache.set(m.key, true, now);
    else {
      unknown.add(m.group);
      pendingProbes.push({ key: m.key, query: probe(`search_${m.group}_recent`, m.p, tuning.commonRows) });
    }
  }
  const hits = parsed.terms.some((t) => t.norm) ? (boardCache.get(boardKey, now) ?? []) : [];
  const common = Object.fromEntries(
    TIERED.map((group, g) => [group, all.keys[g].map((k) => unknown.has(group) || (probeCache.get(k, now) ?? false))]),
  ) as Record<TieredGroup, boolean[]>;
  const boardsExpanded = expandBoards(parsed, new Map(hits.map((h) => [h.matched, h])));
  const scope = findScope(
    parsed,
    scopeTableCache(ctx).get("", now)?.boards ?? [],
    hits.map((h) => ({ id: h.id, matched: h.matched, number: h.spellings[0] })),
  );
  return {
    parsed,
    expanded: withVariants(boardsExpanded, known),
    common,
    shardCommon,
    scope,
    interpretation: interpretationOf(parsed, (word) => variantCache.get(word, now), scope),
    pendingProbes,
    scopeCheck: !needsScopeTable && cachedScope ? { query: newestBoardQuery(), newest: cachedScope.newest } : undefined,
  };
}

/** Remembers the probes that rode with the ranking (their rows, in order). */
export function rememberProbes(pending: readonly PendingProbe[], rows: readonly (Record<string, unknown>[] | undefined)[]): void {
  const now = Date.now();
  for (const [j, m] of pending.entries()) probeCache.set(m.key, Boolean((rows[j]?.[0] as { common?: number } | undefined)?.common), now);
}
