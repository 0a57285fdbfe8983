// Library reads: the Document list shape, pages of it and its loaders, always through the visibility rule.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { documentRule, documentVisible } from "../visibility";
import { cursorScope, pageMeta, type Page, type PageRequest, type SortPosition } from "../../core/pagination";
import { normalizeBoardNumber, pageUrl } from "../../core/urls";
import type { DocumentSchema } from "../../schemas/documents";
import { documentBoards, documents, documentVersions, manufacturers, users } from "../schema";
import { qualified } from "../qualified";
import { batchRead, DEEP_OFFSET, type Keys, parseJsonArray, readPage, type Loader, type PageWindow, type QueryContext } from "./runtime";
import { readAnchoredPage, type AnchoredList } from "./page-anchors";
import { counter, counterKey } from "./counts";
import { templatedRead, type TemplateValues } from "../statement-template";

export type DocumentItem = z.infer<typeof DocumentSchema>;

export interface DocumentFilter {
  type?: string;
  visibility?: string;
  /** The board: its id, or a subquery from boardIdOf(); null names no board (an empty list). */
  boardId?: number | SQL | null;
  ownerId?: number;
}

const listFields = {
  id: documents.id,
  title: documents.title,
  type: documents.type,
  status: documents.status,
  visibility: documents.visibility,
  ownerId: documents.ownerId,
  manufacturer: manufacturers.name,
  extension: documentVersions.extension,
  sizeBytes: documentVersions.sizeBytes,
  pageCount: documents.pageCount,
  downloads: documents.downloads,
  createdAt: documents.createdAt,
  // Kept on the row by triggers (migrations/0004): a page reads no link or board rows.
  boards: documents.boardNumbers,
};

export function toDocument(row: ListRow, ctx: QueryContext): DocumentItem {
  return {
    id: row.id,
    title: row.title,
    type: row.type as DocumentItem["type"],
    status: row.status as DocumentItem["status"],
    visibility: row.visibility as DocumentItem["visibility"],
    is_owner: ctx.viewer !== null && row.ownerId === ctx.viewer.userId,
    manufacturer: row.manufacturer,
    boards: parseJsonArray(row.boards),
    extension: row.extension,
    size_bytes: row.sizeBytes,
    page_count: row.pageCount,
    downloads: row.downloads,
    created_at: row.createdAt,
    url: pageUrl(ctx.urls, "document", row.id, row.title),
  };
}

export function listQuery(ctx: QueryContext, keys?: Keys) {
  return (keys ? keys.from(ctx.db) : ctx.db)
    .select(listFields)
    .from(documents)
    .leftJoin(manufacturers, eq(manufacturers.id, documents.manufacturerId))
    .leftJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, documents.currentVersion)));
}

export type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["execute"]>>[number];

/** The filter's own conditions, visibility aside. */
function matches(filter: DocumentFilter): SQL | undefined {
  return and(
    filter.type ? eq(documents.type, filter.type) : undefined,
    filter.visibility ? eq(documents.visibility, filter.visibility) : undefined,
    filter.ownerId !== undefined ? eq(documents.ownerId, filter.ownerId) : undefined,
    filter.boardId != null
      ? sql`${qualified(documents.id)} in (select ${documentBoards.documentId} from ${documentBoards} where ${documentBoards.boardId} = ${filter.boardId})`
      : undefined,
  );
}

/**
 * Who may see a row. With a board filter the condition is wrapped as `(…) = 1` (same truth) so the
 * planner starts from the board's few links instead of walking every public document in date order.
 */
function visibleUnder(ctx: QueryContext, filter: DocumentFilter): SQL {
  return filter.boardId != null ? sql`(${documentVisible(ctx.viewer)}) = 1` : documentVisible(ctx.viewer);
}

/**
 * The number of documents the viewer sees under the filter, without counting public rows: the
 * counter of public, available documents (a trigger-kept row per type and board), plus for a key the
 * viewer's own rows that are not public and available, plus the rows shared with the viewer. Those
 * three sets are disjoint and together are exactly documentVisible(viewer).
 */
function documentTotal(ctx: QueryContext, filter: DocumentFilter): SQL<number> {
  const mine = filter.ownerId !== undefined;
  const board = filter.boardId ?? undefined;
  const parts: SQL[] = [];
  if (!mine && (filter.visibility === undefined || filter.visibility === "public")) {
    const key =
      filter.type && board !== undefined
        ? counterKey("t:", filter.type, ":b:", board)
        : filter.type
          ? counterKey("t:", filter.type)
          : board !== undefined
            ? counterKey("b:", board)
            : counterKey("all");
    parts.push(counter("documents", key));
  }
  if (ctx.viewer) parts.push(...keyedParts(ctx.viewer.userId, filter));
  return parts.length ? sql<number>`(${sql.join(parts, sql` + `)})` : sql<number>`0`;
}

/**
 * A key's own and shared parts of the total. Unfiltered or by type they are per-user counters kept by
 * triggers (migrations/0013_keyed_list_counts.sql), one primary-key read each, whatever the owner has.
 * By board or visibility they are still counts over the viewer's own and shared rows: a counter per user
 * and board or visibility would multiply the rows every write updates, for filters a key seldom uses.
 */
function keyedParts(me: number, filter: DocumentFilter): SQL[] {
  const mine = filter.ownerId !== undefined;
  if (filter.boardId == null && filter.visibility === undefined) {
    const key = filter.type ? counterKey("u:", me, ":t:", filter.type) : counterKey("u:", me);
    // mine=true counts every own document (the public ones are not in the public counter then).
    return mine ? [counter("documents_owned", key)] : [counter("documents_own", key), counter("documents_shared", key)];
  }
  const rest = matches({ ...filter, ownerId: undefined });
  const own = sql`(select count(*) from ${documents} where ${and(mine ? eq(documents.ownerId, me) : documentRule.ownOnly(me), rest)})`;
  return mine ? [own] : [own, sql`(select count(*) from ${sharesOf(me)} where ${and(documentRule.sharedState(me), rest)})`];
}

/**
 * What a cursor of the document list is bound to (src/core/pagination.ts): the filters as asked (the board
 * in its normalised spelling), the page size and the caller. The API and MCP make and check cursors with it.
 */
export function documentListScope(list: {
  type?: string;
  visibility?: string;
  board?: string;
  mine?: boolean;
  perPage: number;
  viewerId: number | null;
}): string {
  return cursorScope([
    list.type,
    list.visibility,
    list.board === undefined ? undefined : normalizeBoardNumber(list.board),
    list.mine ?? false,
    list.perPage,
    list.viewerId,
  ]);
}

/**
 * Newest first, ties by id so pages never overlap. A boardId of null means "a board that does not exist". A deep
 * page of the list everyone sees starts from an anchor (./page-anchors.ts); any other page walks the list.
 */
export async function listDocuments(ctx: QueryContext, filter: DocumentFilter, page: PageRequest): Promise<Page<DocumentItem>> {
  if (filter.boardId === null) return { data: [], meta: pageMeta(page, 0) };
  const total = documentTotal(ctx, filter);
  const anchored = page.after || (page.page - 1) * page.perPage < DEEP_OFFSET ? undefined : anchoredList(ctx, filter, total);
  if (anchored) {
    const answer = await readAnchoredPage(ctx, page, anchored, (window, after) => documentListLoader(ctx, filter, window, undefined, after));
    if (answer) return answer;
  }
  return readPage(ctx, page, total, (window, guard) => documentListLoader(ctx, filter, window, guard, page.after));
}

/**
 * The lists whose deep pages start from anchors: the public, available documents, all or of one type, as anyone
 * without a key sees them. A key's list mixes in the viewer's own and shared rows, and a board's list is short:
 * those walk.
 */
function anchoredList(ctx: QueryContext, filter: DocumentFilter, total: SQL<number>): AnchoredList | undefined {
  if (ctx.viewer || filter.ownerId !== undefined || filter.boardId !== undefined) return undefined;
  if (filter.visibility !== undefined && filter.visibility !== "public") return undefined;
  return {
    // visibility=public names the same rows: one set serves both.
    key: `documents:${filter.type ?? ""}`,
    stamped: "documents",
    from: sql`${documents}`,
    where: and(documentRule.forEveryone(), matches(filter))!,
    total,
  };
}

/** The user's share rows joined to their documents, walked from the share rows (see pageIds). */
function sharesOf(userId: number): SQL {
  return sql`document_shares s cross join ${documents} on ${qualified(documents.id)} = s.document_id and s.user_id = ${userId}`;
}

/**
 * The ids of one page, newest first, read from indexes only: skipped rows cost one index entry each
 * and the page's rows are loaded once. A key's view is the union of three index walks (public and
 * available; the viewer's own others; those shared with the viewer), each cut at the page's end, so
 * it never walks the whole library as one `or` condition would. Shares are walked from the viewer's
 * share rows (`cross join` keeps that order: the planner otherwise started from every shared document).
 */
function pageIds(ctx: QueryContext, filter: DocumentFilter, window: PageWindow, after?: SortPosition): SQL {
  const { limit, offset } = window;
  // A page from the back of the list walks the same indexes the other way (readPage chose the window).
  const newest = window.reverse ? sql`order by created_at asc, id asc` : sql`order by created_at desc, id desc`;
  if (!ctx.viewer || filter.ownerId !== undefined) {
    return sql`select id from ${documents} where ${and(visibleUnder(ctx, filter), matches(filter), olderThan(after))} ${newest} limit ${limit} offset ${offset}`;
  }
  const me = ctx.viewer.userId;
  const end = offset + limit;
  // Each walk starts after the cursor's position too, so a deep page still reads about one page per walk.
  const rest = and(matches(filter), olderThan(after));
  const forEveryone = filter.boardId != null ? sql`(${documentRule.forEveryone()}) = 1` : documentRule.forEveryone();
  const part = (from: SQL, where: SQL | undefined) =>
    sql`select * from (select ${qualified(documents.id)} as id, ${qualified(documents.createdAt)} as created_at from ${from} where ${where} ${newest} limit ${end})`;
  const parts = [
    part(sql`${documents}`, and(forEveryone, rest)),
    part(sql`${documents}`, and(documentRule.ownOnly(me), rest)),
    part(sharesOf(me), and(documentRule.sharedState(me), rest)),
  ];
  return sql`select id from (${sql.join(parts, sql` union all `)}) ${newest} limit ${limit} offset ${offset}`;
}

/**
 * Rows after a sort position in the list's order (newest first), so a cursor page starts where the last
 * one stopped instead of walking the rows before it. The plain `created_at <=` is a range every index
 * walk here can start from (documents_list_idx and documents_owner_idx both hold created_at right after
 * their equality columns; the owner's index has no id); the rest settles ties by id.
 */
function olderThan(after: SortPosition | undefined): SQL | undefined {
  if (!after) return undefined;
  const createdAt = qualified(documents.createdAt);
  return sql`${createdAt} <= ${after.createdAt} and (${createdAt} < ${after.createdAt} or ${qualified(documents.id)} < ${after.id})`;
}

/** The rows of one page of a document list (batchable), newest first; `after` continues after a cursor's position. */
export function documentListLoader(
  ctx: QueryContext,
  filter: DocumentFilter,
  window: PageWindow,
  guard?: SQL,
  after?: SortPosition,
): Loader<DocumentItem> {
  return {
    query: listPageStatement(ctx, filter, window, guard, after),
    map: (rows) => (rows as ListRow[]).map((r) => toDocument(r, ctx)),
    last: (rows) => {
      const row = (rows as ListRow[]).at(-1);
      return row ? { createdAt: row.createdAt, id: row.id } : undefined;
    },
  };
}

/**
 * A page's statement from the isolate's template of its shape (src/db/statement-template.ts): the filters set, the
 * kind of reader, the direction, a first page or not, a cursor or not, the guard. A board named by a subquery (its
 * number, boardIdOf) is built afresh.
 */
function listPageStatement(ctx: QueryContext, filter: DocumentFilter, window: PageWindow, guard?: SQL, after?: SortPosition) {
  const board = filter.boardId;
  if (board != null && typeof board !== "number") return listPageQuery(ctx, filter, window, guard, after);
  const values: TemplateValues = {};
  if (filter.type) values.type = filter.type;
  if (filter.visibility) values.visibility = filter.visibility;
  if (filter.ownerId !== undefined) values.ownerId = filter.ownerId;
  if (board != null) values.boardId = board;
  if (ctx.viewer) values.userId = ctx.viewer.userId;
  // A first page is its own shape (it may be read directly): its offset stays the constant 0.
  if (window.offset !== 0) values.offset = window.offset;
  values.limit = window.limit;
  if (after) Object.assign(values, { afterCreatedAt: after.createdAt, afterId: after.id });
  const fromValues = (v: TemplateValues, slot?: SQL) =>
    listPageQuery(
      { ...ctx, viewer: v.userId === undefined ? null : { userId: v.userId as number } },
      {
        type: v.type as string | undefined,
        visibility: v.visibility as string | undefined,
        ownerId: v.ownerId as number | undefined,
        boardId: v.boardId as number | undefined,
      },
      { offset: (v.offset as number | undefined) ?? 0, limit: v.limit as number, reverse: window.reverse },
      slot,
      after && { createdAt: v.afterCreatedAt as string, id: v.afterId as string },
    );
  return templatedRead(ctx.db, `documents:${window.reverse ? "reverse" : "forward"}`, values, fromValues, guard);
}

/** A page's statement as drizzle builds it. */
function listPageQuery(ctx: QueryContext, filter: DocumentFilter, window: PageWindow, guard?: SQL, after?: SortPosition) {
  const { limit, offset } = window;
  const newest = [desc(documents.createdAt), desc(documents.id)];
  // A first page of one index walk in date order is cheapest read directly (choosing ids first costs ~3
  // rows an item). Past it, a skipped row would cost its joins too; and a board's documents are sorted
  // after reading, so each would be joined before the sort: there the ids come first.
  const direct = offset === 0 && !window.reverse && filter.boardId == null && (!ctx.viewer || filter.ownerId !== undefined);
  return direct
    ? listQuery(ctx)
        .where(and(visibleUnder(ctx, filter), matches(filter), olderThan(after), guard))
        .orderBy(...newest)
        .limit(limit)
    : listQuery(ctx)
        // The visibility rule checked again on the page's rows: the one rule stays the last word.
        .where(and(sql`${qualified(documents.id)} in (${pageIds(ctx, filter, window, after)})`, sql`(${documentVisible(ctx.viewer)}) = 1`, guard))
        .orderBy(...newest);
}

/** Documents by key, visible ones only, in key order (batchable; undefined when there are no keys). */
export function documentsLoader(ctx: QueryContext, keys: Keys | undefined): Loader<DocumentItem> | undefined {
  if (!keys) return undefined;
  return {
    query: listQuery(ctx, keys)
      .where(keys.where(documents.id, documentVisible(ctx.viewer)))
      .orderBy(keys.order(documents.id)),
    map: (rows) => (rows as ListRow[]).map((r) => toDocument(r, ctx)),
  };
}

/** The newest visible documents with their uploaders' usernames (feeds credit each entry's author), in one round trip. */
export async function newestDocumentsWithOwners(ctx: QueryContext, limit: number): Promise<(DocumentItem & { owner: string | null })[]> {
  const list = documentListLoader(ctx, {}, { offset: 0, limit, reverse: false });
  const [rows, owners] = await batchRead(ctx, [
    list.query,
    ctx.db
      .select({ id: documents.id, owner: users.username })
      .from(documents)
      .innerJoin(users, eq(users.id, documents.ownerId))
      .where(sql`${qualified(documents.id)} in (${pageIds(ctx, {}, { offset: 0, limit, reverse: false })})`),
  ]);
  const byId = new Map((owners as { id: string; owner: string }[]).map((o) => [o.id, o.owner]));
  return list.map(rows).map((d) => ({ ...d, owner: byId.get(d.id) ?? null }));
}
