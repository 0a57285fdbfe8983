// A query's scope in the plan (src/search/scope.ts finds the boards): the items of a narrow scope are
// found from the boards' side, each board's newest through its own index, and checked against the rest
// of the query by rowid; a broad scope only lifts the query's own candidates (tierOf, plan-group.ts).
import { sql, type SQL } from "drizzle-orm";
import { documents, repairCases, threads } from "../db/schema";
import { META_BASE, PAGE_FACTOR } from "./index-sql";
import { caseMerit, documentKey, levelsOf, threadMerit, type Group, type GroupScope, type Levels } from "./plan-group";
import { matchExpression, withMarker, type ParsedQuery } from "./query";
import type { TieredGroup } from "./stages";

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
export function scopeRows(g: Group, window: number): SQL {
  if (!g.scope?.fromBoards) return sql``;
  const { rest, fill, newest } = g.scope.fromBoards;
  const fillRows = sql` union all select id, score, 0 as exact, 1 as tier from (${fill(window)})`;
  if (!rest) return fillRows;
  const n = sql.raw("s.n");
  return sql` union all select s.id as id, s.score as score, ${itemCloseness(g, rest.levels, n)} as exact, 0 as tier
      from (${newest(g.candidates)}) s where ${itemMatches(g, rest.match, n)}${fillRows}`;
}

/** Items in scope read at most, over all its boards: each board gives its newest share. */
export const SCOPE_ITEMS = 200;
/**
 * A scope of more boards is broad (a manufacturer, a product line): its items are not looked for from the
 * boards' side (each board's index, then the rest of the query on each item), they only rank first among
 * the query's own candidates. A model names a few boards.
 */
export const NARROW_SCOPE_BOARDS = 20;

/** A group's scope: its board condition, its newest items in scope, the rest of the query to rank them on. */
export function scopeOf(g: Group, group: TieredGroup, boardIds: number[], rest: ParsedQuery): GroupScope {
  const boards = JSON.stringify(boardIds);
  const ids = sql`(select value from json_each(${boards}))`;
  const extra = g.where ?? sql``;
  const perBoard = Math.min(g.candidates, Math.ceil(SCOPE_ITEMS / Math.max(1, boardIds.length)));
  // Each board's newest items through its own index (CROSS JOIN keeps the boards the outer loop: else the
  // planner walks every document or key of the kind, 770,000 rows at 100,000 documents); then the newest of them.
  const inScope = {
    // "+ 0": the document's few links are read and checked against the list; else SQLite probes the
    // (document, board) key once per board in scope: 200 probes per candidate, 43,000 rows per search.
    documents: sql`exists (select 1 from document_boards sb where sb.document_id = ${documents.id} and sb.board_id + 0 in ${ids})`,
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
  if (boardIds.length > NARROW_SCOPE_BOARDS) return { inScope };
  const match = matchExpression(rest, "any");
  return { inScope, fromBoards: { fill, newest, ...(match ? { rest: { match, levels: levelsOf(rest, "any") } } : {}) } };
}
