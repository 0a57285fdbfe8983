// Site search: boards, documents, threads, blog posts and repair cases in one call. Used by
// GET /search, the MCP `search` tool and the HTML search page; items come from the same query
// modules as the read API, so shapes, urls and visibility are identical.
//
// Ranking is bm25 with column weights (FTS_TABLES), over a bounded candidate set: for each group the
// newest CANDIDATES visible matches (rowid order, which the index keeps in creation order, metadata
// rows of documents first) are ranked, never every match. A word present in most of 100 000
// documents would otherwise cost 100–300 ms to rank; bounded, the cost stays flat. Trade-off: for such
// a word an old, highly relevant item can lose its place to newer ones.
import type { z } from "@hono/zod-openapi";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { blogPostVisible, caseVisible, documentVisible, threadVisible } from "../auth/visibility";
import { postsByIds } from "../db/queries/blog";
import { boardsByIds } from "../db/queries/boards";
import { casesByIds } from "../db/queries/cases";
import type { QueryContext } from "../db/queries/context";
import { documentsByIds } from "../db/queries/documents";
import { threadsByIds } from "../db/queries/forum";
import { blogPosts, documents, repairCases, threads } from "../db/schema";
import type { DocumentTypeSchema } from "../schemas/common";
import { SEARCH_GROUP_LIMIT, type SearchResultSchema } from "../schemas/search";
import { FTS_TABLES, META_BASE, PAGE_FACTOR, type FtsTable } from "./index-sql";
import { expandBoards, inColumns, matchExpression, parseQuery, withColumnValue, type BoardSpellings } from "./query";

export type SearchResult = z.infer<typeof SearchResultSchema>;
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export interface SearchOptions {
  /** Only documents of this type (the other groups are unaffected). */
  type?: DocumentType;
  /** Items per group, 1 to 10 (default 10). */
  limit?: number;
}

/** How many of the newest visible matches each group ranks (the bounded candidate set). */
export const CANDIDATES = { documents: 600, threads: 400, posts: 300, cases: 400, boards: 300 } as const;

const dialect = new SQLiteSyncDialect();

/** Runs several read statements in one D1 round trip (drizzle cannot batch raw `sql`). */
async function readBatch<T extends unknown[]>(ctx: QueryContext, queries: { [K in keyof T]: SQL }): Promise<{ [K in keyof T]: T[K][] }> {
  const d1 = ctx.db.$client;
  const results = await d1.batch(
    queries.map((q) => {
      const { sql: text, params } = dialect.sqlToQuery(q);
      return d1.prepare(text).bind(...params);
    }),
  );
  return results.map((r) => r.results) as { [K in keyof T]: T[K][] };
}

const bm25 = (table: FtsTable) => sql.raw(`bm25(${table}, ${FTS_TABLES[table].weights.map((w) => w.toFixed(1)).join(", ")})`);

interface Ranked {
  id: string;
}

function rankDocuments(ctx: QueryContext, match: string, type: string | undefined, limit: number): SQL {
  // Words match the text columns only; the type column serves the type filter.
  const words = inColumns(match, FTS_TABLES.search_documents.columns.filter((c) => c !== "type"));
  const expression = type ? withColumnValue(words, "type", type) : words;
  const n = sql.raw(`(case when search_documents.rowid >= ${META_BASE} then search_documents.rowid - ${META_BASE} else search_documents.rowid / ${PAGE_FACTOR} end)`);
  return sql`
    select id from (
      select ${documents.id} as id, ${bm25("search_documents")} as score
      from search_documents
      join search_keys k on k.n = ${n}
      join ${documents} on ${documents.id} = k.id
      where search_documents match ${expression} and k.kind = 'document' and ${documentVisible(ctx.viewer)} ${type ? sql`and ${documents.type} = ${type}` : sql``}
      order by search_documents.rowid desc limit ${CANDIDATES.documents}
    ) group by id order by min(score), id desc limit ${limit}`;
}

/** Threads, posts and cases: one index row per item, visibility through the base table. */
function rankItems(ctx: QueryContext, table: "search_threads" | "search_posts" | "search_cases", kind: string, base: SQL, idColumn: SQL, visible: SQL, candidates: number, match: string, limit: number): SQL {
  const fts = sql.raw(table);
  return sql`
    select id from (
      select ${idColumn} as id, ${bm25(table)} as score
      from ${fts}
      join search_keys k on k.n = ${fts}.rowid
      join ${base} on ${idColumn} = k.id
      where ${fts} match ${match} and k.kind = ${kind} and ${visible}
      order by ${fts}.rowid desc limit ${candidates}
    ) order by score, id desc limit ${limit}`;
}

function rankBoards(match: string, limit: number): SQL {
  return sql`
    select id from (
      select search_boards.rowid as id, ${bm25("search_boards")} as score
      from search_boards where search_boards match ${match}
      order by search_boards.rowid desc limit ${CANDIDATES.boards}
    ) order by score, id limit ${limit}`;
}

interface RankedGroups {
  boards: number[];
  documents: string[];
  threads: string[];
  posts: string[];
  cases: string[];
}

async function rankAll(ctx: QueryContext, match: string, options: { type?: string; limit: number }): Promise<RankedGroups> {
  const { limit } = options;
  const [boardRows, documentRows, threadRows, postRows, caseRows] = await readBatch<[{ id: number }, Ranked, Ranked, Ranked, Ranked]>(ctx, [
    rankBoards(match, limit),
    rankDocuments(ctx, match, options.type, limit),
    rankItems(ctx, "search_threads", "thread", sql`${threads}`, sql`${threads.id}`, threadVisible, CANDIDATES.threads, match, limit),
    rankItems(ctx, "search_posts", "post", sql`${blogPosts}`, sql`${blogPosts.id}`, blogPostVisible(ctx.now), CANDIDATES.posts, match, limit),
    rankItems(ctx, "search_cases", "case", sql`${repairCases}`, sql`${repairCases.id}`, caseVisible(ctx.now), CANDIDATES.cases, match, limit),
  ]);
  return {
    boards: boardRows.map((r) => r.id),
    documents: documentRows.map((r) => r.id),
    threads: threadRows.map((r) => r.id),
    posts: postRows.map((r) => r.id),
    cases: caseRows.map((r) => r.id),
  };
}

const isEmpty = (g: RankedGroups) => !g.boards.length && !g.documents.length && !g.threads.length && !g.posts.length && !g.cases.length;

interface BoardHit extends BoardSpellings {
  id: number;
  matched: string;
}

/** Boards whose number or alias has one of these norms, with every spelling of each. */
async function boardsByNorms(ctx: QueryContext, norms: string[]): Promise<BoardHit[]> {
  if (norms.length === 0) return [];
  const rows = await ctx.db.all<{ matched: string; id: number; number: string; norm: string; aliases: string }>(sql`
    with q(norm) as (select value from json_each(${JSON.stringify(norms)})),
    hit(board_id, matched) as (
      select b.id, q.norm from q join boards b on b.norm = q.norm
      union select a.board_id, q.norm from q join board_aliases a on a.norm = q.norm
    )
    select hit.matched as matched, b.id as id, b.number as number, b.norm as norm,
      (select json_group_array(alias) from board_aliases a where a.board_id = b.id) as aliases
    from hit join boards b on b.id = hit.board_id`);
  return rows.map((r) => ({ id: r.id, matched: r.matched, norm: r.norm, spellings: [r.number, r.norm, ...(JSON.parse(r.aliases) as string[])] }));
}

export async function searchSite(ctx: QueryContext, q: string, options: SearchOptions = {}): Promise<SearchResult> {
  const query = q.trim();
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_GROUP_LIMIT), 1), SEARCH_GROUP_LIMIT);
  const parsed = parseQuery(q);
  const hits = await boardsByNorms(ctx, parsed.norms);
  const expanded = expandBoards(parsed, new Map(hits.map((h) => [h.matched, h])));

  const match = matchExpression(expanded);
  let ranked: RankedGroups = { boards: [], documents: [], threads: [], posts: [], cases: [] };
  if (match) {
    ranked = await rankAll(ctx, match, { type: options.type, limit });
    // Forgiving second pass: no item has every word, so rank items with any of them.
    if (isEmpty(ranked) && expanded.terms.length > 1) ranked = await rankAll(ctx, matchExpression(expanded, "any")!, { type: options.type, limit });
  }

  // A query that is a board number (any spelling, or an alias) puts that board first.
  const exact = hits.filter((h) => h.matched === parsed.whole).map((h) => h.id);
  const named = hits.map((h) => h.id);
  const boardIds = [...new Set([...exact, ...named, ...ranked.boards])].slice(0, limit);

  const [boards, docs, threadItems, posts, cases] = await Promise.all([
    boardsByIds(ctx, boardIds),
    documentsByIds(ctx, ranked.documents),
    threadsByIds(ctx, ranked.threads),
    postsByIds(ctx, ranked.posts),
    casesByIds(ctx, ranked.cases),
  ]);
  return { query, boards, documents: docs, threads: threadItems, posts, cases };
}
