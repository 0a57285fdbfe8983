// Repair case reads: published cases, newest first; linked documents and thread only when visible.
import { and, asc, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { caseVisible, threadVisible } from "../visibility";
import { pageMeta, type Page, type PageRequest } from "../../core/pagination";
import { pageUrl } from "../../core/urls";
import type { RepairCaseDetailSchema, RepairCaseSchema } from "../../schemas/cases";
import { boards, caseComponents, caseMeasurements, manufacturers, repairCases, threads, users } from "../schema";
import { qualified } from "../qualified";
import { batchRead, Keys, readPage, type Loader, type QueryContext } from "./runtime";
import { afterClause, orderClause, type SortOrder } from "./keyset";
import { counter, counterKey } from "./counts";
import { documentsLoader } from "./documents";

export type RepairCase = z.infer<typeof RepairCaseSchema>;
export type RepairCaseDetail = z.infer<typeof RepairCaseDetailSchema>;

/** A case's place in the list: its publication date, or its creation date when it has none. */
const caseDate = sql<string>`coalesce(${qualified(repairCases.publishedAt)}, ${qualified(repairCases.createdAt)})`;

const caseFields = {
  id: repairCases.id,
  title: repairCases.title,
  outcome: repairCases.outcome,
  symptom: repairCases.symptom,
  deviceModel: repairCases.deviceModel,
  board: boards.number,
  manufacturer: manufacturers.name,
  author: users.username,
  publishedAt: repairCases.publishedAt,
  sortDate: sql<string>`${caseDate}`.as("sort_date"),
};

function caseQuery(ctx: QueryContext, keys?: Keys) {
  return (keys ? keys.from(ctx.db) : ctx.db)
    .select(caseFields)
    .from(repairCases)
    .leftJoin(boards, eq(boards.id, repairCases.boardId))
    .leftJoin(manufacturers, eq(manufacturers.id, repairCases.manufacturerId))
    .leftJoin(users, eq(users.id, repairCases.authorId));
}

type CaseRow = Awaited<ReturnType<ReturnType<typeof caseQuery>["execute"]>>[number];

function toCase(r: CaseRow, ctx: QueryContext): RepairCase {
  return {
    id: r.id,
    title: r.title,
    outcome: r.outcome as RepairCase["outcome"],
    symptom: r.symptom,
    device_model: r.deviceModel,
    board: r.board,
    manufacturer: r.manufacturer,
    author: r.author,
    published_at: r.publishedAt,
    url: pageUrl(ctx.urls, "case", r.id, r.title),
  };
}

const newestFirst = [desc(caseDate), desc(repairCases.id)];
// repair_cases_recent_idx (migrations/0010) holds exactly these columns, so a page's ids come from the index alone.
const caseOrder: SortOrder = { columns: [caseDate, qualified(repairCases.id)], descending: true };

/**
 * The number of published cases under the filter: the counter (per board and outcome, kept by
 * triggers) less the published cases whose publication date is still ahead, read through the list
 * index (only the scheduled ones).
 */
function caseTotal(ctx: QueryContext, board: number | SQL | undefined, outcome: string | undefined): SQL<number> {
  const key =
    board !== undefined && outcome !== undefined
      ? counterKey("b:", board, ":o:", outcome)
      : board !== undefined
        ? counterKey("b:", board)
        : outcome !== undefined
          ? counterKey("o:", outcome)
          : counterKey("all");
  const scheduled = and(
    eq(repairCases.published, true),
    gt(repairCases.publishedAt, ctx.now),
    board !== undefined ? sql`${repairCases.boardId} = ${board}` : undefined,
    outcome !== undefined ? eq(repairCases.outcome, outcome) : undefined,
  );
  return sql<number>`(${counter("cases", key)} - (select count(*) from ${repairCases} where ${scheduled}))`;
}

/**
 * Newest first; a boardId of null means "a board that does not exist": an empty list. A page's ids are
 * chosen from the index first, so a skipped case costs one index entry; `page.after` (a cursor's
 * position: the case's date, id) starts after it.
 */
export async function listCases(
  ctx: QueryContext,
  filter: { boardId?: number | SQL | null; outcome?: string },
  page: PageRequest,
): Promise<Page<RepairCase>> {
  if (filter.boardId === null) return { data: [], meta: pageMeta(page, 0) };
  const where = and(
    caseVisible(ctx.now),
    filter.boardId !== undefined ? sql`${qualified(repairCases.boardId)} = ${filter.boardId}` : undefined,
    filter.outcome !== undefined ? eq(repairCases.outcome, filter.outcome) : undefined,
    page.after ? afterClause(caseOrder, [page.after.createdAt, page.after.id]) : undefined,
  );
  return readPage(ctx, page, caseTotal(ctx, filter.boardId, filter.outcome), (window, guard) => {
    const ids = sql`select ${qualified(repairCases.id)} from ${repairCases} where ${where} ${orderClause(caseOrder, window.reverse)} limit ${window.limit} offset ${window.offset}`;
    // A first page (or a cursor's) skips nothing: walking the index with the joins is cheapest there.
    const direct = window.offset === 0 && !window.reverse;
    return {
      query: caseQuery(ctx)
        .where(and(direct ? where : sql`${qualified(repairCases.id)} in (${ids})`, guard))
        .orderBy(...newestFirst)
        .limit(window.limit),
      map: (rows) => (rows as CaseRow[]).map((r) => toCase(r, ctx)),
      last: (rows) => {
        const row = (rows as CaseRow[]).at(-1);
        return row ? { createdAt: row.sortDate, id: row.id } : undefined;
      },
    };
  });
}

/** Published cases by key, in key order (batchable; undefined when there are no keys). */
export function casesLoader(ctx: QueryContext, keys: Keys | undefined): Loader<RepairCase> | undefined {
  if (!keys) return undefined;
  return {
    query: caseQuery(ctx, keys)
      .where(keys.where(repairCases.id, caseVisible(ctx.now)))
      .orderBy(keys.order(repairCases.id)),
    map: (rows) => (rows as CaseRow[]).map((r) => toCase(r, ctx)),
  };
}

/** One round trip: the case, its details, measurements, components and visible documents, batched. */
export async function getCase(ctx: QueryContext, id: string): Promise<RepairCaseDetail | undefined> {
  const documentKeys = Keys.ranked(ctx.db, sql`select document_id as id from case_documents where case_id = ${id} order by position`);
  const docsLoader = documentsLoader(ctx, documentKeys)!;
  const [rows, details, measurementRows, componentRows, docRows] = await batchRead(ctx, [
    caseQuery(ctx).where(and(eq(repairCases.id, id), caseVisible(ctx.now))),
    ctx.db
      .select({
        boardRevision: repairCases.boardRevision,
        diagnosis: repairCases.diagnosis,
        diagnosisHtml: repairCases.diagnosisHtml,
        fix: repairCases.fix,
        fixHtml: repairCases.fixHtml,
        minutesSpent: repairCases.minutesSpent,
        editedAt: repairCases.editedAt,
        threadId: threads.id,
        threadTitle: threads.title,
      })
      .from(repairCases)
      .leftJoin(threads, and(eq(threads.id, repairCases.threadId), threadVisible))
      .where(eq(repairCases.id, id)),
    ctx.db.select().from(caseMeasurements).where(eq(caseMeasurements.caseId, id)).orderBy(asc(caseMeasurements.position)),
    ctx.db.select().from(caseComponents).where(eq(caseComponents.caseId, id)).orderBy(asc(caseComponents.position)),
    docsLoader.query,
  ]);
  const [row] = rows as CaseRow[];
  const [detail] = details as {
    boardRevision: string | null;
    diagnosis: string;
    diagnosisHtml: string;
    fix: string | null;
    fixHtml: string | null;
    minutesSpent: number | null;
    editedAt: string | null;
    threadId: string | null;
    threadTitle: string | null;
  }[];
  if (!row || !detail) return undefined;
  const measurements = measurementRows as (typeof caseMeasurements.$inferSelect)[];
  const components = componentRows as (typeof caseComponents.$inferSelect)[];
  const docs = docsLoader.map(docRows);
  return {
    ...toCase(row, ctx),
    board_revision: detail.boardRevision,
    diagnosis: detail.diagnosis,
    diagnosis_html: detail.diagnosisHtml,
    fix: detail.fix,
    fix_html: detail.fixHtml,
    minutes_spent: detail.minutesSpent,
    edited_at: detail.editedAt,
    measurements: measurements.map((m) => ({ point: m.point, expected: m.expected, measured: m.measured, note: m.note })),
    components: components.map((m) => ({ designator: m.designator, part_number: m.partNumber, action: m.action, note: m.note })),
    documents: docs.map((d) => ({ id: d.id, title: d.title, url: d.url })),
    thread:
      detail.threadId && detail.threadTitle
        ? { id: detail.threadId, title: detail.threadTitle, url: pageUrl(ctx.urls, "thread", detail.threadId, detail.threadTitle) }
        : null,
  };
}
