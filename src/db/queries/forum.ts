// Forum reads: categories with visible thread counts, thread lists, a thread with one page of replies.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { documentVisible, replyVisible, threadVisible } from "../visibility";
import { pageMeta, type Page, type PageMeta, type PageRequest, type SortPosition } from "../../core/pagination";
import { pageUrl, slugify } from "../../core/urls";
import type { CategorySchema, ThreadDetailSchema, ThreadSchema } from "../../schemas/forum";
import { boards, categories, documents, manufacturers, threadReplies, threads, users } from "../schema";
import { qualified } from "../qualified";
import { toBoard } from "./board-lookup";
import { batchRead, type Keys, readPage, type Loader, type QueryContext } from "./runtime";
import { afterClause, orderClause, type SortOrder } from "./keyset";
import { counter, counterKey } from "./counts";

export type Category = z.infer<typeof CategorySchema>;
export type Thread = z.infer<typeof ThreadSchema>;
export type ThreadDetail = z.infer<typeof ThreadDetailSchema>;

export const REPLIES_PER_PAGE = 50;

export async function listCategories(ctx: QueryContext): Promise<Category[]> {
  const rows = await ctx.db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      threads: counter("threads", counterKey("c:", qualified(categories.id))),
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  return rows;
}

const threadFields = {
  id: threads.id,
  category: categories.slug,
  title: threads.title,
  status: threads.status,
  sticky: threads.sticky,
  author: users.username,
  replies: sql<number>`(select count(*) from ${threadReplies} where ${threadReplies.threadId} = ${qualified(threads.id)} and ${replyVisible})`,
  createdAt: threads.createdAt,
  lastActivityAt: threads.lastActivityAt,
};

function threadQuery(ctx: QueryContext, keys?: Keys) {
  return (keys ? keys.from(ctx.db) : ctx.db)
    .select(threadFields)
    .from(threads)
    .innerJoin(categories, eq(categories.id, threads.categoryId))
    .innerJoin(users, eq(users.id, threads.authorId));
}

type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadQuery>["execute"]>>[number];

function toThread(row: ThreadRow, ctx: QueryContext): Thread {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    status: row.status as Thread["status"],
    sticky: row.sticky,
    author: row.author,
    replies: row.replies,
    created_at: row.createdAt,
    last_activity_at: row.lastActivityAt,
    url: pageUrl(ctx.urls, "thread", row.id, row.title),
  };
}

const stickyOrder: SortOrder = { columns: [qualified(threads.sticky), qualified(threads.lastActivityAt), qualified(threads.id)], descending: true };
const latestOrder: SortOrder = { columns: [qualified(threads.lastActivityAt), qualified(threads.id)], descending: true };

/**
 * A thread list's sort position as cursor text: "1 <last_activity_at>" (sticky first) or the bare
 * last_activity_at (latest first); the row-value comparison takes them apart again.
 */
function threadPosition(row: ThreadRow, latestFirst: boolean): SortPosition {
  return { createdAt: latestFirst ? row.lastActivityAt : `${row.sticky ? 1 : 0} ${row.lastActivityAt}`, id: row.id };
}

function threadPositionValues(after: SortPosition, latestFirst: boolean): (string | number)[] | undefined {
  if (latestFirst) return [after.createdAt, after.id];
  const match = /^([01]) (.+)$/.exec(after.createdAt);
  return match ? [Number(match[1]), match[2], after.id] : undefined;
}

/**
 * Sticky threads first, then most recent activity; an unknown category slug is an empty list.
 * `latestFirst` drops the sticky rule (feeds, sitemaps and "what is new" want plain recency).
 * A page's ids are chosen from the list index alone (threads_list_idx / threads_category_idx hold the
 * sort columns), so skipped threads cost one index entry each and only the page's rows are joined.
 */
export async function listThreads(ctx: QueryContext, filter: { category?: string; latestFirst?: boolean }, page: PageRequest): Promise<Page<Thread>> {
  // Slugs are slugify()'d names, so the filter forgives case, spaces and accents like the blog's tag filter.
  const slug = filter.category === undefined ? undefined : slugify(filter.category);
  if (slug === "") return { data: [], meta: pageMeta(page, 0) };
  const latestFirst = filter.latestFirst ?? false;
  const order = latestFirst ? latestOrder : stickyOrder;
  const afterValues = page.after ? threadPositionValues(page.after, latestFirst) : undefined;
  if (page.after && !afterValues) return { data: [], meta: pageMeta(page, 0) };
  const where = and(
    threadVisible,
    slug !== undefined ? sql`${qualified(threads.categoryId)} = (select id from categories where slug = ${slug})` : undefined,
    afterValues ? afterClause(order, afterValues) : undefined,
  );
  const total = counter("threads", slug === undefined ? counterKey("all") : counterKey("c:", sql`select id from categories where slug = ${slug}`));
  return readPage(ctx, page, total, (window, guard) => {
    const ids = sql`select ${qualified(threads.id)} from ${threads} where ${where} ${orderClause(order, window.reverse)} limit ${window.limit} offset ${window.offset}`;
    // A first page (or a cursor's) skips nothing: walking the index with the joins is cheapest there.
    const direct = window.offset === 0 && !window.reverse;
    return {
      query: threadQuery(ctx)
        .where(and(direct ? where : sql`${qualified(threads.id)} in (${ids})`, guard))
        .limit(window.limit)
        .orderBy(...(latestFirst ? [] : [desc(threads.sticky)]), desc(threads.lastActivityAt), desc(threads.id)),
      map: (rows) => (rows as ThreadRow[]).map((r) => toThread(r, ctx)),
      last: (rows) => {
        const row = (rows as ThreadRow[]).at(-1);
        return row ? threadPosition(row, latestFirst) : undefined;
      },
    };
  });
}

/** Threads by key, visible ones only, in key order (batchable; undefined when there are no keys). */
export function threadsLoader(ctx: QueryContext, keys: Keys | undefined): Loader<Thread> | undefined {
  if (!keys) return undefined;
  return {
    query: threadQuery(ctx, keys).where(keys.where(threads.id, threadVisible)).orderBy(keys.order(threads.id)),
    map: (rows) => (rows as ThreadRow[]).map((r) => toThread(r, ctx)),
  };
}

const replyOrder: SortOrder = { columns: [qualified(threadReplies.createdAt), qualified(threadReplies.id)], descending: false };

/**
 * A thread and one page of its visible replies, oldest first: one round trip (both batched). The page's
 * reply ids are chosen from thread_replies_thread_idx alone (a skipped reply costs one index entry), and
 * `after` (a cursor's position) starts the page after a reply instead of skipping. A page past the end
 * reads no reply rows.
 */
export async function getThread(
  ctx: QueryContext,
  id: string,
  page: number,
  after?: SortPosition,
): Promise<{ data: ThreadDetail; meta: PageMeta; last?: SortPosition } | undefined> {
  const replyPage = { page, perPage: REPLIES_PER_PAGE };
  const offset = after ? 0 : (page - 1) * REPLIES_PER_PAGE;
  const visibleReplies = and(sql`${qualified(threadReplies.threadId)} = ${id}`, replyVisible);
  const replyIds = sql`select ${qualified(threadReplies.id)} from ${threadReplies} where ${and(visibleReplies, after ? afterClause(replyOrder, [after.createdAt, after.id]) : undefined)} ${orderClause(replyOrder)} limit ${REPLIES_PER_PAGE} offset ${offset}`;
  const notPastEnd = after ? undefined : sql`${offset} < (select count(*) from ${threadReplies} where ${visibleReplies})`;
  const [rows, replies] = await batchRead(ctx, [
    ctx.db
      .select({
        ...threadFields,
        body: threads.body,
        bodyHtml: threads.bodyHtml,
        boardNumber: boards.number,
        boardNorm: boards.norm,
        boardManufacturer: manufacturers.name,
        // Aliased: a batch answers rows as objects, where a second `id` or `title` would replace the thread's.
        documentId: sql<string | null>`${documents.id}`.as("document_id"),
        documentTitle: sql<string | null>`${documents.title}`.as("document_title"),
      })
      .from(threads)
      .innerJoin(categories, eq(categories.id, threads.categoryId))
      .innerJoin(users, eq(users.id, threads.authorId))
      .leftJoin(boards, eq(boards.id, threads.boardId))
      .leftJoin(manufacturers, eq(manufacturers.id, boards.manufacturerId))
      .leftJoin(documents, and(eq(documents.id, threads.documentId), documentVisible(ctx.viewer)))
      .where(and(eq(threads.id, id), threadVisible)),
    ctx.db
      .select({
        id: threadReplies.id,
        author: users.username,
        body: threadReplies.body,
        body_html: threadReplies.bodyHtml,
        is_solution: threadReplies.isSolution,
        score: threadReplies.score,
        created_at: threadReplies.createdAt,
      })
      .from(threadReplies)
      .innerJoin(users, eq(users.id, threadReplies.authorId))
      // The visibility condition wrapped as `(…) = 1` (same truth): the thread is found by its id, not by
      // walking every published thread in the visibility index.
      .where(
        and(
          sql`${qualified(threadReplies.id)} in (${replyIds})`,
          notPastEnd,
          sql`exists (select 1 from ${threads} where ${threads.id} = ${id} and (${threadVisible}) = 1)`,
        ),
      )
      .orderBy(asc(threadReplies.createdAt), asc(threadReplies.id)),
  ]);
  const [row] = rows as (ThreadRow & {
    body: string;
    bodyHtml: string;
    boardNumber: string | null;
    boardNorm: string | null;
    boardManufacturer: string | null;
    documentId: string | null;
    documentTitle: string | null;
  })[];
  if (!row) return undefined;
  const lastReply = (replies as ThreadDetail["posts"]).at(-1);
  return {
    data: {
      ...toThread(row, ctx),
      body: row.body,
      body_html: row.bodyHtml,
      board:
        row.boardNumber && row.boardNorm
          ? toBoard({ number: row.boardNumber, norm: row.boardNorm, manufacturer: row.boardManufacturer }, ctx.urls)
          : null,
      document: row.documentId && row.documentTitle ? { id: row.documentId, title: row.documentTitle } : null,
      posts: replies as ThreadDetail["posts"],
    },
    meta: pageMeta(replyPage, row.replies),
    last: lastReply?.created_at ? { createdAt: lastReply.created_at, id: lastReply.id } : undefined,
  };
}
