// Stage 1, understand: the query's terms (src/search/understand/query.ts: codes, words, thesaurus concepts), the
// boards its codes name, its words' other forms and corrections, the scope it sets, and which words
// are common (counted in the vocabulary). At most one round trip before ranking, often none: board
// spellings, variants, word counts and the boards each word names are remembered per isolate. The thesaurus is served
// from the isolate (no read).
import { sql, type SQL } from "drizzle-orm";
import { IsolateCache } from "../../core/isolate-cache";
import type { QueryContext } from "../../db/queries/runtime";
import { interpretationOf } from "./interpretation";
import { expandBoards, parseQuery, termPhrases, variantWords, withVariants, type BoardSpellings, type ParsedQuery, type Term } from "./query";
import { readBatch } from "./read";
import { boardsOfWords, findScope, parseScopeBoards, scopeWordQuery, scopeWords, type ScopeBoard } from "./scope";
import { absentTerms } from "./shard-absence";
import { countShards } from "../index/shard-counts";
import { TEXT_GENERATION_SQL } from "../../text/generation";
import { TIERED, type PendingCounts, type Prepared, type SearchTuning, type TieredGroup } from "../stages";
import { countKeys, countName, countsQuery, estimate, type CountKey } from "../index/term-counts";
import { fold, variantsOf, variantsQuery, type WordVariants } from "../index/vocabulary";

/** A term as the phrases bm25 weighs, each a list of its words (the counts it needs). */
function termShape(term: Term, loose: boolean): CountKey[][] {
  return termPhrases(term, loose).map((words) => words.map((w) => ({ token: fold(w.token), prefix: w.prefix })));
}

/** The whole index's vocabulary of each tiered group: how many rows hold a word (src/search/index/term-counts.ts). */
const VOCABULARIES: Record<TieredGroup, string> = {
  documents: "search_documents_vocab",
  threads: "search_threads_vocab",
  cases: "search_cases_vocab",
};

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
  static readonly all: TtlCache<unknown>[] = [];
  constructor(maxEntries: number) {
    this.cache = new IsolateCache<string, Timed<T>>({ maxEntries, expired: (v, now) => v.until <= now });
    TtlCache.all.push(this as TtlCache<unknown>);
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
  clear(): void {
    this.cache.clear();
  }
}

/** Forgets every word, count and board spelling remembered (part of `forgetSearchMemory`, src/search/index.ts). */
export function forgetUnderstanding(): void {
  for (const cache of TtlCache.all) cache.clear();
  deploymentMemories = new WeakMap();
}
/** A word's (or prefix's) rows in each tiered group's index, by count name. */
const countCache = new TtlCache<Record<TieredGroup, number>>(20000);
const NO_VARIANTS: WordVariants = { forms: [], corrections: [] };
const variantCache = new TtlCache<WordVariants>(5000);
const boardCache = new TtlCache<BoardHit[]>(2000);
/**
 * A word's (or prefix's) page rows on a text database, by database and count name, with the text generation
 * the isolate knew when the count was asked for (src/search/understand/shard-absence.ts: when a zero may be trusted).
 */
interface ShardCount {
  count: number;
  generation: number | undefined;
}
const shardCountCache = new TtlCache<ShardCount>(20000);
const shardCountKey = (shard: string, name: string) => `${shard}\u0000${name}`;
/**
 * What is remembered per database: the boards each query word may name (platform, codename, maker, a case's
 * device model) and the text generation. An isolate serving another database (tests, a second deployment)
 * never reads another's. A request reads the primary through a D1 session of its own
 * (src/http/d1-session.ts, no `withSession` of its own), which would miss on every request: then the
 * deployment is told by its first text database's binding, the same object for every request of the isolate.
 */
interface DeploymentMemory {
  words: TtlCache<ScopeBoard[]>;
  /** The newest board's id when the first word was read: a board added since makes every word stale (checked in the ranking's batch). */
  newest?: number;
  /** The text generation (src/text/generation.ts) last read. */
  textGeneration?: number;
}
let deploymentMemories = new WeakMap<object, DeploymentMemory>();
function deploymentOwner(ctx: QueryContext): object {
  const client = ctx.db.$client as object & { withSession?: unknown };
  return (typeof client.withSession === "function" ? client : (ctx.shards[0]?.db ?? client)) as object;
}
function deploymentMemory(ctx: QueryContext): DeploymentMemory {
  const owner = deploymentOwner(ctx);
  let memory = deploymentMemories.get(owner);
  if (!memory) deploymentMemories.set(owner, (memory = { words: new TtlCache<ScopeBoard[]>(2000) }));
  return memory;
}

const newestBoardQuery = (): SQL => sql`select coalesce(max(id), 0) as newest from boards`;

/** The text generation's read (src/text/generation.ts), for the ranking's batch. */
export const textGenerationQuery = (): SQL => sql.raw(TEXT_GENERATION_SQL);

/**
 * Takes the text generation read in the ranking's batch: remembered (it only moves forward: a replica behind
 * the primary also shows no document processed since). False when a text database was skipped on an older
 * generation: page text was stored since, the caller searches again.
 */
export function textGenerationStillCurrent(
  ctx: QueryContext,
  prepared: Prepared,
  rows: Record<string, unknown>[] | undefined,
  skipped: boolean,
): boolean {
  if (!rows) return true;
  const read = Number(rows[0]?.generation ?? 0);
  const memory = deploymentMemory(ctx);
  if (memory.textGeneration === undefined || read > memory.textGeneration) memory.textGeneration = read;
  return !skipped || (prepared.textGeneration !== undefined && read <= prepared.textGeneration);
}

/**
 * Whether the remembered scope words are still current, from the row of `prepared.scopeCheck` read in the
 * ranking's batch (one index lookup); when a board was added since, they are forgotten: the caller searches again.
 */
export function scopeStillCurrent(ctx: QueryContext, prepared: Prepared, rows: Record<string, unknown>[] | undefined): boolean {
  if (!prepared.scopeCheck) return true;
  if (Number(rows?.[0]?.newest ?? 0) === prepared.scopeCheck.newest) return true;
  const memory = deploymentMemory(ctx);
  memory.words.clear();
  memory.newest = undefined;
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
 * Per tiered group, each term's estimated rows, to weigh it or to walk its matches (src/search/index/term-counts.ts).
 * A count not known yet (a word's variant read in this same search) leaves the term unweighed this once
 * (as if common: it filters the candidates, the search's reads stay bounded), and counts as 0 for a walk;
 * it rides with the ranking and is remembered.
 */
function termRows(shapes: CountKey[][][], now: number, what: "weigh" | "match"): Record<TieredGroup, number[]> {
  return Object.fromEntries(
    TIERED.map((group) => {
      const known = (name: string) => countCache.get(name, now)?.[group];
      const rows = (shape: CountKey[][]) =>
        what === "weigh" ? (estimate(shape, known, what) ?? Infinity) : (estimate(shape, (name) => known(name) ?? 0, what) ?? 0);
      return [group, shapes.map(rows)];
    }),
  ) as Record<TieredGroup, number[]>;
}

/** Remembers each count of a counts statement's rows (a name missing from them is 0 there). */
function rememberCounts(keys: readonly CountKey[], rows: readonly Record<string, unknown>[], now: number): void {
  const byName = new Map(rows.map((r) => [String(r.name), r]));
  for (const k of keys) {
    const row = byName.get(countName(k));
    countCache.set(countName(k), Object.fromEntries(TIERED.map((g) => [g, Number(row?.[g] ?? 0)])) as Record<TieredGroup, number>, now);
  }
}

const shapesOf = (parsed: ParsedQuery) => parsed.terms.map((t) => termShape(t, true));

/**
 * The query parsed again when two words read as one code ("nma311 la", "x512da se") name no board and the first
 * alone names a board (its number or alias) or a model (`namesModel`: the scope's lookup of its word found boards).
 */
function withCodesAlone(q: string, parsed: ParsedQuery, boards: readonly BoardHit[], namesModel: (word: string) => boolean): ParsedQuery {
  const found = new Set(boards.map((b) => b.matched));
  const alone = parsed.pairs.filter((p) => !found.has(p.joined) && (found.has(p.first) || (p.word !== undefined && namesModel(p.word))));
  return alone.length ? parseQuery(q, new Set(alone.map((p) => p.first))) : parsed;
}

/**
 * At most one round trip before ranking, often none: the boards named by code-like words (their
 * spellings widen the match), the counts and variants not remembered yet, the scope table.
 */
export async function prepare(ctx: QueryContext, q: string, tuning: SearchTuning): Promise<Prepared> {
  const first = parseQuery(q);
  const now = Date.now();
  const boardKey = JSON.stringify(first.norms);
  // A code read with the next word as one ("nma311 la") is parsed again alone once the boards and models are known.
  let parsed = first;
  const needsBoards = first.norms.length > 0 && first.terms.some((t) => t.norm) && boardCache.get(boardKey, now) === undefined;
  const pairWords = first.pairs.flatMap((p) => (p.second ? [p.second] : []));
  const words = [...new Set([...variantWords(parsed), ...pairWords])].filter((word) => variantCache.get(word, now) === undefined);
  const lookups = words.flatMap((word) => {
    const q = variantsQuery(word);
    if (!q) variantCache.set(word, NO_VARIANTS, now);
    return q ? [{ word, q }] : [];
  });
  const known = (word: string) => {
    const v = variantCache.get(word, now);
    return v ? [...v.forms, ...v.corrections] : [];
  };
  const knownForms = (word: string) => variantCache.get(word, now)?.forms ?? [];
  const loose = () => withVariants(parsed, known, knownForms);
  // Each term is weighed with everything it will match (its other forms and corrections included). Words
  // first seen by this isolate have no variants yet: the first round trip counts what is known (the words
  // as typed) beside the variant lookups, and the counts still missing once the variants are read ride
  // with the ranking, to be remembered (rememberPendingCounts). Two round trips at most, however cold.
  const missingCounts = () => countKeys(shapesOf(loose())).filter((k) => countCache.get(countName(k), now) === undefined);
  const firstCounts = missingCounts();
  const memory = deploymentMemory(ctx);
  const named = scopeWords(parsed);
  const unknownWords = named.filter((word) => memory.words.get(word, now) === undefined);
  // The newest board's id is read with the first words; later searches check it beside their ranking.
  const checkNewest = memory.newest !== undefined && named.length > 0;
  const readNewest = memory.newest === undefined && unknownWords.length > 0;
  // The text databases' counts (of what is known now) are read beside the primary's: one round trip of wall time.
  // Each is remembered with the generation known before it was asked for (when its zero may be trusted).
  const generation = memory.textGeneration;
  const shardCount = (shard: string, name: string) => shardCountCache.get(shardCountKey(shard, name), now);
  const [results] = await Promise.all([
    readBatch<Record<string, unknown>>(ctx, [
      ...unknownWords.map((word) => scopeWordQuery(word, ctx.now)),
      ...(readNewest ? [newestBoardQuery()] : []),
      ...(needsBoards ? [boardLookup(parsed.norms)] : []),
      ...(firstCounts.length ? [countsQuery(VOCABULARIES, firstCounts)] : []),
      ...lookups.map(({ q }) => q),
    ]),
    countShards(
      ctx.shards,
      countKeys(shapesOf(loose())),
      (shard, name) => shardCount(shard, name)?.count,
      (shard, name, n) => shardCountCache.set(shardCountKey(shard, name), { count: n, generation }, now),
    ),
  ]);
  for (const word of unknownWords) memory.words.set(word, parseScopeBoards(results.shift()!), now);
  if (readNewest) memory.newest = Number((results.shift()![0] as { newest?: number } | undefined)?.newest ?? 0);
  if (needsBoards) boardCache.set(boardKey, parseBoardRows(results.shift()!), now);
  if (firstCounts.length) rememberCounts(firstCounts, results.shift()!, now);
  for (const [j, { word }] of lookups.entries()) variantCache.set(word, variantsOf(word, results[j] as { term: string; typo: number }[]), now);
  parsed = withCodesAlone(q, first, boardCache.get(boardKey, now) ?? [], (word) => (memory.words.get(word, now)?.length ?? 0) > 0);
  const looseTerms = loose();
  const shapes = shapesOf(looseTerms);
  // A term is common in a group when weighing it would read `commonRows` rows or more.
  const weights = termRows(shapes, now, "weigh");
  const common = Object.fromEntries(TIERED.map((g) => [g, weights[g].map((n) => n >= tuning.commonRows)])) as Record<TieredGroup, boolean[]>;
  const rows = termRows(shapes, now, "match");
  const stillMissing = missingCounts();
  const shardCommon = Object.fromEntries(
    ctx.shards.map((shard) => {
      const count = (name: string) => shardCount(shard.name, name)?.count;
      // A count still unknown there (a variant read just now): the term filters but is not weighed, this once.
      return [shard.name, shapes.map((shape) => (estimate(shape, count) ?? Infinity) >= tuning.commonRows)];
    }),
  );
  const hits = first.terms.some((t) => t.norm) ? (boardCache.get(boardKey, now) ?? []) : [];
  const boardsExpanded = expandBoards(parsed, new Map(hits.map((h) => [h.matched, h])));
  const scope = findScope(
    parsed,
    boardsOfWords(named.map((word) => memory.words.get(word, now) ?? [])),
    hits.map((h) => ({ id: h.id, matched: h.matched, number: h.spellings[0] })),
  );
  const expanded = withVariants(boardsExpanded, known, knownForms);
  // Per text database: counts unknown there, and zeros counted before the generation now known (to be trusted
  // again), ride with its ranking; which terms it cannot match (src/search/understand/shard-absence.ts).
  const expandedKeys = countKeys(shapesOf(expanded));
  const shardMissing = Object.fromEntries(
    ctx.shards.map((shard) => [
      shard.name,
      expandedKeys.filter((k) => {
        const known = shardCount(shard.name, countName(k));
        return known === undefined || (known.count === 0 && known.generation !== generation);
      }),
    ]),
  );
  const trustedZero = (shard: string) => (name: string) => {
    const known = shardCount(shard, name);
    return generation !== undefined && known?.count === 0 && known.generation === generation;
  };
  const shardAbsent = Object.fromEntries(ctx.shards.map((shard) => [shard.name, absentTerms(expanded.terms, trustedZero(shard.name))]));
  return {
    parsed,
    expanded,
    common,
    rows,
    shardCommon,
    scope,
    interpretation: interpretationOf(parsed, (word) => variantCache.get(word, now), scope),
    pendingCounts: stillMissing.length ? { keys: stillMissing, query: countsQuery(VOCABULARIES, stillMissing) } : undefined,
    pendingShardCounts: shardMissing,
    shardAbsent,
    textGeneration: generation,
    scopeCheck: checkNewest ? { query: newestBoardQuery(), newest: memory.newest! } : undefined,
  };
}

/** Remembers the counts that rode with the ranking (their statement's rows). */
export function rememberPendingCounts(pending: PendingCounts | undefined, rows: readonly Record<string, unknown>[] | undefined): void {
  if (pending && rows) rememberCounts(pending.keys, rows, Date.now());
}

/** Remembers a text database's counts read beside its ranking (asked for with the generation then known). */
export function rememberShardCounts(
  shard: string,
  keys: readonly CountKey[],
  counts: ReadonlyMap<string, number>,
  generation: number | undefined,
): void {
  const now = Date.now();
  for (const k of keys) shardCountCache.set(shardCountKey(shard, countName(k)), { count: counts.get(countName(k)) ?? 0, generation }, now);
}
