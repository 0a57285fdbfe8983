// Boards: by internal id (batchable), the boards list and board numbers by prefix; a board in any spelling and
// the Board shape are in board-lookup.ts.
import { and, asc, eq, sql } from "drizzle-orm";
import { documentVisible } from "../../visibility";
import type { PageMeta, PageRequest } from "../../../core/pagination";
import { boardAliases, boards, documentBoards, documents, manufacturers } from "../../schema";
import { batchRead, type Keys, readPage, type Loader, type QueryContext } from "../runtime";
import { sortDirection } from "../keyset";
import { counter, counterKey } from "../counts";
import { qualified } from "../../qualified";
import { type Board, boardFields, MAX_BOARD_SPELLING, toBoard } from "../board-lookup";
import { normalizeBoardNumber } from "../../../core/urls";

type BoardRow = { id: number; number: string; norm: string; manufacturer: string | null };

/** Boards by internal id, in key order (batchable; undefined when there are no keys). */
export function boardsLoader(ctx: QueryContext, keys: Keys | undefined): Loader<Board> | undefined {
  if (!keys) return undefined;
  return {
    query: keys
      .from(ctx.db)
      .select(boardFields)
      .from(boards)
      .leftJoin(manufacturers, eq(manufacturers.id, boards.manufacturerId))
      .where(keys.where(boards.id))
      .orderBy(keys.order(boards.id)),
    map: (rows) => (rows as BoardRow[]).map((b) => toBoard(b, ctx.urls)),
  };
}

/**
 * Every board by number, with its number of visible documents and the newest one's date (sitemaps,
 * the boards page). For an anonymous reader the number comes from the board's counter.
 */
export async function listBoards(
  ctx: QueryContext,
  page: PageRequest,
): Promise<{ data: (Board & { documents: number; updated_at: string | null })[]; meta: PageMeta }> {
  const visibleDocs = sql`from ${documentBoards} join ${documents} on ${documents.id} = ${documentBoards.documentId} where ${documentBoards.boardId} = ${qualified(boards.id)} and ${documentVisible(ctx.viewer)}`;
  const documentCount = ctx.viewer ? sql<number>`(select count(*) ${visibleDocs})` : counter("documents", counterKey("b:", qualified(boards.id)));
  return readPage(ctx, page, counter("boards", "all"), ({ offset, limit, reverse }, guard) => ({
    query: ctx.db
      .select({ ...boardFields, documents: documentCount, updatedAt: sql<string | null>`(select max(${documents.createdAt}) ${visibleDocs})` })
      .from(boards)
      .leftJoin(manufacturers, eq(manufacturers.id, boards.manufacturerId))
      // The page's boards by number from the index alone (from the back for a deep page), then their rows.
      .where(
        and(
          sql`${qualified(boards.id)} in (select id from ${boards} order by norm ${sortDirection(reverse)} limit ${limit} offset ${offset})`,
          guard,
        ),
      )
      .orderBy(asc(boards.norm)),
    map: (rows) =>
      (rows as (BoardRow & { documents: number; updatedAt: string | null })[]).map((r) => ({
        ...toBoard(r, ctx.urls),
        documents: r.documents,
        updated_at: r.updatedAt,
      })),
  }));
}

/**
 * Board numbers whose number or an alias starts with this prefix in any spelling (`la-k3` → LA-K351P), numbers
 * matched directly first, each board once, in norm order. One round trip: two range reads on the norm indexes.
 */
export async function boardNumbersByPrefix(ctx: QueryContext, anySpelling: string, limit: number): Promise<string[]> {
  const norm = normalizeBoardNumber(anySpelling.slice(0, MAX_BOARD_SPELLING));
  // Norms hold only [0-9A-Z], all below "~": [norm, norm + "~") is exactly the norms that start with it.
  const inRange = (column: typeof boards.norm | typeof boardAliases.norm) => sql`${column} >= ${norm} and ${column} < ${`${norm}~`}`;
  const [direct, viaAlias] = (await batchRead(ctx, [
    ctx.db.select({ number: boards.number }).from(boards).where(inRange(boards.norm)).orderBy(asc(boards.norm)).limit(limit),
    ctx.db
      .select({ number: boards.number })
      .from(boardAliases)
      .innerJoin(boards, eq(boards.id, boardAliases.boardId))
      .where(inRange(boardAliases.norm))
      .orderBy(asc(boardAliases.norm))
      .limit(limit),
  ])) as { number: string }[][];
  return [...new Set([...direct, ...viaAlias].map((r) => r.number))].slice(0, limit);
}
