// Site search: boards, documents, threads, blog posts and repair cases in one call. Used by
// GET /search, the MCP `search` tool and the HTML search page; items come from the same query
// modules as the read API, so shapes, urls and visibility are identical.
//
// Ranking is bm25 with column weights (FTS_TABLES), kept bounded at any corpus size:
// - Candidates: each group ranks only its newest `tuning.candidates` visible matches (rowid order
//   follows creation; document metadata rows come before page rows), never every match.
// - bm25 also reads every row of each phrase to weigh it (its IDF). So each word is first probed in
//   the recent tier (the newest RECENT_KEYS items): a word estimated in more than
//   `tuning.commonRows` rows of the whole index is "common". Common words still filter the
//   candidates but are not weighed over the whole index; when every word is common, bm25 runs over
//   the recent tier, where its cost is bounded.
// - One D1 round trip per search: each group's statement ranks in a CTE and loads its items
//   through the read API's list query. Probes and board spellings are cached per isolate, so a
//   repeated word costs no extra round trip.
// - Page text lives on the text shards (src/text/shards.ts): they are asked first, all at once
//   (src/search/shard-search.ts), and their documents join the primary's documents group by score,
//   through the same visibility rule; each shard sends the text of its best pages along, for the
//   highlights. So the shards add one round trip to a search, before the primary ranks (the
//   preparation's probes, when a word is not cached yet, run on primary and shards side by side).
// Trade-offs: for a query made only of common words, results come from the newest RECENT_KEYS items;
// an old, highly relevant item can lose its place to newer ones.
import type { z } from "@hono/zod-openapi";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { blogPostVisible, caseVisible, documentVisible, threadVisible } from "../auth/visibility";
import { postsLoader, type BlogPost } from "../db/queries/blog";
import { boardsLoader, type Board } from "../db/queries/boards";
import { casesLoader, type RepairCase } from "../db/queries/cases";
import { batchRead, Keys, type Loader, type QueryContext } from "../db/queries/context";
import { documentsLoader, type DocumentItem } from "../db/queries/documents";
import { threadsLoader, type Thread } from "../db/queries/forum";
import { blogPosts, documents, repairCases, threads } from "../db/schema";
import type { DocumentTypeSchema } from "../schemas/common";
import { SEARCH_GROUP_LIMIT, type SearchResultSchema } from "../schemas/search";
import { SearchUnavailable } from "./errors";
import { probeShards, rankShards, type ShardHit } from "./shard-search";
import { FTS_TABLES, META_BASE, PAGE_FACTOR, RECENT_KEYS, typeTokenOf, type FtsTable } from "./index-sql";
import {
  expandBoards,
  hasLoose,
  matchExpression,
  parseQuery,
  probeExpression,
  withMarker,
  withoutWordPrefixes,
  withVariants,
  type BoardSpellings,
  type ParsedQuery,
} from "./query";
import { variantsOf, variantsQuery } from "./vocabulary";
import { bestExcerpt, matchWords, type Excerpt } from "./excerpts";
import { matchedPagesQuery } from "./page-text";

export type SearchResult = z.infer<typeof SearchResultSchema>;
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export interface SearchTuning {
  /** How many of the newest visible matches each group ranks. */
  candidates: { documents: number; threads: number; posts: number; cases: number; boards: number };
  /** A word estimated in more rows than this (whole index) is common: bm25 never weighs it over the whole index. */
  commonRows: number;
}

export const DEFAULT_TUNING: SearchTuning = {
  candidates: { documents: 200, threads: 200, posts: 100, cases: 200, boards: 100 },
  commonRows: 8000,
};

export interface SearchOptions {
  /** Only documents of this type (the other groups are unaffected). */
  type?: DocumentType;
  /** Items per group, 1 to 10 (default 10). */
  limit?: number;
  /** Only for tests and benchmarks. */
  tuning?: Partial<SearchTuning>;
}

const dialect = new SQLiteSyncDialect();

/** Runs several read statements in one D1 round trip (drizzle cannot batch raw `sql`). */
async function readBatch<T>(ctx: QueryContext, queries: SQL[]): Promise<T[][]> {
  if (queries.length === 0) return [];
  const d1 = ctx.db.$client;
  const results = await d1.batch(
    queries.map((q) => {
      const { sql: text, params } = dialect.sqlToQuery(q);
      return d1.prepare(text).bind(...params);
    }),
  );
  return results.map((r) => r.results as T[]);
}

/** One group of results and how its index rows lead to a visible item. */
interface Group {
  /** FTS table (its weights); `tiered` groups also have `<table>_recent`. */
  table: FtsTable;
  tiered: boolean;
  kind: string;
  base: SQL;
  id: SQL;
  visible: SQL;
  /** Extra SQL condition on the base table (the document type). */
  where?: SQL;
  /** Required marker added to the candidate MATCH (the document type token). */
  marker?: string;
  /** The key n of an index row, from its rowid. */
  keyOf: (table: string) => string;
  candidates: number;
  /** Documents the text shards matched: merged with this group's own rows by score, visible ones only. */
  shardHits?: readonly ShardHit[];
}

const bm25 = (weightsOf: FtsTable, table: string) => sql.raw(`bm25(${table}, ${FTS_TABLES[weightsOf].weights.map((w) => w.toFixed(1)).join(", ")})`);

const documentKey = (t: string) => `(case when ${t}.rowid >= ${META_BASE} then ${t}.rowid - ${META_BASE} else ${t}.rowid / ${PAGE_FACTOR} end)`;
const itemKey = (t: string) => `${t}.rowid`;

/** The FTS table, its key and its base row. */
function from(g: Group, table: string): SQL {
  return sql`${sql.raw(table)} join search_keys k on k.n = ${sql.raw(g.keyOf(table))} join ${g.base} on ${g.id} = k.id`;
}

const visibleRows = (g: Group) => sql`k.kind = ${g.kind} and ${g.visible} ${g.where ?? sql``}`;

/**
 * 1 for an index row that matches every term as typed, 0 for one found only through a word's other
 * form, a correction or a code prefix: exact matches rank first. Bounded like the candidates.
 */
function exactFlag(g: Group, table: string, exact: string | undefined): SQL {
  if (!exact) return sql`1`;
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(exact, g.marker) : exact;
  return sql`(${t}.rowid in (select rowid from ${t} where ${t} match ${expression} order by rowid desc limit ${g.candidates}))`;
}

/** The shards' (id, score, exact) rows of the group's items that pass the visibility rule, as a union member. */
function shardRows(g: Group): SQL {
  if (!g.shardHits?.length) return sql``;
  const hits = JSON.stringify(g.shardHits.map((h) => [h.id, h.score, h.exact]));
  // CROSS JOIN keeps json_each the outer loop and "(…) = 1" keeps the planner off the visibility index: the
  // few hits are looked up by id (without both, SQLite walked every document: 17 million rows on 100,000).
  return sql` union all select ${g.id} as id, cast(j.value ->> '$[1]' as real) as score, j.value ->> '$[2]' as exact
      from json_each(${hits}) j cross join ${g.base} on ${g.id} = j.value ->> '$[0]'
      where (${g.visible}) = 1 ${g.where ?? sql``}`;
}

/** bm25 over the newest visible candidates of one MATCH expression. */
function rankSimple(g: Group, table: string, match: string, limit: number, exact?: string): SQL {
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(match, g.marker) : match;
  return sql`
    select id from (
      select id, score, exact from (
        select ${g.id} as id, ${bm25(g.table, table)} as score, ${exactFlag(g, table, exact)} as exact
        from ${from(g, table)}
        where ${t} match ${expression} and ${visibleRows(g)}
        order by ${t}.rowid desc limit ${g.candidates}
      )${shardRows(g)}
    ) group by id order by max(exact) desc, min(score), id desc limit ${limit}`;
}

/**
 * Candidates of the whole expression (the newest visible matches), weighed by bm25 over the
 * selective words only. The ranking subquery keeps a LIMIT: unflattened, bm25 is not asked to run
 * inside min() (which FTS5 refuses).
 */
function rankTwoStage(g: Group, table: string, candidates: string, rank: string, limit: number, exact?: string): SQL {
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(candidates, g.marker) : candidates;
  return sql`
    with cand(r) as (
      select ${t}.rowid from ${from(g, table)}
      where ${t} match ${expression} and ${visibleRows(g)}
      order by ${t}.rowid desc limit ${g.candidates}
    )
    select id from (
      select id, score, exact from (
        select ${g.id} as id, ${bm25(g.table, table)} as score, ${exactFlag(g, table, exact)} as exact
        from ${from(g, table)}
        where ${t} match ${rank} and (${t}.rowid + 0) in (select r from cand)
        limit ${g.candidates}
      )${shardRows(g)}
    ) group by id order by max(exact) desc, min(score), id desc limit ${limit}`;
}

/**
 * Board ids, best first: boards whose number or alias is the whole query (any spelling), then boards
 * named by a code-like word, then bm25 matches of the board index.
 */
function boardsRanking(parsed: ParsedQuery, match: string | undefined, limit: number, candidates: number): SQL {
  const norms = JSON.stringify(parsed.norms);
  const group = sql`(case when q.value = ${parsed.whole} then 0 else 1 end)`;
  return sql`
    select id from (
      select b.id as id, ${group} as grp, 0.0 as score from json_each(${norms}) q join boards b on b.norm = q.value
      union all select a.board_id, ${group}, 0.0 from json_each(${norms}) q join board_aliases a on a.norm = q.value
      ${
        match
          ? sql`union all select id, 2, score from (
        select search_boards.rowid as id, ${bm25("search_boards", "search_boards")} as score
        from search_boards where search_boards match ${match}
        order by search_boards.rowid desc limit ${candidates})`
          : sql``
      }
    ) group by id order by min(grp), min(score), id limit ${limit}`;
}

/**
 * The ranking statement of a group. `common[i]` tells whether term i is common in this group's
 * index (tiered groups only); the forgiving second pass ("any" word) ranks over the recent tier as
 * soon as one word is common.
 */
function planGroup(g: Group, parsed: ParsedQuery, common: boolean[], mode: "all" | "any", limit: number): SQL {
  const match = matchExpression(parsed, mode)!;
  const exact = hasLoose(parsed) ? matchExpression(parsed, mode, "exact") : undefined;
  if (!g.tiered || !common.some(Boolean)) {
    // The type marker is a common word too: it filters the candidates but is never weighed.
    return g.marker ? rankTwoStage(g, g.table, match, match, limit, exact) : rankSimple(g, g.table, match, limit, exact);
  }
  const selective = { ...parsed, terms: parsed.terms.filter((_, i) => !common[i]) };
  if (mode === "any" || selective.terms.length === 0) return rankSimple(g, `${g.table}_recent`, match, limit, exact);
  return rankTwoStage(g, g.table, match, matchExpression(selective)!, limit, exact);
}

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

function groups(
  ctx: QueryContext,
  type: string | undefined,
  tuning: SearchTuning,
  shardHits: readonly ShardHit[],
): Record<"documents" | "threads" | "posts" | "cases", Group> {
  const c = tuning.candidates;
  return {
    documents: {
      table: "search_documents",
      tiered: true,
      kind: "document",
      base: sql`${documents}`,
      id: sql`${documents.id}`,
      visible: documentVisible(ctx.viewer),
      where: type ? sql`and ${documents.type} = ${type}` : undefined,
      marker: type ? typeTokenOf(type) : undefined,
      keyOf: documentKey,
      candidates: c.documents,
      shardHits,
    },
    threads: {
      table: "search_threads",
      tiered: true,
      kind: "thread",
      base: sql`${threads}`,
      id: sql`${threads.id}`,
      visible: threadVisible,
      keyOf: itemKey,
      candidates: c.threads,
    },
    posts: {
      table: "search_posts",
      tiered: false,
      kind: "post",
      base: sql`${blogPosts}`,
      id: sql`${blogPosts.id}`,
      visible: blogPostVisible(ctx.now),
      keyOf: itemKey,
      candidates: c.posts,
    },
    cases: {
      table: "search_cases",
      tiered: true,
      kind: "case",
      base: sql`${repairCases}`,
      id: sql`${repairCases.id}`,
      visible: caseVisible(ctx.now),
      keyOf: itemKey,
      candidates: c.cases,
    },
  };
}

interface Prepared {
  parsed: ParsedQuery;
  /** The terms with the other spellings of the boards they name. */
  expanded: ParsedQuery;
  /** Per tiered table, per term: common or not. */
  common: Record<TieredGroup, boolean[]>;
  /** Per text shard, per term: common on that shard or not. */
  shardCommon: Record<string, boolean[]>;
}

type TieredGroup = "documents" | "threads" | "cases";
const TIERED: TieredGroup[] = ["documents", "threads", "cases"];

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
const variantCache = new TtlCache<string[]>(10 * 60_000, 5000);
const boardCache = new TtlCache<BoardHit[]>(10 * 60_000, 2000);
const shardProbeCache = new TtlCache<boolean>(10 * 60_000, 5000);

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
async function prepare(ctx: QueryContext, q: string, tuning: SearchTuning): Promise<Prepared> {
  const parsed = parseQuery(q);
  const now = Date.now();
  const boardKey = JSON.stringify(parsed.norms);
  const needsBoards = parsed.norms.length > 0 && parsed.terms.some((t) => t.norm) && boardCache.get(boardKey, now) === undefined;
  const words = [...new Set(parsed.terms.flatMap((t) => (t.word && variantCache.get(t.word, now) === undefined ? [t.word] : [])))];
  const lookups = words.flatMap((word) => {
    const q = variantsQuery(word);
    if (!q) variantCache.set(word, [], now);
    return q ? [{ word, q }] : [];
  });
  const pending = new Set(lookups.map((l) => l.word));
  const loose = () => withVariants(parsed, (word) => variantCache.get(word, now) ?? []);
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
  const isReady = (i: number) => !parsed.terms[i].word || !pending.has(parsed.terms[i].word!);
  const first = probeKeys(isReady);
  // The shards' probes (of the words as typed) run beside the primary's: one round trip of wall time.
  const shardKey = (shard: string, p: string) => `${shard}\u0000${tuning.commonRows}\u0000${p}`;
  const [results, shardCommon] = await Promise.all([
    readBatch<Record<string, unknown>>(ctx, [
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
  if (needsBoards) boardCache.set(boardKey, parseBoardRows(results.shift()!), now);
  for (const [j, m] of first.missing.entries()) probeCache.set(m.key, Boolean((results[j][0] as { common?: number } | undefined)?.common), now);
  for (const [j, { word }] of lookups.entries()) {
    const v = variantsOf(word, results[first.missing.length + j] as { term: string; typo: number }[]);
    variantCache.set(word, [...v.forms, ...v.corrections], now);
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
  return { parsed, expanded: withVariants(boardsExpanded, (word) => variantCache.get(word, now) ?? []), common, shardCommon };
}

interface Found {
  boards: Board[];
  documents: DocumentItem[];
  threads: Thread[];
  posts: BlogPost[];
  cases: RepairCase[];
  /** What the text shards matched (with the text of their best pages, for the highlights). */
  shardHits?: ShardHit[];
}

type ItemGroup = "documents" | "threads" | "posts" | "cases";
const ITEM_GROUPS: ItemGroup[] = ["documents", "threads", "posts", "cases"];

interface RankOptions {
  type?: string;
  limit: number;
  tuning: SearchTuning;
}

function statementsFor(
  ctx: QueryContext,
  prepared: Prepared,
  mode: "all" | "any",
  options: RankOptions,
  shardHits: readonly ShardHit[],
): Record<ItemGroup, SQL> {
  const { expanded, common } = prepared;
  const g = groups(ctx, options.type, options.tuning, shardHits);
  const none = expanded.terms.map(() => false);
  return {
    documents: planGroup(g.documents, expanded, common.documents, mode, options.limit),
    threads: planGroup(g.threads, expanded, common.threads, mode, options.limit),
    posts: planGroup(g.posts, expanded, none, mode, options.limit),
    cases: planGroup(g.cases, expanded, common.cases, mode, options.limit),
  };
}

/** Each group's items through the read API's own query, ranked by the given statement (one statement). */
function loaderFor(ctx: QueryContext, group: ItemGroup, ranking: SQL): Loader<unknown> {
  const keys = Keys.ranked(ctx.db, ranking);
  const loader = { documents: documentsLoader, threads: threadsLoader, posts: postsLoader, cases: casesLoader }[group](ctx, keys);
  return loader as Loader<unknown>;
}

/**
 * One round trip ranks and loads the groups asked for (and the boards, on the first pass): each
 * statement ranks in a CTE and loads through the read API's query.
 */
async function rankAndLoad(
  ctx: QueryContext,
  prepared: Prepared,
  mode: "all" | "any",
  options: RankOptions,
  only: ItemGroup[] = ITEM_GROUPS,
): Promise<Found> {
  const match = matchExpression(prepared.expanded, mode);
  // The text shards first (all at once) when documents are asked for: their documents join the primary's ranking.
  const shardHits =
    match && only.includes("documents")
      ? await rankShards(
          ctx.shards,
          prepared.expanded,
          prepared.shardCommon,
          mode,
          options.type ? typeTokenOf(options.type) : undefined,
          options.tuning.candidates.documents,
        )
      : [];
  const boardMatch = matchExpression(prepared.expanded, mode, "exact");
  const withBoards = mode === "all" && (prepared.parsed.norms.length || boardMatch);
  const boards = withBoards
    ? boardsLoader(ctx, Keys.ranked(ctx.db, boardsRanking(prepared.parsed, boardMatch, options.limit, options.tuning.candidates.boards)))
    : undefined;
  const plans = match ? statementsFor(ctx, prepared, mode, options, shardHits) : undefined;
  const loaders = ITEM_GROUPS.map((group) => (plans && only.includes(group) ? loaderFor(ctx, group, plans[group]) : undefined));
  const results = await batchRead(ctx, [boards?.query, ...loaders.map((l) => l?.query)]);
  const found = { boards: boards ? boards.map(results[0]) : [] } as Found;
  for (const [i, group] of ITEM_GROUPS.entries()) found[group] = (loaders[i] ? loaders[i]!.map(results[i + 1]) : []) as never;
  found.shardHits = shardHits;
  return found;
}

/** The ranking plans a query runs (first pass), for profiling (bench/search/profile.ts). */
export async function searchPlans(ctx: QueryContext, q: string, options: SearchOptions = {}): Promise<Record<string, SQL>> {
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const prepared = await prepare(ctx, q, tuning);
  if (!prepared.expanded.terms.length) return {};
  const hits = await rankShards(
    ctx.shards,
    prepared.expanded,
    prepared.shardCommon,
    "all",
    options.type ? typeTokenOf(options.type) : undefined,
    tuning.candidates.documents,
  );
  return statementsFor(ctx, prepared, "all", { type: options.type, limit: SEARCH_GROUP_LIMIT, tuning }, hits);
}

export async function searchSite(ctx: QueryContext, q: string, options: SearchOptions = {}): Promise<SearchResult> {
  try {
    return await searchIndex(ctx, q, options);
  } catch (err) {
    // Between `admin search:drop` and `search:rebuild` (the window for `wrangler d1 export`) the index is gone.
    if (/no such table: (search_|page_index|page_keys)/.test(String((err as { cause?: unknown }).cause ?? err))) {
      throw new SearchUnavailable();
    }
    throw err;
  }
}

async function searchIndex(ctx: QueryContext, q: string, options: SearchOptions): Promise<SearchResult> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_GROUP_LIMIT), 1), SEARCH_GROUP_LIMIT);
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const rankOptions = { type: options.type, limit, tuning };
  const prepared = await prepare(ctx, q, tuning);
  const found = await rankAndLoad(ctx, prepared, "all", rankOptions);
  // Forgiving second pass, per group: where no item has every word, rank the items with any of them
  // (a board number found among the boards no longer leaves the threads empty).
  const empty = ITEM_GROUPS.filter((group) => found[group].length === 0);
  if (empty.length && prepared.expanded.terms.length > 1) {
    const more = await rankAndLoad(ctx, prepared, "any", rankOptions, empty);
    for (const group of empty) found[group] = more[group] as never;
    found.shardHits = [...(found.shardHits ?? []), ...(more.shardHits ?? [])];
  }
  return { query: q.trim(), ...(await withHighlights(ctx, prepared, found)) };
}

/** The texts of a group's hits that their list items do not carry (bodies, descriptions, replies, components). */
function hitTexts(group: ItemGroup, ids: string[]): SQL {
  const list = sql`(select value from json_each(${JSON.stringify(ids)}))`;
  switch (group) {
    case "documents":
      return sql`select id, null as page, description as a, chipset as b, null as c from documents where id in ${list}`;
    case "threads":
      return sql`select t.id as id, null as page, t.body as a,
        (select group_concat(body, ' ') from (select substr(x.body, 1, 2000) as body from thread_replies x where x.thread_id = t.id and x.hidden = 0 order by x.created_at, x.id limit ${HIGHLIGHT_REPLIES})) as b, null as c
        from threads t where t.id in ${list}`;
    case "posts":
      return sql`select id, null as page, body as a, null as b, null as c from blog_posts where id in ${list}`;
    case "cases":
      return sql`select c.id as id, null as page, c.diagnosis as a, c.fix as b,
        (select group_concat(x.designator || ifnull(' ' || x.part_number, ''), ', ') from case_components x where x.case_id = c.id) as c
        from repair_cases c where c.id in ${list}`;
  }
}

interface TextRow {
  id: string;
  page: number | null;
  a: string | null;
  b: string | null;
  c: string | null;
}

/** Replies of a thread read for its highlight (the index holds up to 200; the first ones are the likely match). */
const HIGHLIGHT_REPLIES = 20;

/**
 * Each hit with where it matched. Posts and cases carry their text already; threads' bodies and the
 * matched page of each document cost one more round trip (bounded: the hits of one page of results).
 */
/**
 * Each hit with where it matched: one more round trip reads the hits' texts by id (at most 10 per
 * group) and each document's first matched page (one FTS lookup per document within its own pages,
 * without the last word's prefix: a prefix expands to every term it starts, once per document).
 */
async function withHighlights(ctx: QueryContext, prepared: Prepared, found: Found) {
  const match = matchWords(prepared.expanded);
  const groups = ITEM_GROUPS.filter((g) => found[g].length > 0);
  const pages = matchExpression(withoutWordPrefixes(prepared.expanded), "any");
  const documentIds = found.documents.map((d) => d.id);
  const withPages = documentIds.length > 0 && pages !== undefined;
  const results = groups.length
    ? await readBatch<Record<string, unknown>>(ctx, [
        ...groups.map((g) =>
          hitTexts(
            g,
            found[g].map((item) => item.id),
          ),
        ),
        ...(withPages ? [matchedPagesQuery(documentIds, pages)] : []),
      ])
    : [];
  const texts = new Map<string, TextRow>();
  for (const rows of results.slice(0, groups.length)) for (const r of rows as unknown as TextRow[]) texts.set(r.id, r);
  const pageRows = new Map(
    (withPages ? (results[groups.length] as unknown as { id: string; page: number; text: string }[]) : []).map((r) => [r.id, r]),
  );
  const h = (texts: Parameters<typeof bestExcerpt>[0]): { highlight: Excerpt | null } => ({ highlight: bestExcerpt(texts, match) });
  const text = (id: string) => texts.get(id);
  return {
    boards: found.boards,
    documents: found.documents.map((d) => {
      // A page a text shard matched came with its answer; text from before the shards is the primary's.
      const hit = found.shardHits?.find((x) => x.id === d.id && x.text !== null);
      const page = hit ? { page: hit.page, text: hit.text } : pageRows.get(d.id);
      return {
        ...d,
        ...h([
          { field: "page", page: page?.page ?? null, text: page?.text },
          { field: "description", text: text(d.id)?.a },
          { field: "title", text: d.title },
          { field: "chipset", text: text(d.id)?.b },
        ]),
      };
    }),
    threads: found.threads.map((t) => ({
      ...t,
      ...h([
        { field: "body", text: text(t.id)?.a },
        { field: "replies", text: text(t.id)?.b },
        { field: "title", text: t.title },
      ]),
    })),
    posts: found.posts.map((p) => ({
      ...p,
      ...h([
        { field: "body", text: text(p.id)?.a },
        { field: "excerpt", text: p.excerpt },
        { field: "title", text: p.title },
      ]),
    })),
    cases: found.cases.map((c) => ({
      ...c,
      ...h([
        { field: "symptom", text: c.symptom },
        { field: "diagnosis", text: text(c.id)?.a },
        { field: "fix", text: text(c.id)?.b },
        { field: "components", text: text(c.id)?.c },
        { field: "title", text: c.title },
      ]),
    })),
  };
}
