// Stage 2, plan: pure functions from an understood query (src/search/understand.ts) to the SQL
// statements that rank each group (no database access here, so a caller may batch them). Ranking is
// bm25 with column weights (FTS_TABLES), bounded at any corpus size: each group ranks only its newest
// `tuning.candidates` visible matches; words common across the whole index are weighed over the
// recent tier only. The one order of every path is RANKED_ORDER: the scope's tiers, then closeness
// (as typed, other forms, concept words), then bm25.
import { sql, type SQL } from "drizzle-orm";
import { blogPostVisible, caseVisible, documentVisible, threadVisible } from "../auth/visibility";
import type { QueryContext } from "../db/queries/runtime";
import { blogPosts, documents, repairCases, threads } from "../db/schema";
import { FTS_TABLES, META_BASE, PAGE_FACTOR, typeTokenOf, type FtsTable } from "./index-sql";
import { hasLoose, matchExpression, termExpressions, withMarker, type ParsedQuery } from "./query";
import { restOf } from "./scope";
import type { ShardHit } from "./shard-search";
import { TIERED, type ItemGroup, type Prepared, type RankOptions, type SearchTuning, type TieredGroup } from "./stages";

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
  /** The boards the query names (src/search/scope.ts): their items rank first. */
  scope?: GroupScope;
  /** Merit of the base row (MERIT), 0 when the group has none: bm25 is multiplied by 1 + merit. */
  merit?: SQL;
}

/**
 * Ranking among equals: a solved thread (a visible accepted solution) and a fixed case weigh more, and
 * so do a thread's votes (its visible replies' scores, capped). bm25 is negative (lower is better), so
 * `score * (1 + merit)` moves an item up by that fraction: a close match with merit passes a slightly
 * closer one without; it never crosses the scope tiers or closeness levels.
 */
export const MERIT = { solvedThread: 0.25, votePerPoint: 0.02, maxVotes: 5, fixedCase: 0.25, partiallyFixedCase: 0.1 } as const;

/** Kept per thread by migrations/0021_thread_merit.sql's triggers from MERIT (test/search-merit.test.ts holds them equal). */
const threadMerit = sql.raw("ifnull((select tm.merit from thread_merits tm where tm.thread_id = threads.id), 0)");
const caseMerit = sql.raw(
  `(case repair_cases.outcome when 'fixed' then ${MERIT.fixedCase} when 'partially_fixed' then ${MERIT.partiallyFixedCase} else 0 end)`,
);

/** bm25 weighed by the row's merit. */
const meritScore = (g: Group, score: SQL) => (g.merit ? sql`(${score} * (1 + ${g.merit}))` : score);

/** How a group ranks the items of the boards in scope (tier 0: matched on the rest of the query; 1: the others). */
interface GroupScope {
  /** Condition on the base row: the item belongs to a board in scope. */
  inScope: SQL;
  /** The newest visible items in scope (ids), as many as one page. */
  fill: (limit: number) => SQL;
  /** The newest visible items in scope, at most `limit`: id, key n and score (merit first), found from the boards' side. */
  newest: (limit: number) => SQL;
  /** The rest of the query (any word) and its closeness levels. */
  rest?: { match: string; levels?: Levels };
}

const bm25 = (weightsOf: FtsTable, table: string) => sql.raw(`bm25(${table}, ${FTS_TABLES[weightsOf].weights.map((w) => w.toFixed(1)).join(", ")})`);

const documentKey = (t: string) => `(case when ${t}.rowid >= ${META_BASE} then ${t}.rowid - ${META_BASE} else ${t}.rowid / ${PAGE_FACTOR} end)`;
const itemKey = (t: string) => `${t}.rowid`;

/** The FTS table, its key and its base row. */
function from(g: Group, table: string): SQL {
  return sql`${sql.raw(table)} join search_keys k on k.n = ${sql.raw(g.keyOf(table))} join ${g.base} on ${g.id} = k.id`;
}

const visibleRows = (g: Group) => sql`k.kind = ${g.kind} and ${g.visible} ${g.where ?? sql``}`;

/** The expressions of a query as typed and with its words' forms (no concept words): the levels of `exactFlag`. */
interface Levels {
  exact?: string;
  forms?: string;
  /** Any word: each term's expression; an item matching more of them ranks first. */
  terms?: string[];
}

function levelsOf(parsed: ParsedQuery, mode: "all" | "any"): Levels | undefined {
  const terms = mode === "any" ? termExpressions(parsed) : [];
  const coverage = terms.length > 1 ? { terms } : {};
  if (!hasLoose(parsed)) return terms.length > 1 ? coverage : undefined;
  return { exact: matchExpression(parsed, mode, "exact")!, forms: matchExpression(parsed, mode, "forms")!, ...coverage };
}

/**
 * How closely an index row matches: 3 every term as typed, 1 through a word's other form, a
 * correction or a code prefix, 0 only through a concept's other words (src/search/thesaurus); in the
 * forgiving pass (any word) first how many of the query's terms it matches (4 per term). The closer
 * match ranks first. Each membership reads at most the candidates' number of rows.
 */
function exactFlag(g: Group, table: string, levels: Levels | undefined): SQL {
  if (!levels) return sql`3`;
  const t = sql.raw(table);
  const member = (match: string) =>
    sql`(${t}.rowid in (select rowid from ${t} where ${t} match ${g.marker ? withMarker(match, g.marker) : match} order by rowid desc limit ${g.candidates}))`;
  const closeness =
    !levels.exact || !levels.forms
      ? sql`3`
      : levels.forms === levels.exact
        ? sql`(${member(levels.exact)} * 3)`
        : sql`(${member(levels.exact)} * 2 + ${member(levels.forms)})`;
  if (!levels.terms) return closeness;
  return sql`(${sql.join(
    levels.terms.map((term) => member(term)),
    sql` + `,
  )}) * 4 + ${closeness}`;
}

/** 0 for an item of a board in scope (or when there is no scope), 2 for any other item. */
const tierOf = (g: Group) => (g.scope ? sql`(case when ${g.scope.inScope} then 0 else 2 end)` : sql`0`);

/**
 * Whether the index row(s) of the item with key `n` (a column of the scope's rows) match `match`: a seek by
 * rowid in each phrase's rows, never a walk through them. A document is its metadata row and its pages.
 */
function itemMatches(g: Group, match: string, n: SQL): SQL {
  const t = sql.raw(g.table);
  const expression = g.marker ? withMarker(match, g.marker) : match;
  if (g.keyOf !== documentKey) return sql`exists (select 1 from ${t} where ${t} match ${expression} and ${t}.rowid = ${n})`;
  return sql`(exists (select 1 from ${t} where ${t} match ${expression} and ${t}.rowid = ${n} + ${sql.raw(String(META_BASE))})
    or exists (select 1 from ${t} where ${t} match ${expression} and ${t}.rowid between ${n} * ${sql.raw(String(PAGE_FACTOR))} and ${n} * ${sql.raw(String(PAGE_FACTOR))} + ${sql.raw(String(PAGE_FACTOR - 1))}))`;
}

/** exactFlag's levels for one item in scope, by seeks (coverage: 4 per term matched; closeness 2 as typed, 1 other forms). */
function itemCloseness(g: Group, levels: Levels | undefined, n: SQL): SQL {
  if (!levels) return sql`3`;
  const closeness =
    !levels.exact || !levels.forms
      ? sql`3`
      : sql`(${itemMatches(g, levels.exact, n)} * 2 + ${levels.forms === levels.exact ? sql`${itemMatches(g, levels.exact, n)}` : itemMatches(g, levels.forms, n)})`;
  if (!levels.terms) return closeness;
  return sql`(${sql.join(
    levels.terms.map((term) => itemMatches(g, term, n)),
    sql` + `,
  )}) * 4 + ${closeness}`;
}

/**
 * With a scope: the items in scope matching any other word of the query (tier 0), then the newest
 * other items in scope (tier 1), as union members beside the group's own ranking. Tier 0 is found from
 * the boards' side: the newest `candidates` items in scope, each checked against the rest of the query
 * by rowid, ranked by how many of its words and how closely they match, then merit. Walking the rest's
 * matches instead (a common word: most of the index) read 580,000 rows for "lenovo thinkpad no enciende"
 * at 100,000 documents, and weighing them by bm25 counts every row of each word.
 */
function scopeRows(g: Group, window: number): SQL {
  if (!g.scope) return sql``;
  const { rest, fill, newest } = g.scope;
  const fillRows = sql` union all select id, score, 0 as exact, 1 as tier from (${fill(window)})`;
  if (!rest) return fillRows;
  const n = sql.raw("s.n");
  return sql` union all select s.id as id, s.score as score, ${itemCloseness(g, rest.levels, n)} as exact, 0 as tier
      from (${newest(g.candidates)}) s where ${itemMatches(g, rest.match, n)}${fillRows}`;
}

/** The shards' (id, score, exact) rows of the group's items that pass the visibility rule, as a union member. */
function shardRows(g: Group): SQL {
  if (!g.shardHits?.length) return sql``;
  const hits = JSON.stringify(g.shardHits.map((h) => [h.id, h.score, h.exact]));
  // CROSS JOIN keeps json_each the outer loop and "(…) = 1" keeps the planner off the visibility index: the
  // few hits are looked up by id (without both, SQLite walked every document: 17 million rows on 100,000).
  return sql` union all select ${g.id} as id, cast(j.value ->> '$[1]' as real) as score, (case when j.value ->> '$[2]' = 1 then 3 else 1 end) as exact, ${tierOf(g)} as tier
      from json_each(${hits}) j cross join ${g.base} on ${g.id} = j.value ->> '$[0]'
      where (${g.visible}) = 1 ${g.where ?? sql``}`;
}

/** One page of a group: `limit` items after `offset` (paging stays within the candidates). */
export interface Page {
  limit: number;
  offset: number;
}

/**
 * The one order of every ranking path: the scope's tiers, then items matching every word as typed
 * (exact first), then bm25, newest first among equals.
 */
const RANKED_ORDER = sql.raw("group by id order by min(tier), max(exact) desc, min(score), id desc");

/** bm25 over the newest visible candidates of one MATCH expression. */
function rankSimple(g: Group, table: string, match: string, page: Page, exact?: Levels): SQL {
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(match, g.marker) : match;
  return sql`
    select id from (
      select id, score, exact, tier from (
        select ${g.id} as id, ${meritScore(g, bm25(g.table, table))} as score, ${exactFlag(g, table, exact)} as exact, ${tierOf(g)} as tier
        from ${from(g, table)}
        where ${t} match ${expression} and ${visibleRows(g)}
        order by ${t}.rowid desc limit ${g.candidates}
      )${shardRows(g)}${scopeRows(g, page.limit + page.offset)}
    ) ${RANKED_ORDER} limit ${page.limit} offset ${page.offset}`;
}

/**
 * Candidates of the whole expression (the newest visible matches), weighed by bm25 over the
 * selective words only. The ranking subquery keeps a LIMIT: unflattened, bm25 is not asked to run
 * inside min() (which FTS5 refuses). The weighed words are read from the oldest candidate on (a rowid
 * range FTS5 seeks to), not over the whole index: "power charging" read 24,651 rows of threads for its
 * 200 candidates, 800 so (bm25's weights are the same: FTS5 counts each phrase once, apart from the scan).
 */
function rankTwoStage(g: Group, table: string, candidates: string, rank: string, page: Page, exact?: Levels): SQL {
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(candidates, g.marker) : candidates;
  const weighed = (match: string, limit: SQL) => sql`
      select ${g.id} as id, ${meritScore(g, bm25(g.table, table))} as score, ${exactFlag(g, table, exact)} as exact, ${tierOf(g)} as tier
      from ${from(g, table)}
      where ${t} match ${match} and ${t}.rowid >= (select min(r) from cand) and (${t}.rowid + 0) in (select r from cand)
      limit ${limit}`;
  // Fewer candidates than asked: they are every match, the oldest far back, and the selective words' rows
  // from there on may be thousands (typos' corrections: 7,900 rows of documents). Then the whole expression
  // is weighed: its rows from the oldest candidate on are the candidates themselves (one LIMIT, computed
  // once, runs either arm, the other never starts).
  const sparse = sql`((select count(*) from cand) < ${g.candidates})`;
  const ranking =
    rank === candidates
      ? weighed(rank, sql`${g.candidates}`)
      : sql`select * from (${weighed(rank, sql`(case when ${sparse} then 0 else ${g.candidates} end)`)})
      union all select * from (${weighed(expression, sql`(case when ${sparse} then ${g.candidates} else 0 end)`)})`;
  return sql`
    with cand(r) as materialized (
      select ${t}.rowid from ${from(g, table)}
      where ${t} match ${expression} and ${visibleRows(g)}
      order by ${t}.rowid desc limit ${g.candidates}
    )
    select id from (
      select id, score, exact, tier from (${ranking})${shardRows(g)}${scopeRows(g, page.limit + page.offset)}
    ) ${RANKED_ORDER} limit ${page.limit} offset ${page.offset}`;
}

/**
 * Board ids, best first: boards whose number or alias is the whole query (any spelling), then boards
 * named by a code-like word, then bm25 matches of the board index.
 */
export function boardsRanking(parsed: ParsedQuery, match: string | undefined, page: Page, candidates: number): SQL {
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
    ) group by id order by min(grp), min(score), id limit ${page.limit} offset ${page.offset}`;
}

/**
 * The ranking statement of a group. `common[i]` tells whether term i is common in this group's
 * index (tiered groups only); the forgiving second pass ("any" word) ranks over the recent tier as
 * soon as one word is common.
 */
function planGroup(g: Group, parsed: ParsedQuery, common: boolean[], mode: "all" | "any", limit: Page): SQL {
  const match = matchExpression(parsed, mode)!;
  const exact = levelsOf(parsed, mode);
  if (!g.tiered || !common.some(Boolean)) {
    // The type marker is a common word too: it filters the candidates but is never weighed.
    return g.marker ? rankTwoStage(g, g.table, match, match, limit, exact) : rankSimple(g, g.table, match, limit, exact);
  }
  const selective = { ...parsed, terms: parsed.terms.filter((_, i) => !common[i]) };
  if (mode === "any" || selective.terms.length === 0) return rankSimple(g, `${g.table}_recent`, match, limit, exact);
  return rankTwoStage(g, g.table, match, matchExpression(selective)!, limit, exact);
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
      merit: threadMerit,
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
      merit: caseMerit,
      keyOf: itemKey,
      candidates: c.cases,
    },
  };
}

export function statementsFor(
  ctx: QueryContext,
  prepared: Prepared,
  mode: "all" | "any",
  options: RankOptions,
  shardHits: readonly ShardHit[],
): Record<ItemGroup, SQL> {
  const { expanded, common } = prepared;
  const g = groups(ctx, options.type, options.tuning, shardHits);
  const none = expanded.terms.map(() => false);
  if (prepared.scope) {
    const rest = restOf(expanded, prepared.scope);
    for (const group of TIERED) g[group].scope = scopeOf(g[group], group, prepared.scope.boardIds, rest);
  }
  return {
    documents: planGroup(g.documents, expanded, common.documents, mode, options),
    threads: planGroup(g.threads, expanded, common.threads, mode, options),
    posts: planGroup(g.posts, expanded, none, mode, options),
    cases: planGroup(g.cases, expanded, common.cases, mode, options),
  };
}

/** Items in scope read at most, over all its boards: each board gives its newest share (at least one). */
export const SCOPE_ITEMS = 200;

/** A group's scope: its board condition, its newest items in scope, the rest of the query to rank them on. */
function scopeOf(g: Group, group: TieredGroup, boardIds: number[], rest: ParsedQuery): GroupScope {
  const boards = JSON.stringify(boardIds);
  const ids = sql`(select value from json_each(${boards}))`;
  const extra = g.where ?? sql``;
  const perBoard = Math.min(g.candidates, Math.max(1, Math.ceil(SCOPE_ITEMS / Math.max(1, boardIds.length))));
  // Each board's newest items through its own index (CROSS JOIN keeps the boards the outer loop: else the
  // planner walks every document or key of the kind, 770,000 rows at 100,000 documents); then the newest of them.
  const inScope = {
    documents: sql`exists (select 1 from document_boards sb where sb.document_id = ${documents.id} and sb.board_id in ${ids})`,
    threads: sql`${threads.boardId} in ${ids}`,
    cases: sql`${repairCases.boardId} in ${ids}`,
  }[group];
  const items = {
    documents: sql`select ${documents.id} as id, k.n as n, 0.0 as score, ${documents.createdAt} as at from json_each(${boards}) b
      cross join document_boards sb on sb.rowid in (select x.rowid from document_boards x where x.board_id = b.value order by x.rowid desc limit ${perBoard})
      cross join ${documents} on ${documents.id} = sb.document_id
      cross join search_keys k on k.kind = 'document' and k.id = ${documents.id}
      where ${g.visible} ${extra}`,
    threads: sql`select ${threads.id} as id, k.n as n, -${threadMerit} as score, ${threads.createdAt} as at from json_each(${boards}) b
      cross join ${threads} on ${threads}.rowid in (select ${threads}.rowid from ${threads} where ${threads.boardId} = b.value and ${g.visible} order by ${threads.createdAt} desc limit ${perBoard})
      cross join search_keys k on k.kind = 'thread' and k.id = ${threads.id}`,
    cases: sql`select ${repairCases.id} as id, k.n as n, -${caseMerit} as score, ${repairCases.createdAt} as at from json_each(${boards}) b
      cross join ${repairCases} on ${repairCases}.rowid in (select ${repairCases}.rowid from ${repairCases} where ${repairCases.boardId} = b.value and ${g.visible} order by ${repairCases.createdAt} desc limit ${perBoard})
      cross join search_keys k on k.kind = 'case' and k.id = ${repairCases.id}`,
  }[group];
  const newest = (limit: number) => sql`select id, n, score from (${items}) order by at desc limit ${limit}`;
  const fill = (limit: number) => sql`select id, score from (${items}) order by at desc limit ${limit}`;
  const match = matchExpression(rest, "any");
  return { inScope, fill, newest, ...(match ? { rest: { match, levels: levelsOf(rest, "any") } } : {}) };
}
