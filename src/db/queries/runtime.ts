// The query runtime every read module of db/queries/ runs on: the QueryContext a read needs (database, viewer,
// urls, time, text databases), batched reads in one round trip, loaders of a page's related rows (Keys, load) and
// readPage, which reads a page and its total, deep pages from the nearer end.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { WithSubquery } from "drizzle-orm/subquery";
import type { VisibilityViewer } from "../visibility";
import { pageMeta, type Page, type PageRequest, type SortPosition } from "../../core/pagination";
import type { UrlContext } from "../../core/urls";
import type { TextShard } from "../../text/shards";
import type { Db } from "../client";
import { prepareOf, templatedRead } from "../statement-template";

/** What every read query needs: the database, who asks (for visibility), and how to write urls. */
export interface QueryContext {
  db: Db;
  viewer: VisibilityViewer;
  urls: UrlContext;
  /** ISO time used for "published by now" checks. */
  now: string;
  /** The text databases (page text and its index): search asks them too. */
  shards: readonly TextShard[];
}

/** JSON array text from json_group_array → string[] (null when the subquery had no rows). */
export function parseJsonArray(text: string | null | undefined): string[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/**
 * The keys a loader reads, in order: a list (one JSON parameter), or the ids a ranking statement
 * yields, so one statement ranks and loads (the ranking runs once, as a CTE).
 */
export class Keys {
  private constructor(
    private readonly json: SQL,
    private readonly cte?: WithSubquery,
  ) {}

  static of(ids: readonly (string | number)[]): Keys | undefined {
    return ids.length ? new Keys(sql`${JSON.stringify(ids)}`) : undefined;
  }

  /** `ranking` must select a column `id`, best first. */
  static ranked(db: Db, ranking: SQL): Keys {
    const cte = db.$with("ranked_keys", { ids: sql<string>`ids` }).as(sql`select json_group_array(id) as ids from (${ranking})`);
    return new Keys(sql`(select ids from ${cte})`, cte);
  }

  /** Where a query starts: with the ranking CTE when there is one. */
  from(db: Db): Pick<Db, "select"> {
    return this.cte ? db.with(this.cte) : db;
  }

  /**
   * Rows with these keys that pass a visibility condition. The condition is wrapped as `(…) = 1` (same
   * truth) so the query planner looks the few keys up instead of walking a visibility index (its choice
   * without statistics).
   */
  where(column: SQLWrapper, visible?: SQL): SQL {
    const inKeys = sql`${column} in (select value from json_each(${this.json}))`;
    return visible ? sql`${inKeys} and (${visible}) = 1` : inKeys;
  }

  /** Orders rows as the keys are ordered. */
  order(column: SQLWrapper): SQL {
    return sql`(select key from json_each(${this.json}) where value = ${column})`;
  }
}

/** A read that can run alone or inside one D1 batch with others: the query, and its rows → items. */
export interface Loader<T> {
  query: BatchItem<"sqlite">;
  map(rows: unknown): T[];
  /** The sort position of the last row (a list's loader gives it, for the next page's cursor). */
  last?(rows: unknown): SortPosition | undefined;
}

/**
 * Which rows of a list a page reads: `limit` rows after skipping `offset`, in the list's order or, when
 * `reverse`, in the reverse order (the loader still answers them in the list's order).
 */
export interface PageWindow {
  offset: number;
  limit: number;
  reverse: boolean;
}

/**
 * Past this many skipped rows a page reads its total first (one more round trip) and, when the page lies
 * in the back half of the list, skips from the other end: a deep page walks at most half the list's index
 * entries, and a page past the end reads nothing but its total.
 */
export const DEEP_OFFSET = 1000;

/** Runs one loader. */
export async function load<T>(loader: Loader<T> | undefined): Promise<T[]> {
  return loader ? loader.map(await loader.query) : [];
}

/** Runs queries and loaders in one D1 round trip; an undefined entry (nothing to load) answers []. */
export async function batchRead(ctx: QueryContext, items: (BatchItem<"sqlite"> | undefined)[]): Promise<unknown[]> {
  const present = items.flatMap((q, i) => (q ? [[i, q] as const] : []));
  const results = present.length ? await ctx.db.batch(present.map(([, q]) => q) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) : [];
  const out: unknown[] = items.map(() => []);
  for (const [j, [i]] of present.entries()) out[i] = results[j];
  return out;
}

/** A list's total as one statement (`select <total> from (select 1)`), its text from the isolate's template. */
export function totalRead(db: Db, total: SQL<number>): BatchItem<"sqlite"> {
  return templatedRead(db, "total", {}, (_, slot) => db.select({ total: slot as SQL<number> }).from(sql`(select 1)`), total);
}

/**
 * One page of a list, in one D1 statement: its rows and its total (an expression that reads counters, see
 * ./counts.ts). A page past the end walks nothing: its rows are guarded by the total, so SQLite never walks the
 * skipped rows, and it reads its total after. A deep page (DEEP_OFFSET) reads the total first and then its rows from
 * the nearer end of the list.
 */
export async function readPage<T>(
  ctx: QueryContext,
  req: PageRequest,
  total: SQL<number>,
  rows: (window: PageWindow, guard: SQL | undefined) => Loader<T>,
): Promise<Page<T>> {
  const offset = (req.page - 1) * req.perPage;
  const totalQuery = totalRead(ctx.db, total);
  const count = (totals: unknown) => Number((totals as { total: number }[])[0]?.total ?? 0);
  if (!req.after && offset >= DEEP_OFFSET) {
    const n = count(await totalQuery);
    if (offset >= n) return { data: [], meta: pageMeta(req, n) };
    const end = Math.min(offset + req.perPage, n);
    const fromBack = n - end < offset;
    const loader = rows(
      fromBack ? { offset: n - end, limit: end - offset, reverse: true } : { offset, limit: req.perPage, reverse: false },
      undefined,
    );
    const pageRows = await loader.query;
    return { data: loader.map(pageRows), meta: pageMeta(req, n), last: loader.last?.(pageRows) };
  }
  // A keyset page (req.after) skips nothing: it starts at offset 0 after its position, and the total
  // (which may have moved since the cursor was made) does not decide whether it has rows.
  const page = req.after
    ? rows({ offset: 0, limit: req.perPage, reverse: false }, undefined)
    : rows({ offset, limit: req.perPage, reverse: false }, sql`${offset} < ${total}`);
  const { rows: pageRows, total: n } = await rowsWithTotal(ctx, page.query, totalQuery, !req.after && offset === 0);
  const has = req.after || n > offset;
  return { data: has ? page.map(pageRows) : [], meta: pageMeta(req, n), last: has ? page.last?.(pageRows) : undefined };
}

/**
 * A page's rows and its list's total as one statement (the total a last column of every row), not a batch of two.
 * A first page with no rows has a total of 0; a later page (or a cursor's) with none reads its total after.
 */
async function rowsWithTotal(
  ctx: QueryContext,
  rows: BatchItem<"sqlite">,
  total: BatchItem<"sqlite">,
  first: boolean,
): Promise<{ rows: unknown; total: number }> {
  const page = prepareOf(rows);
  const pageQuery = page.getQuery();
  const totalQuery = prepareOf(total).getQuery();
  const answer = await ctx.db.$client
    .prepare(`select page_rows.*, (${totalQuery.sql}) as page_total from (${pageQuery.sql}) as page_rows`)
    .bind(...totalQuery.params, ...pageQuery.params)
    .raw();
  if (answer.length)
    return {
      rows: page.mapResult(
        answer.map((row) => row.slice(0, -1)),
        false,
      ),
      total: Number(answer[0].at(-1)),
    };
  return { rows: page.mapResult([], false), total: first ? 0 : Number(((await total) as unknown as { total: number }[])[0]?.total ?? 0) };
}
