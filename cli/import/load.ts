// Turns validated records into the statements and files that store them (run.ts batches them).
// Upserts by id or natural key, and children replaced per parent, make a second import of the
// same file update in place: every record's statements can run again without harm.
import type { Db } from "../../src/db/client";
import { VOCABULARY_TABLES } from "../../src/search/index/vocabulary";
import type { ImportFile, Section } from "./format";
import { planUser } from "./plan/users";
import { planManufacturer } from "./plan/manufacturers";
import { planApiKey } from "./plan/api-keys";
import { planBoard } from "./plan/boards";
import { planCategory } from "./plan/categories";
import { planDocument } from "./plan/documents";
import { planThread } from "./plan/threads";
import { planBlogPost } from "./plan/blog-posts";
import { planCase } from "./plan/cases";
import { RecordPlanBuilder, type Item, type PlanContext, type RecordPlan, type Statement, type StoredObject } from "./plan/record-plan";

export type { RecordPlan, Statement, StoredObject };
import type { DocumentText } from "./text";

export interface ImportPlan {
  statements: Statement[];
  objects: StoredObject[];
  counts: Record<string, number>;
  texts: DocumentText[];
}

export { ATOMIC_RECORD_STATEMENTS } from "./plan/values";

/** Sections in the order their rows must be written: each refers only to sections before it. */
export const WRITE_ORDER: readonly Section[] = [
  "users",
  "manufacturers",
  "api_keys",
  "boards",
  "categories",
  "documents",
  "threads",
  "blog_posts",
  "cases",
];

/** The planner of each section: one function per section, each in its own file under plan/. */
const PLANNERS: { [S in Section]: (plan: RecordPlanBuilder, ctx: PlanContext, item: Item<S>) => Promise<void> } = {
  users: planUser,
  manufacturers: planManufacturer,
  api_keys: planApiKey,
  boards: planBoard,
  categories: planCategory,
  documents: planDocument,
  threads: planThread,
  blog_posts: planBlogPost,
  cases: planCase,
};

/**
 * The statements and files of one validated record (index: its position in its section, which
 * orders categories). Each record's statements stand alone, so records can go in separate batches.
 */
export async function planRecord<S extends Section>(db: Db, section: S, record: Item<S>, index: number, now: string): Promise<RecordPlan> {
  const plan = new RecordPlanBuilder();
  await (PLANNERS[section] as (plan: RecordPlanBuilder, ctx: PlanContext, item: Item<S>) => Promise<void>)(plan, { db, now, index }, record);
  return plan.build();
}

/** A whole validated file's plan, in write order (the remote SQL-script test renders it). */
export async function buildImportPlan(db: Db, file: ImportFile, now: string): Promise<ImportPlan> {
  const plan: ImportPlan = { statements: [], objects: [], counts: {}, texts: [] };
  for (const section of WRITE_ORDER) {
    const items = (file[section] ?? []) as Item<typeof section>[];
    for (let i = 0; i < items.length; i++) {
      const part = await planRecord(db, section, items[i], i, now);
      plan.statements.push(...part.statements);
      plan.objects.push(...part.objects);
      plan.texts.push(...(part.texts ?? []));
      for (const [k, n] of Object.entries(part.counts)) plan.counts[k] = (plan.counts[k] ?? 0) + n;
    }
  }
  return plan;
}

/** Tables in an order that respects foreign keys when emptied. */
export const CONTENT_TABLES = [
  "case_documents",
  "case_components",
  "case_measurements",
  "repair_cases",
  "blog_comments",
  "blog_post_tags",
  "blog_posts",
  "thread_replies",
  "threads",
  "uploads",
  "document_pages",
  "document_shares",
  "document_boards",
  "document_versions",
  "documents",
  "categories",
  "board_aliases",
  "boards",
  "manufacturers",
  "api_keys",
  "users",
] as const;

/**
 * SQL that empties every content table and the search vocabulary drawn from them (the import's end feeds it
 * afresh from the new index: run.ts; the cron, after a remote one); runs in the same batch as the import when resetting.
 */
export const RESET_SQL: readonly string[] = [...CONTENT_TABLES, ...VOCABULARY_TABLES].map((table) => `delete from ${table}`);

export function resetStatements(d1: D1Database): D1PreparedStatement[] {
  return RESET_SQL.map((text) => d1.prepare(text));
}
