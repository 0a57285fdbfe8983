// GET /boards: the boards a caller reaches through their content (a document, thread or case the caller may
// see), by norm, filtered by manufacturer and by a prefix of the number or an alias in any spelling. A page
// reads its boards from board_content's partial index (listed for everyone) and, for a key, the few boards the
// key owner reaches only through own or shared documents (board_keyed_documents); the total is a counter
// (list_counts boards/listed) plus those few. Filtering by a prefix counts the boards under the prefix.
import { sql, type SQL } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { pageMeta, type Page, type PageRequest } from "../../../core/pagination";
import { normalizeBoardNumber } from "../../../core/urls";
import type { BoardListItemSchema } from "../../../schemas/boards";
import { MAX_BOARD_SPELLING, toBoard } from "../board-lookup";
import { countsOf, LISTED_FOR_EVERYONE } from "./board-counts";
import { readPage, type QueryContext } from "../runtime";
import { sortDirection } from "../keyset";
import { counter, counterKey } from "../counts";

export type BoardListItem = z.infer<typeof BoardListItemSchema>;

export interface BoardListFilter {
  /** A manufacturer's name, any case. */
  manufacturer?: string;
  /** A prefix of the number or of an alias, any spelling. */
  q?: string;
}

/** A board's place in the list for a cursor: its norm (unique), and its id written as 26 digits (a cursor holds an id so). */
const BOARD_ID_DIGITS = 26;
const positionOf = (row: { id: number; norm: string }) => ({ createdAt: row.norm, id: String(row.id).padStart(BOARD_ID_DIGITS, "0") });

type Row = { id: number; number: string; norm: string; manufacturer: string | null; documents: number; threads: number; cases: number };

export async function listBoardItems(ctx: QueryContext, filter: BoardListFilter, page: PageRequest): Promise<Page<BoardListItem>> {
  const qNorm = filter.q === undefined ? undefined : normalizeBoardNumber(filter.q.slice(0, MAX_BOARD_SPELLING));
  if (qNorm === "") return { data: [], meta: pageMeta(page, 0) };
  const maker =
    filter.manufacturer === undefined ? undefined : sql`(select id from manufacturers where name = ${filter.manufacturer} collate nocase)`;
  const conditions: SQL[] = [];
  if (maker) conditions.push(sql`bc.manufacturer_id = ${maker}`);
  if (qNorm !== undefined) {
    // Norms hold only [0-9A-Z], all below "~": [norm, norm + "~") is exactly the norms that start with it.
    const to = `${qNorm}~`;
    conditions.push(
      sql`bc.board_id in (select id from boards where norm >= ${qNorm} and norm < ${to} union select board_id from board_aliases where norm >= ${qNorm} and norm < ${to})`,
    );
  }
  const filtered = conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const viewer = ctx.viewer;
  // The caller's boards: listed for everyone, or reached through the caller's own and shared documents.
  const keyedOnly = viewer
    ? sql`select bc.board_id as board_id, bc.norm as norm from board_keyed_documents k join board_content bc on bc.board_id = k.board_id
        where k.user_id = ${viewer.userId} and k.n > 0 and not (${LISTED_FOR_EVERYONE})${filtered}`
    : undefined;
  const listed = (extra: SQL) =>
    sql`select bc.board_id as board_id, bc.norm as norm from board_content bc where ${LISTED_FOR_EVERYONE}${filtered}${extra}`;
  const everyoneTotal =
    qNorm !== undefined
      ? sql<number>`(select count(*) from (${listed(sql``)}))`
      : maker
        ? counter("boards", counterKey("listed:m:", maker))
        : counter("boards", "listed");
  const total = keyedOnly ? sql<number>`(${everyoneTotal} + (select count(*) from (${keyedOnly})))` : everyoneTotal;
  const after = page.after ? sql` and bc.norm > ${page.after.createdAt}` : sql``;
  const counts = countsOf(viewer, ctx.now);
  return readPage(ctx, page, total, (window, guard) => {
    const dir = sortDirection(window.reverse);
    // Each part cut at the page's end before the union, so neither is read past it.
    const upTo = window.offset + window.limit;
    const cut = (part: SQL) => sql`select * from (${part} order by norm ${dir} limit ${upTo})`;
    const candidates = keyedOnly
      ? sql`select board_id from (${cut(listed(after))} union all ${cut(sql`${keyedOnly}${after}`)}) order by norm ${dir} limit ${window.limit} offset ${window.offset}`
      : sql`select board_id from (${listed(after)}) order by norm ${dir} limit ${window.limit} offset ${window.offset}`;
    return {
      query: ctx.db
        .select({
          id: sql<number>`b.id`,
          number: sql<string>`b.number`,
          norm: sql<string>`b.norm`,
          manufacturer: sql<string | null>`m.name`,
          documents: counts.documents,
          threads: counts.threads,
          cases: counts.cases,
        })
        .from(sql`board_content bc join boards b on b.id = bc.board_id left join manufacturers m on m.id = b.manufacturer_id`)
        .where(guard ? sql`bc.board_id in (${candidates}) and ${guard}` : sql`bc.board_id in (${candidates})`)
        .orderBy(sql`bc.norm`),
      map: (rows) =>
        (rows as Row[]).map((r) => ({
          ...toBoard(r, ctx.urls),
          counts: { documents: r.documents, threads: r.threads, cases: Math.max(0, r.cases) },
        })),
      last: (rows) => {
        const row = (rows as Row[]).at(-1);
        return row ? positionOf(row) : undefined;
      },
    };
  });
}
