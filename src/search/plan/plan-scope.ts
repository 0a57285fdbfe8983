// A query's scope in the plan (src/search/understand/scope.ts finds the boards): the items of a narrow scope are
// found from the boards' side, each board's newest through its own index, and checked against the rest
// of the query by rowid; a broad scope only lifts the query's own candidates (tierOf, plan-group.ts).
import { type SqlFragment, sql } from "./sql-fragment";
import {
  int,
  bm25,
  caseMerit,
  itemMatches,
  exactFlag,
  from,
  levelsOf,
  meritScore,
  threadMerit,
  visibleRows,
  type Group,
  type GroupScope,
} from "./plan-group";
import { DOCUMENTS, REPAIR_CASES, THREADS } from "./plan-names";
import { matchExpression, withMarker, type ParsedQuery } from "../understand/query";
import type { TieredGroup } from "../stages";

/**
 * With a scope: the items in scope matching any other word of the query (tier 0), then the newest
 * other items in scope (tier 1), as union members beside the group's own ranking. Tier 0, when the rest
 * of the query is rare in this group (REST_WEIGHED_ROWS): its matches are walked and those in scope weighed
 * by bm25. Else from the boards' side: the newest `candidates` items in scope, each checked against the
 * rest by rowid, ranked by how many of its words and how closely they match, then merit. Walking a common
 * rest (a common word: most of the index) read 580,000 rows for "lenovo thinkpad no enciende" at 100,000
 * documents.
 */
export function scopeRows(g: Group, window: number): SqlFragment {
  if (!g.scope?.fromBoards) return sql``;
  const { rest, fill, newest } = g.scope.fromBoards;
  const fillRows = sql` union all select id, score, 0 as exact, 1 as tier from (${fill(window)})`;
  if (!rest) return fillRows;
  if (rest.weighed) {
    const t = sql.raw(g.table);
    return sql` union all select id, score, exact, 0 as tier from (
      select ${g.id} as id, ${meritScore(g, bm25(g.table, g.table))} as score, ${exactFlag(g, g.table, rest.levels)} as exact
      from ${from(g, g.table)}
      where ${t} match ${g.marker ? withMarker(rest.match, g.marker) : rest.match} and ${visibleRows(g)} and ${g.scope.inScope}
      order by ${t}.rowid desc limit ${int(g.candidates)}
    )${fillRows}`;
  }
  const n = sql.raw("s.n");
  return sql` union all select s.id as id, s.score as score, ${exactFlag(g, g.table, rest.levels, n)} as exact, 0 as tier
      from (${newest(g.candidates)}) s where ${itemMatches(g, g.table, rest.match, n)}${fillRows}`;
}

/** A rest of the query estimated in at most this many index rows of a group is walked and weighed (tier 0). */
export const REST_WEIGHED_ROWS = 1000;

/** Items in scope read at most, over all its boards: each board gives its newest share. */
export const SCOPE_ITEMS = 200;
/**
 * A scope of more boards is broad (a manufacturer, a product line): its items are not looked for from the
 * boards' side (each board's index, then the rest of the query on each item), they only rank first among
 * the query's own candidates. A model names a few boards.
 */
export const NARROW_SCOPE_BOARDS = 20;

/** A group's scope: its board condition, its newest items in scope, the rest of the query to rank them on. */
export function scopeOf(g: Group, group: TieredGroup, boardIds: number[], rest: ParsedQuery, restRows: number): GroupScope {
  const boards = JSON.stringify(boardIds);
  const ids = sql`(select value from json_each(${boards}))`;
  const extra = g.where ?? sql``;
  const perBoard = Math.min(g.candidates, Math.ceil(SCOPE_ITEMS / Math.max(1, boardIds.length)));
  // Each board's newest items through its own index (CROSS JOIN keeps the boards the outer loop: else the
  // planner walks every document or key of the kind, 770,000 rows at 100,000 documents); then the newest of them.
  const inScope = {
    // "+ 0": the document's few links are read and checked against the list; else SQLite probes the
    // (document, board) key once per board in scope: 200 probes per candidate, 43,000 rows per search.
    documents: sql`exists (select 1 from document_boards sb where sb.document_id = ${DOCUMENTS.id} and sb.board_id + 0 in ${ids})`,
    threads: sql`${THREADS.boardId} in ${ids}`,
    cases: sql`${REPAIR_CASES.boardId} in ${ids}`,
  }[group];
  const items = {
    documents: sql`select ${DOCUMENTS.id} as id, k.n as n, 0.0 as score, ${DOCUMENTS.createdAt} as at from json_each(${boards}) b
      cross join document_boards sb on sb.rowid in (select x.rowid from document_boards x where x.board_id = b.value order by x.rowid desc limit ${int(perBoard)})
      cross join ${DOCUMENTS.table} on ${DOCUMENTS.id} = sb.document_id
      cross join search_keys k on k.kind = 'document' and k.id = ${DOCUMENTS.id}
      where ${g.visible} ${extra}`,
    threads: sql`select ${THREADS.id} as id, k.n as n, -${threadMerit} as score, ${THREADS.createdAt} as at from json_each(${boards}) b
      cross join ${THREADS.table} on ${THREADS.table}.rowid in (select ${THREADS.table}.rowid from ${THREADS.table} where ${THREADS.boardId} = b.value and ${g.visible} order by ${THREADS.createdAt} desc limit ${int(perBoard)})
      cross join search_keys k on k.kind = 'thread' and k.id = ${THREADS.id}`,
    cases: sql`select ${REPAIR_CASES.id} as id, k.n as n, -${caseMerit} as score, ${REPAIR_CASES.createdAt} as at from json_each(${boards}) b
      cross join ${REPAIR_CASES.table} on ${REPAIR_CASES.table}.rowid in (select ${REPAIR_CASES.table}.rowid from ${REPAIR_CASES.table} where ${REPAIR_CASES.boardId} = b.value and ${g.visible} order by ${REPAIR_CASES.createdAt} desc limit ${int(perBoard)})
      cross join search_keys k on k.kind = 'case' and k.id = ${REPAIR_CASES.id}`,
  }[group];
  const newest = (limit: number) => sql`select id, n, score from (${items}) order by at desc limit ${int(limit)}`;
  const fill = (limit: number) => sql`select id, score from (${items}) order by at desc limit ${int(limit)}`;
  if (boardIds.length > NARROW_SCOPE_BOARDS) return { inScope };
  const match = matchExpression(rest, "any");
  return {
    inScope,
    fromBoards: {
      fill,
      newest,
      ...(match ? { rest: { match, levels: levelsOf(rest, "any", g.table), weighed: restRows <= REST_WEIGHED_ROWS } } : {}),
    },
  };
}
