// D1 tables. Timestamps are ISO 8601 text (UTC, "2026-10-01T10:00:00.000Z") so they sort as strings.
// Derived counts (replies, comments, threads, documents) are never stored: they depend on who asks.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema";

export const manufacturers = sqliteTable("manufacturers", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const boards = sqliteTable("boards", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  number: text("number").notNull(),
  /** Upper case, letters and digits only: the form every spelling is matched by. */
  norm: text("norm").notNull().unique(),
  manufacturerId: integer("manufacturer_id").references(() => manufacturers.id),
  status: text("status").notNull().default("active"),
  boardCode: text("board_code"),
  platform: text("platform"),
  codename: text("codename"),
});

export const boardAliases = sqliteTable(
  "board_aliases",
  {
    norm: text("norm").primaryKey(),
    boardId: integer("board_id")
      .notNull()
      .references(() => boards.id, { onDelete: "cascade" }),
    alias: text("alias").notNull(),
  },
  (t) => [index("board_aliases_board_idx").on(t.boardId)],
);

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description"),
  position: integer("position").notNull().default(0),
});

export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    type: text("type").notNull(),
    status: text("status").notNull().default("available"),
    visibility: text("visibility").notNull().default("public"),
    ownerId: integer("owner_id").references(() => users.id),
    manufacturerId: integer("manufacturer_id").references(() => manufacturers.id),
    description: text("description"),
    chipset: text("chipset"),
    boardRevision: text("board_revision"),
    language: text("language"),
    sourceNote: text("source_note"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    downloads: integer("downloads").notNull().default(0),
    executable: integer("executable", { mode: "boolean" }).notNull().default(false),
    /** Number of the current version (the highest). */
    currentVersion: integer("current_version").notNull().default(1),
    pageCount: integer("page_count"),
    statusReason: text("status_reason"),
    /** Times the scheduled sweep re-enqueued this document while it was stuck in `processing`. */
    recoveries: integer("recoveries").notNull().default(0),
    /**
     * The numbers of the document's boards as a JSON array, in link order: a copy kept by triggers
     * (migrations/0004_document_board_numbers.sql) so a page of documents reads no link or board rows.
     */
    boardNumbers: text("board_numbers").notNull().default("[]"),
    /** The text database (TEXT_SHARDS binding) holding this document's pages; set once, never moved (src/text/shards.ts). */
    textShard: text("text_shard"),
    /** Whether any page has text (the pages themselves are on the text shard). */
    hasText: integer("has_text", { mode: "boolean" }).notNull().default(false),
    /** A boardview's summary (src/boardview/nets.ts BoardSummary as JSON); null when the document is not one. */
    boardview: text("boardview"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("documents_list_idx").on(t.visibility, t.status, t.createdAt, t.id), index("documents_owner_idx").on(t.ownerId, t.createdAt)],
);

export const documentVersions = sqliteTable(
  "document_versions",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    filename: text("filename").notNull(),
    extension: text("extension"),
    contentType: text("content_type").notNull().default("application/octet-stream"),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    r2Key: text("r2_key").notNull(),
    changelog: text("changelog"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.version] })],
);

export const documentBoards = sqliteTable(
  "document_boards",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    boardId: integer("board_id")
      .notNull()
      .references(() => boards.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.boardId] }), index("document_boards_board_idx").on(t.boardId)],
);

export const documentShares = sqliteTable(
  "document_shares",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] }), index("document_shares_user_idx").on(t.userId)],
);

/**
 * Page text written before the text shards (migrations/0015): still searched and removed with its document; new
 * text goes to the document's text shard (src/text/shard-schema.ts), never here.
 */
export const documentPages = sqliteTable(
  "document_pages",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    page: integer("page").notNull(),
    text: text("text").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.page] })],
);

/** One row per (account, external_id): the idempotency record of an upload. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    /** Null once the document was deleted: the id then answers 410. */
    documentId: text("document_id"),
    fingerprint: text("fingerprint").notNull(),
    state: text("state", { enum: ["in_flight", "done", "deleted"] }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("uploads_user_external_idx").on(t.userId, t.externalId)],
);

export const threads = sqliteTable(
  "threads",
  {
    id: text("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    title: text("title").notNull(),
    status: text("status").notNull().default("open"),
    sticky: integer("sticky", { mode: "boolean" }).notNull().default(false),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    boardId: integer("board_id").references(() => boards.id),
    documentId: text("document_id"),
    createdAt: text("created_at").notNull(),
    lastActivityAt: text("last_activity_at").notNull(),
  },
  (t) => [
    index("threads_list_idx").on(t.published, t.sticky, t.lastActivityAt, t.id),
    index("threads_category_idx").on(t.categoryId, t.published, t.sticky, t.lastActivityAt),
    index("threads_board_idx").on(t.boardId, t.createdAt),
  ],
);

export const threadReplies = sqliteTable(
  "thread_replies",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    isSolution: integer("is_solution", { mode: "boolean" }).notNull().default(false),
    score: integer("score").notNull().default(0),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("thread_replies_thread_idx").on(t.threadId, t.hidden, t.createdAt, t.id)],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    authorId: integer("author_id").references(() => users.id),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    likes: integer("likes").notNull().default(0),
    readingMinutes: integer("reading_minutes").notNull().default(1),
    publishedAt: text("published_at"),
    editedAt: text("edited_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("blog_posts_published_idx").on(t.publishedAt, t.id)],
);

export const blogPostTags = sqliteTable(
  "blog_post_tags",
  {
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    /** slugify(tag): what the ?tag= filter compares. */
    slug: text("slug").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tag] }), index("blog_post_tags_slug_idx").on(t.slug)],
);

export const blogComments = sqliteTable(
  "blog_comments",
  {
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    id: integer("id").notNull(),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.id] })],
);

export const repairCases = sqliteTable(
  "repair_cases",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    outcome: text("outcome").notNull().default("unknown"),
    symptom: text("symptom").notNull(),
    deviceModel: text("device_model"),
    boardId: integer("board_id").references(() => boards.id),
    boardRevision: text("board_revision"),
    manufacturerId: integer("manufacturer_id").references(() => manufacturers.id),
    authorId: integer("author_id").references(() => users.id),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    publishedAt: text("published_at"),
    editedAt: text("edited_at"),
    diagnosis: text("diagnosis").notNull(),
    diagnosisHtml: text("diagnosis_html").notNull(),
    fix: text("fix"),
    fixHtml: text("fix_html"),
    minutesSpent: integer("minutes_spent"),
    threadId: text("thread_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("repair_cases_list_idx").on(t.published, t.publishedAt, t.id), index("repair_cases_board_idx").on(t.boardId)],
);

export const caseMeasurements = sqliteTable(
  "case_measurements",
  {
    caseId: text("case_id")
      .notNull()
      .references(() => repairCases.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    point: text("point").notNull(),
    expected: text("expected"),
    measured: text("measured").notNull(),
    note: text("note"),
    /** The normalised point and values (src/content/board-values.ts), written with the row: triggers gather them per board. */
    pointNorm: text("point_norm").notNull().default(""),
    expectedNorm: text("expected_norm"),
    measuredNorm: text("measured_norm").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.position] })],
);

export const caseComponents = sqliteTable(
  "case_components",
  {
    caseId: text("case_id")
      .notNull()
      .references(() => repairCases.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    designator: text("designator").notNull(),
    partNumber: text("part_number"),
    action: text("action").notNull(),
    note: text("note"),
    designatorNorm: text("designator_norm").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.position] })],
);

export const caseDocuments = sqliteTable(
  "case_documents",
  {
    caseId: text("case_id")
      .notNull()
      .references(() => repairCases.id, { onDelete: "cascade" }),
    documentId: text("document_id").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.documentId] })],
);

// The change feed's and the accounts' tables live in their own files (one file per area keeps each under 400 lines).
export * from "./account-schema";
export * from "./change-schema";
