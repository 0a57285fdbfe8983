// Site search: boards, documents, threads, blog posts and repair cases in one call. Used by
// GET /search, the MCP `search` tool and the HTML search page; items come from the same query
// modules as the read API, so shapes, urls and visibility are identical.
//
// Ranking is bm25 with column weights (FTS_TABLES), kept bounded at any corpus size:
// - Candidates: each group ranks only its newest CANDIDATES visible matches (rowid order follows
//   creation; document metadata rows come before page rows), never every match.
// - bm25 also reads every row of each phrase to weigh it (IDF). So each word is first probed in the
//   recent tier (the newest RECENT_KEYS items): a word estimated in more than COMMON_ROWS rows of the
//   whole index is "common". Common words still filter the candidates but are not weighed over the
//   whole index; when every word is common, bm25 runs over the recent tier, where its cost is bounded.
// Trade-offs: for a query made only of common words, results come from the newest RECENT_KEYS items;
// an old, highly relevant item can lose its place to newer ones.
import type { z } from "@hono/zod-openapi";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { blogPostVisible, caseVisible, documentVisible, threadVisible } from "../auth/visibility";
import { postsByIdsLoader, type BlogPost } from "../db/queries/blog";
import { boardsByIdsLoader, type Board } from "../db/queries/boards";
import { casesByIdsLoader, type RepairCase } from "../db/queries/cases";
import { loadAll, type QueryContext } from "../db/queries/context";
import { documentsByIdsLoader, type DocumentItem } from "../db/queries/documents";
import { threadsByIdsLoader, type Thread } from "../db/queries/forum";
import { blogPosts, documents, repairCases, threads } from "../db/schema";
import type { DocumentTypeSchema } from "../schemas/common";
import { SEARCH_GROUP_LIMIT, type SearchResultSchema } from "../schemas/search";
import { FTS_TABLES, META_BASE, PAGE_FACTOR, RECENT_KEYS, typeTokenOf, type FtsTable } from "./index-sql";
import { expandBoards, matchExpression, parseQuery, probeExpression, withMarker, type BoardSpellings, type ParsedQuery } from "./query";

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
}

const bm25 = (weightsOf: FtsTable, table: string) => sql.raw(`bm25(${table}, ${FTS_TABLES[weightsOf].weights.map((w) => w.toFixed(1)).join(", ")})`);

const documentKey = (t: string) => `(case when ${t}.rowid >= ${META_BASE} then ${t}.rowid - ${META_BASE} else ${t}.rowid / ${PAGE_FACTOR} end)`;
const itemKey = (t: string) => `${t}.rowid`;

/** The FTS table, its key and its base row. */
function from(g: Group, table: string): SQL {
  return sql`${sql.raw(table)} join search_keys k on k.n = ${sql.raw(g.keyOf(table))} join ${g.base} on ${g.id} = k.id`;
}

const visibleRows = (g: Group) => sql`k.kind = ${g.kind} and ${g.visible} ${g.where ?? sql``}`;

/** bm25 over the newest visible candidates of one MATCH expression. */
function rankSimple(g: Group, table: string, match: string, limit: number): SQL {
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(match, g.marker) : match;
  return sql`
    select id from (
      select ${g.id} as id, ${bm25(g.table, table)} as score
      from ${from(g, table)}
      where ${t} match ${expression} and ${visibleRows(g)}
      order by ${t}.rowid desc limit ${g.candidates}
    ) group by id order by min(score), id desc limit ${limit}`;
}

/**
 * Two steps (one FTS table cannot serve two MATCH expressions in one statement and still feed bm25):
 * the newest visible candidates of the whole expression, then bm25 over the selective words only,
 * restricted to those candidates.
 */
export interface TwoStage {
  candidates: SQL;
  rank: (rowids: number[]) => SQL;
}

function rankTwoStage(g: Group, table: string, candidates: string, rank: string, limit: number): TwoStage {
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(candidates, g.marker) : candidates;
  return {
    candidates: sql`
      select ${t}.rowid as id from ${from(g, table)}
      where ${t} match ${expression} and ${visibleRows(g)}
      order by ${t}.rowid desc limit ${g.candidates}`,
    rank: (rowids) => sql`
      select id from (
        select ${g.id} as id, ${bm25(g.table, table)} as score
        from ${from(g, table)}
        where ${t} match ${rank} and (${t}.rowid + 0) in (select value from json_each(${JSON.stringify(rowids)}))
        limit ${rowids.length} -- a LIMIT keeps the subquery unflattened: bm25 cannot run inside min()
      ) group by id order by min(score), id desc limit ${limit}`,
  };
}

function rankBoards(match: string, limit: number, candidates: number): SQL {
  return sql`
    select id from (
      select search_boards.rowid as id, ${bm25("search_boards", "search_boards")} as score
      from search_boards where search_boards match ${match}
      order by search_boards.rowid desc limit ${candidates}
    ) order by score, id limit ${limit}`;
}

/**
 * The ranking statement of a group. `common[i]` tells whether term i is common in this group's
 * index (tiered groups only); the forgiving second pass ("any" word) ranks over the recent tier as
 * soon as one word is common.
 */
function planGroup(g: Group, parsed: ParsedQuery, common: boolean[], mode: "all" | "any", limit: number): SQL | TwoStage {
  const match = matchExpression(parsed, mode)!;
  if (!g.tiered || !common.some(Boolean)) {
    // The type marker is a common word too: it filters the candidates but is never weighed.
    return g.marker ? rankTwoStage(g, g.table, match, match, limit) : rankSimple(g, g.table, match, limit);
  }
  const selective = { ...parsed, terms: parsed.terms.filter((_, i) => !common[i]) };
  if (mode === "any" || selective.terms.length === 0) return rankSimple(g, `${g.table}_recent`, match, limit);
  return rankTwoStage(g, g.table, match, matchExpression(selective)!, limit);
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

function groups(ctx: QueryContext, type: string | undefined, tuning: SearchTuning): Record<"documents" | "threads" | "posts" | "cases", Group> {
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
    },
    threads: { table: "search_threads", tiered: true, kind: "thread", base: sql`${threads}`, id: sql`${threads.id}`, visible: threadVisible, keyOf: itemKey, candidates: c.threads },
    posts: { table: "search_posts", tiered: false, kind: "post", base: sql`${blogPosts}`, id: sql`${blogPosts.id}`, visible: blogPostVisible(ctx.now), keyOf: itemKey, candidates: c.posts },
    cases: { table: "search_cases", tiered: true, kind: "case", base: sql`${repairCases}`, id: sql`${repairCases.id}`, visible: caseVisible(ctx.now), keyOf: itemKey, candidates: c.cases },
  };
}

interface Prepared {
  parsed: ParsedQuery;
  expanded: ParsedQuery;
  hits: BoardHit[];
  /** Whether the board lookup still has to run (with the ranking: no term needs a board's spellings). */
  boardsPending: boolean;
  /** Per tiered table, per term: common or not. */
  common: Record<TieredGroup, boolean[]>;
}

type TieredGroup = "documents" | "threads" | "cases";
const TIERED: TieredGroup[] = ["documents", "threads", "cases"];

/**
 * Whether a word is common changes slowly, so probes are remembered per isolate for a while; a
 * stale answer only costs time, never correctness.
 */
const probeCache = new Map<string, { common: boolean; until: number }>();
const PROBE_TTL_MS = 10 * 60_000;
const PROBE_CACHE_SIZE = 5000;

function cachedProbe(key: string, now: number): boolean | undefined {
  const hit = probeCache.get(key);
  return hit && hit.until > now ? hit.common : undefined;
}

function rememberProbe(key: string, common: boolean, now: number): void {
  if (probeCache.size >= PROBE_CACHE_SIZE) probeCache.clear();
  probeCache.set(key, { common, until: now + PROBE_TTL_MS });
}

const parseBoardRows = (rows: unknown[]): BoardHit[] =>
  (rows as { matched: string; id: number; number: string; norm: string; aliases: string }[]).map((r) => ({
    id: r.id,
    matched: r.matched,
    norm: r.norm,
    spellings: [r.number, r.norm, ...(JSON.parse(r.aliases) as string[])],
  }));

/**
 * At most one round trip before ranking: the boards named by code-like words (their spellings widen
 * the match) and the probes not remembered yet. A query without code-like words looks its board up
 * together with the ranking.
 */
async function prepare(ctx: QueryContext, q: string, tuning: SearchTuning): Promise<Prepared> {
  const parsed = parseQuery(q);
  const now = Date.now();
  const needsBoards = parsed.norms.length > 0 && parsed.terms.some((t) => t.norm);
  const probes = parsed.terms.map(probeExpression);
  const keys = TIERED.map((group) => probes.map((p) => `${group}\u0000${tuning.commonRows}\u0000${p}`));
  const missing = TIERED.flatMap((group, g) => probes.flatMap((p, i) => (cachedProbe(keys[g][i], now) === undefined ? [{ group, i, p, key: keys[g][i] }] : [])));
  const results = await readBatch<Record<string, unknown>>(ctx, [
    ...(needsBoards ? [boardLookup(parsed.norms)] : []),
    ...missing.map((m) => probe(`search_${m.group}_recent`, m.p, tuning.commonRows)),
  ]);
  const hits = needsBoards ? parseBoardRows(results.shift()!) : [];
  missing.forEach((m, j) => rememberProbe(m.key, Boolean((results[j][0] as { common?: number } | undefined)?.common), now));
  const common = Object.fromEntries(TIERED.map((group, g) => [group, keys[g].map((k) => cachedProbe(k, now) ?? false)])) as Record<TieredGroup, boolean[]>;
  return { parsed, hits, boardsPending: !needsBoards && parsed.norms.length > 0, expanded: expandBoards(parsed, new Map(hits.map((h) => [h.matched, h]))), common };
}

interface RankedGroups {
  boards: number[];
  documents: string[];
  threads: string[];
  posts: string[];
  cases: string[];
}

function statementsFor(ctx: QueryContext, prepared: Prepared, mode: "all" | "any", options: { type?: string; limit: number; tuning: SearchTuning }) {
  const { expanded, common } = prepared;
  const g = groups(ctx, options.type, options.tuning);
  const none = expanded.terms.map(() => false);
  return {
    boards: rankBoards(matchExpression(expanded, mode)!, options.limit, options.tuning.candidates.boards),
    documents: planGroup(g.documents, expanded, common.documents, mode, options.limit),
    threads: planGroup(g.threads, expanded, common.threads, mode, options.limit),
    posts: planGroup(g.posts, expanded, none, mode, options.limit),
    cases: planGroup(g.cases, expanded, common.cases, mode, options.limit),
  };
}

const isTwoStage = (plan: SQL | TwoStage): plan is TwoStage => "rank" in plan;

/** At most two round trips: every group's statement (or candidates), then the second steps. */
async function rankAll(ctx: QueryContext, prepared: Prepared, mode: "all" | "any", options: { type?: string; limit: number; tuning: SearchTuning }): Promise<RankedGroups> {
  const plans = statementsFor(ctx, prepared, mode, options);
  const names = Object.keys(plans) as (keyof typeof plans)[];
  type Row = { id: string | number };
  const lookup = prepared.boardsPending;
  prepared.boardsPending = false;
  const first = await readBatch<Row>(ctx, [...names.map((n) => { const p = plans[n]; return isTwoStage(p) ? p.candidates : p; }), ...(lookup ? [boardLookup(prepared.parsed.norms)] : [])]);
  if (lookup) prepared.hits = parseBoardRows(first.pop()!);
  const rows = new Map(names.map((n, i) => [n, first[i]]));
  const second = names.flatMap((n) => { const p = plans[n]; return isTwoStage(p) && rows.get(n)!.length ? [n] : []; });
  const ranked = await readBatch<Row>(ctx, second.map((n) => (plans[n] as TwoStage).rank(rows.get(n)!.map((r) => Number(r.id)))));
  second.forEach((n, i) => rows.set(n, ranked[i]));
  for (const n of names) if (isTwoStage(plans[n]) && !second.includes(n)) rows.set(n, []);
  const ids = <T>(n: keyof typeof plans) => rows.get(n)!.map((r) => r.id as T);
  return { boards: ids<number>("boards"), documents: ids<string>("documents"), threads: ids<string>("threads"), posts: ids<string>("posts"), cases: ids<string>("cases") };
}

const isEmpty = (g: RankedGroups) => !g.boards.length && !g.documents.length && !g.threads.length && !g.posts.length && !g.cases.length;

/** The ranking plans a query runs (first pass), for profiling (bench/search/profile.ts). */
export async function searchPlans(ctx: QueryContext, q: string, options: SearchOptions = {}): Promise<Record<string, SQL | TwoStage>> {
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const prepared = await prepare(ctx, q, tuning);
  return prepared.expanded.terms.length ? statementsFor(ctx, prepared, "all", { type: options.type, limit: SEARCH_GROUP_LIMIT, tuning }) : {};
}

export async function searchSite(ctx: QueryContext, q: string, options: SearchOptions = {}): Promise<SearchResult> {
  const query = q.trim();
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_GROUP_LIMIT), 1), SEARCH_GROUP_LIMIT);
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const prepared = await prepare(ctx, q, tuning);
  const { parsed, expanded } = prepared;

  let ranked: RankedGroups = { boards: [], documents: [], threads: [], posts: [], cases: [] };
  if (!expanded.terms.length && prepared.boardsPending) prepared.hits = parseBoardRows((await readBatch(ctx, [boardLookup(parsed.norms)]))[0]);
  if (expanded.terms.length) {
    const rankOptions = { type: options.type, limit, tuning };
    ranked = await rankAll(ctx, prepared, "all", rankOptions);
    // Forgiving second pass: no item has every word, so rank items with any of them.
    if (isEmpty(ranked) && expanded.terms.length > 1) ranked = await rankAll(ctx, prepared, "any", rankOptions);
  }

  // A query that is a board number (any spelling, or an alias) puts that board first.
  const hits = prepared.hits;
  const exact = hits.filter((h) => h.matched === parsed.whole).map((h) => h.id);
  const boardIds = [...new Set([...exact, ...hits.map((h) => h.id), ...ranked.boards])].slice(0, limit);

  // One round trip for every group's items, through the read API's own queries.
  const [boards, docs, threadItems, posts, cases] = await loadAll<[Board, DocumentItem, Thread, BlogPost, RepairCase]>(ctx, [
    boardsByIdsLoader(ctx, boardIds),
    documentsByIdsLoader(ctx, ranked.documents),
    threadsByIdsLoader(ctx, ranked.threads),
    postsByIdsLoader(ctx, ranked.posts),
    casesByIdsLoader(ctx, ranked.cases),
  ]);
  return { query, boards, documents: docs, threads: threadItems, posts, cases };
}
