// Boards: lookup in any spelling (number or alias), the Board shape, and board detail.
import { asc, count, eq, sql } from "drizzle-orm";
import { documentVisible } from "../../auth/visibility";
import { paginate, type PageMeta, type PageRequest } from "../../http/pagination";
import type { z } from "@hono/zod-openapi";
import { boardUrl, normalizeBoardNumber, type UrlContext } from "../../http/urls";
import type { BoardDetailSchema, BoardSchema } from "../../schemas/boards";
import { boardAliases, boards, documentBoards, documents, manufacturers } from "../schema";
import type { Db } from "../client";
import { Keys, type Loader, type QueryContext } from "./context";
import { listDocuments } from "./documents";

export type Board = z.infer<typeof BoardSchema>;
export type BoardDetail = z.infer<typeof BoardDetailSchema>;

export const MAX_BOARD_SPELLING = 100;

/** The id of the board whose number or alias has this norm, if any. */
export async function findBoardId(db: Db, anySpelling: string): Promise<number | undefined> {
  // Stored norms come from board numbers and aliases; nothing longer than this can match.
  if (anySpelling.length > MAX_BOARD_SPELLING) return undefined;
  const norm = normalizeBoardNumber(anySpelling);
  if (!norm) return undefined;
  const row = await db
    .select({ id: boards.id })
    .from(boards)
    .where(sql`${boards.norm} = ${norm} or ${boards.id} = (select board_id from board_aliases where norm = ${norm})`)
    .limit(1);
  return row[0]?.id;
}

export function toBoard(row: { number: string; norm: string; manufacturer: string | null }, urls: UrlContext): Board {
  return { number: row.number, norm: row.norm, manufacturer: row.manufacturer, url: boardUrl(urls, row.norm) };
}

export const boardFields = { id: boards.id, number: boards.number, norm: boards.norm, manufacturer: manufacturers.name };

type BoardRow = { id: number; number: string; norm: string; manufacturer: string | null };

/** Boards by internal id, in key order (batchable; undefined when there are no keys). */
export function boardsLoader(ctx: QueryContext, keys: Keys | undefined): Loader<Board> | undefined {
  if (!keys) return undefined;
  return {
    query: keys.from(ctx.db).select(boardFields).from(boards).leftJoin(manufacturers, eq(manufacturers.id, boards.manufacturerId)).where(keys.where(boards.id)).orderBy(keys.order(boards.id)),
    map: (rows) => (rows as BoardRow[]).map((b) => toBoard(b, ctx.urls)),
  };
}

export async function getBoard(ctx: QueryContext, anySpelling: string): Promise<BoardDetail | undefined> {
  const id = await findBoardId(ctx.db, anySpelling);
  if (id === undefined) return undefined;
  const [row] = await ctx.db
    .select({ ...boardFields, status: boards.status, boardCode: boards.boardCode, platform: boards.platform, codename: boards.codename })
    .from(boards)
    .leftJoin(manufacturers, eq(manufacturers.id, boards.manufacturerId))
    .where(eq(boards.id, id));
  if (!row) return undefined;
  const [aliases, documents] = await Promise.all([
    ctx.db.select({ alias: boardAliases.alias }).from(boardAliases).where(eq(boardAliases.boardId, id)).orderBy(boardAliases.alias),
    listDocuments(ctx, { boardId: id }, { page: 1, perPage: 1000 }),
  ]);
  return {
    ...toBoard(row, ctx.urls),
    status: row.status,
    board_code: row.boardCode,
    platform: row.platform,
    codename: row.codename,
    aliases: aliases.map((a) => a.alias),
    documents: documents.data,
  };
}

/** Every board by number, with the newest visible document's date (sitemaps, the boards page). */
export async function listBoards(ctx: QueryContext, page: PageRequest): Promise<{ data: (Board & { documents: number; updated_at: string | null })[]; meta: PageMeta }> {
  const visibleDocs = sql`from ${documentBoards} join ${documents} on ${documents.id} = ${documentBoards.documentId} where ${documentBoards.boardId} = ${boards.id} and ${documentVisible(ctx.viewer)}`;
  return paginate(
    page,
    () => ctx.db.select({ total: count() }).from(boards),
    async (offset, limit) => {
      const rows = await ctx.db
        .select({ ...boardFields, documents: sql<number>`(select count(*) ${visibleDocs})`, updatedAt: sql<string | null>`(select max(${documents.createdAt}) ${visibleDocs})` })
        .from(boards)
        .leftJoin(manufacturers, eq(manufacturers.id, boards.manufacturerId))
        .orderBy(asc(boards.norm))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({ ...toBoard(r, ctx.urls), documents: r.documents, updated_at: r.updatedAt }));
    },
  );
}
