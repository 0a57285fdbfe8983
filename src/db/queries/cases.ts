// Repair case reads: published cases, newest first; linked documents and thread only when visible.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { caseVisible, threadVisible } from "../../auth/visibility";
import { pageMeta, paginate, type PageMeta, type PageRequest } from "../../http/pagination";
import { pageUrl } from "../../http/urls";
import type { RepairCaseDetailSchema, RepairCaseSchema } from "../../schemas/cases";
import { boards, caseComponents, caseDocuments, caseMeasurements, manufacturers, repairCases, threads, users } from "../schema";
import { Keys, type Loader, type QueryContext } from "./context";
import { documentsByIds } from "./documents";

export type RepairCase = z.infer<typeof RepairCaseSchema>;
export type RepairCaseDetail = z.infer<typeof RepairCaseDetailSchema>;

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

const newestFirst = [desc(sql`coalesce(${repairCases.publishedAt}, ${repairCases.createdAt})`), desc(repairCases.id)];

/** A boardId of null means "a board that does not exist": an empty list. */
export async function listCases(ctx: QueryContext, filter: { boardId?: number | null; outcome?: string }, page: PageRequest): Promise<{ data: RepairCase[]; meta: PageMeta }> {
  if (filter.boardId === null) return { data: [], meta: pageMeta(page, 0) };
  const where = and(
    caseVisible(ctx.now),
    filter.boardId !== undefined ? eq(repairCases.boardId, filter.boardId) : undefined,
    filter.outcome !== undefined ? eq(repairCases.outcome, filter.outcome) : undefined,
  );
  return paginate(
    page,
    () => ctx.db.select({ total: count() }).from(repairCases).where(where),
    async (offset, limit) => (await caseQuery(ctx).where(where).orderBy(...newestFirst).limit(limit).offset(offset)).map((r) => toCase(r, ctx)),
  );
}

/** Published cases by key, in key order (batchable; undefined when there are no keys). */
export function casesLoader(ctx: QueryContext, keys: Keys | undefined): Loader<RepairCase> | undefined {
  if (!keys) return undefined;
  return {
    query: caseQuery(ctx, keys).where(keys.where(repairCases.id, caseVisible(ctx.now))).orderBy(keys.order(repairCases.id)),
    map: (rows) => (rows as CaseRow[]).map((r) => toCase(r, ctx)),
  };
}

export async function getCase(ctx: QueryContext, id: string): Promise<RepairCaseDetail | undefined> {
  const [row] = await caseQuery(ctx).where(and(eq(repairCases.id, id), caseVisible(ctx.now)));
  if (!row) return undefined;
  const [[detail], measurements, components, docLinks] = await Promise.all([
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
    ctx.db.select({ documentId: caseDocuments.documentId }).from(caseDocuments).where(eq(caseDocuments.caseId, id)).orderBy(asc(caseDocuments.position)),
  ]);
  const docs = await documentsByIds(ctx, docLinks.map((d) => d.documentId));
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
    thread: detail.threadId && detail.threadTitle ? { id: detail.threadId, title: detail.threadTitle, url: pageUrl(ctx.urls, "thread", detail.threadId, detail.threadTitle) } : null,
  };
}
