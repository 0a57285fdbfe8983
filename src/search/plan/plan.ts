// Stage 2, plan: pure functions from an understood query (src/search/understand/understand.ts) to the SQL
// statements that rank each group (no database access here, so a caller may batch them). Ranking is
// bm25 with column weights (FTS_TABLES), bounded at any corpus size: each group ranks only its newest
// `tuning.candidates` visible matches; words common across the whole index are weighed over the
// recent tier only. The one order of every path is RANKED_ORDER: the scope's tiers, then closeness
// (as typed, other forms, concept words), then bm25.
import type { QueryContext } from "../../db/queries/runtime";
import { typeTokenOf } from "../index/index-sql";
import {
  bm25,
  caseMerit,
  documentKey,
  int,
  exactFlag,
  from,
  itemKey,
  levelsOf,
  SAID_BONUS,
  meritScore,
  threadMerit,
  tierOf,
  visibleRows,
  type Group,
  type Levels,
} from "./plan-group";
import { BLOG_POSTS, DOCUMENTS, REPAIR_CASES, THREADS } from "./plan-names";
import { scopeOf, scopeRows } from "./plan-scope";
import { visibleFor } from "./plan-visibility";
import { matchExpression, withMarker, type ParsedQuery } from "../understand/query";
import { restOf } from "../understand/scope";
import { type SqlFragment, sql } from "./sql-fragment";
import { TIERED, type ItemGroup, type Prepared, type RankOptions, type SearchTuning, type ShardHit, type TieredGroup } from "../stages";

/**
 * The shards' (id, score, exact) rows of the group's items that pass the visibility rule, as a union member.
 * A page matching as typed is level 3, any other 1; both say the query (SAID_BONUS) when the levels ask it.
 */
function shardRows(g: Group, levels?: Levels): SqlFragment {
  if (!g.shardHits?.length) return sql``;
  const said = levels?.said ? SAID_BONUS : 0;
  const hits = JSON.stringify(g.shardHits.map((h) => [h.id, h.score, h.exact]));
  // CROSS JOIN keeps json_each the outer loop and "(…) = 1" keeps the planner off the visibility index: the
  // few hits are looked up by id (without both, SQLite walked every document: 17 million rows on 100,000).
  return sql` union all select ${g.id} as id, cast(j.value ->> '$[1]' as real) as score, (case when j.value ->> '$[2]' = 1 then ${sql.raw(String(3 + said))} else ${sql.raw(String(1 + said))} end) as exact, ${tierOf(g)} as tier
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
function rankSimple(g: Group, table: string, match: string, page: Page, exact?: Levels): SqlFragment {
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(match, g.marker) : match;
  return sql`
    select id from (
      select id, score, exact, tier from (
        select ${g.id} as id, ${meritScore(g, bm25(g.table, table))} as score, ${exactFlag(g, table, exact)} as exact, ${tierOf(g)} as tier
        from ${from(g, table)}
        where ${t} match ${expression} and ${visibleRows(g)}
        order by ${t}.rowid desc limit ${int(g.candidates)}
      )${shardRows(g, exact)}${scopeRows(g, page.limit + page.offset)}
    ) ${RANKED_ORDER} limit ${int(page.limit)} offset ${int(page.offset)}`;
}

/**
 * Candidates of the whole expression (the newest visible matches), weighed by bm25 over the
 * selective words only. The ranking subquery keeps a LIMIT: unflattened, bm25 is not asked to run
 * inside min() (which FTS5 refuses). The weighed words are read from the oldest candidate on (a rowid
 * range FTS5 seeks to), not over the whole index: "power charging" read 24,651 rows of threads for its
 * 200 candidates, 800 so (bm25's weights are the same: FTS5 counts each phrase once, apart from the scan).
 */
function rankTwoStage(g: Group, table: string, candidates: string, rank: string, page: Page, exact?: Levels): SqlFragment {
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(candidates, g.marker) : candidates;
  const weighed = (match: string, limit: SqlFragment) => sql`
      select ${g.id} as id, ${meritScore(g, bm25(g.table, table))} as score, ${exactFlag(g, table, exact)} as exact, ${tierOf(g)} as tier
      from ${from(g, table)}
      where ${t} match ${match} and ${t}.rowid >= (select min(r) from cand) and (${t}.rowid + 0) in (select r from cand)
      limit ${limit}`;
  // Fewer candidates than asked: they are every match, the oldest far back, and the selective words' rows
  // from there on may be thousands (typos' corrections: 7,900 rows of documents). Then the whole expression
  // is weighed: its rows from the oldest candidate on are the candidates themselves (one LIMIT, computed
  // once, runs either arm, the other never starts).
  const sparse = sql`((select count(*) from cand) < ${int(g.candidates)})`;
  const ranking =
    rank === candidates
      ? weighed(rank, int(g.candidates))
      : sql`select * from (${weighed(rank, sql`(case when ${sparse} then 0 else ${int(g.candidates)} end)`)})
      union all select * from (${weighed(expression, sql`(case when ${sparse} then ${int(g.candidates)} else 0 end)`)})`;
  return sql`
    with cand(r) as materialized (
      select ${t}.rowid from ${from(g, table)}
      where ${t} match ${expression} and ${visibleRows(g)}
      order by ${t}.rowid desc limit ${int(g.candidates)}
    )
    select id from (
      select id, score, exact, tier from (${ranking})${shardRows(g, exact)}${scopeRows(g, page.limit + page.offset)}
    ) ${RANKED_ORDER} limit ${int(page.limit)} offset ${int(page.offset)}`;
}

/**
 * Board ids, best first: boards whose number or alias is the whole query (any spelling), then boards
 * named by a code-like word, then bm25 matches of the board index.
 */
export function boardsRanking(parsed: ParsedQuery, match: string | undefined, page: Page, candidates: number): SqlFragment {
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
        order by search_boards.rowid desc limit ${int(candidates)})`
          : sql``
      }
    ) group by id order by min(grp), min(score), id limit ${int(page.limit)} offset ${int(page.offset)}`;
}

/**
 * The ranking statement of a group. `common[i]` tells whether term i is common in this group's
 * index (tiered groups only); the forgiving second pass ("any" word) ranks over the recent tier as
 * soon as one word is common.
 */
function planGroup(g: Group, parsed: ParsedQuery, common: boolean[], mode: "all" | "any", limit: Page): SqlFragment {
  const match = matchExpression(parsed, mode)!;
  const exact = levelsOf(parsed, mode, g.table);
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
      base: DOCUMENTS.table,
      id: DOCUMENTS.id,
      visible: visibleFor("document", ctx),
      where: type ? sql`and ${DOCUMENTS.type} = ${type}` : undefined,
      marker: type ? typeTokenOf(type) : undefined,
      keyOf: documentKey,
      candidates: c.documents,
      shardHits,
    },
    threads: {
      table: "search_threads",
      tiered: true,
      kind: "thread",
      base: THREADS.table,
      id: THREADS.id,
      visible: visibleFor("thread", ctx),
      merit: threadMerit,
      keyOf: itemKey,
      candidates: c.threads,
    },
    posts: {
      table: "search_posts",
      tiered: false,
      kind: "post",
      base: BLOG_POSTS.table,
      id: BLOG_POSTS.id,
      visible: visibleFor("post", ctx),
      keyOf: itemKey,
      candidates: c.posts,
    },
    cases: {
      table: "search_cases",
      tiered: true,
      kind: "case",
      base: REPAIR_CASES.table,
      id: REPAIR_CASES.id,
      visible: visibleFor("case", ctx),
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
): Record<ItemGroup, SqlFragment> {
  const { expanded, common } = prepared;
  const g = groups(ctx, options.type, options.tuning, shardHits);
  const none = expanded.terms.map(() => false);
  if (prepared.scope) {
    const rest = restOf(expanded, prepared.scope);
    const restRows = (group: TieredGroup) => prepared.rows[group].reduce((n, r, i) => (prepared.scope!.terms.includes(i) ? n : n + r), 0);
    for (const group of TIERED) g[group].scope = scopeOf(g[group], group, prepared.scope.boardIds, rest, restRows(group));
  }
  return {
    documents: planGroup(g.documents, expanded, common.documents, mode, options),
    threads: planGroup(g.threads, expanded, common.threads, mode, options),
    posts: planGroup(g.posts, expanded, none, mode, options),
    cases: planGroup(g.cases, expanded, common.cases, mode, options),
  };
}
