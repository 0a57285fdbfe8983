// Turns validated records into the statements and files that store them (run.ts batches them).
// Upserts by id or natural key, and children replaced per parent, make a second import of the
// same file update in place: every record's statements can run again without harm.
import { and, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { sha256Hex } from "../auth/keys";
import { extensionOf, mediaTypeFor } from "../content/media-types";
import { readingMinutes, renderMarkdown } from "../content/markdown";
import type { Db } from "../db/client";
import * as t from "../db/schema";
import { normalizeBoardNumber, slugify } from "../http/urls";
import type { ImportFile, Section } from "./format";

export interface StoredObject {
  key: string;
  bytes: Uint8Array;
  contentType: string;
  filename: string;
}

/** A built drizzle query: rendered to SQL text and parameters, run through D1 (or a remote SQL file). */
export interface Statement {
  toSQL(): { sql: string; params: unknown[] };
}

export interface ImportPlan {
  statements: Statement[];
  objects: StoredObject[];
  counts: Record<string, number>;
}

const iso = (time: string) => new Date(time).toISOString();

/**
 * The upsert `set` of a record whose time the file may leave out: a missing time defaulted to the
 * first import's time, and a later import of the same file must keep it (import is idempotent).
 */
function withGivenTime<V extends object, K extends string>(values: V, key: K, given: string | null | undefined): V | (V & Record<K, string>) {
  return given ? { ...values, [key]: iso(given) } as V & Record<K, string> : values;
}

/**
 * The upsert's `where`: update only when a value differs, so a second import of the same record
 * writes nothing and fires no search trigger. `ignore`: columns that change on every import.
 */
function ifChanged(table: SQLiteTable, set: object, ignore: string[] = []): SQL {
  const columns = getTableColumns(table);
  const differs = Object.keys(set)
    .filter((key) => !ignore.includes(key))
    .map((key) => sql`${columns[key]} is not excluded.${sql.identifier(columns[key].name)}`);
  return sql.join(differs, sql` or `);
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * Id for a record the file gives none: a ULID whose time part is the record's own time and whose
 * random part comes from its natural content, so importing the same file twice finds the same row.
 */
export async function derivedId(kind: string, naturalKey: string, time?: string | null): Promise<string> {
  let ms = BigInt(time ? Math.max(0, Date.parse(time)) : 0);
  let timePart = "";
  for (let i = 0; i < 10; i++) {
    timePart = CROCKFORD[Number(ms % 32n)] + timePart;
    ms /= 32n;
  }
  const hash = await sha256Hex(`${kind}\n${naturalKey}`);
  let bits = BigInt("0x" + hash.slice(0, 20));
  let randomPart = "";
  for (let i = 0; i < 16; i++) {
    randomPart = CROCKFORD[Number(bits % 32n)] + randomPart;
    bits /= 32n;
  }
  return timePart + randomPart;
}

function decodeContent(v: { content_base64?: string; content_text?: string }): Uint8Array {
  if (v.content_text !== undefined) return new TextEncoder().encode(v.content_text);
  return Uint8Array.from(atob(v.content_base64 ?? ""), (ch) => ch.charCodeAt(0));
}

const userId = (username: string | null | undefined): SQL | null => (username ? sql`(select id from users where username = ${username})` : null);
const manufacturerId = (name: string | null | undefined): SQL | null => (name ? sql`(select id from manufacturers where name = ${name})` : null);
const categoryId = (slug: string): SQL => sql`(select id from categories where slug = ${slug})`;
export function boardIdSql(anySpelling: string | null | undefined): SQL | null {
  if (!anySpelling) return null;
  const norm = normalizeBoardNumber(anySpelling);
  return sql`(select id from boards where norm = ${norm} union all select board_id from board_aliases where norm = ${norm} limit 1)`;
}

/** One record's rows and files. */
export interface RecordPlan {
  statements: Statement[];
  objects: StoredObject[];
  counts: Record<string, number>;
  /** Must run in one batch (it relies on deferred foreign keys); never more than ATOMIC_RECORD_STATEMENTS. */
  atomic?: boolean;
}

/** Records of at most this many statements may write children first, as one batch. */
export const ATOMIC_RECORD_STATEMENTS = 200;

type Item<S extends Section> = NonNullable<ImportFile[S]>[number];

/** Sections in the order their rows must be written: each refers only to sections before it. */
export const WRITE_ORDER: readonly Section[] = ["users", "manufacturers", "api_keys", "boards", "categories", "documents", "threads", "blog_posts", "cases"];

/**
 * The statements and files of one validated record (index: its position in its section, which
 * orders categories). Each record's statements stand alone, so records can go in separate batches.
 */
export async function planRecord<S extends Section>(db: Db, section: S, record: Item<S>, index: number, now: string): Promise<RecordPlan> {
  const s: Statement[] = [];
  const objects: StoredObject[] = [];
  const counts: Record<string, number> = {};
  const count = (key: string, n = 1) => (counts[key] = (counts[key] ?? 0) + n);
  let atomic = false;
  const planners: { [K in Section]: (item: Item<K>) => Promise<void> | void } = {
    users: async (u) => {
      const values = { username: u.username, name: u.name, role: u.role, locale: u.locale, active: u.active };
      s.push(db.insert(t.users).values({ ...values, createdAt: now }).onConflictDoUpdate({ target: t.users.username, set: values, setWhere: ifChanged(t.users, values) }));
      count("users");
    },
    manufacturers: async (m) => {
      s.push(db.insert(t.manufacturers).values(m).onConflictDoUpdate({ target: t.manufacturers.id, set: { name: m.name }, setWhere: ifChanged(t.manufacturers, { name: m.name }) }));
      count("manufacturers");
    },
    api_keys: async (k) => {
      const values = {
        userId: userId(k.user)!,
        name: k.name,
        scopes: k.scopes,
        expiresAt: k.expires_at ? new Date(k.expires_at).toISOString() : null,
      };
      // A key revoked again keeps the time of its first revocation.
      const set = { ...values, revokedAt: k.revoked ? sql`coalesce(revoked_at, ${now})` : null };
      const tokenHash = await sha256Hex(k.token);
      // Written only when a value or the revocation differs (a revocation keeps its first time).
      const setWhere = sql`${ifChanged(t.apiKeys, values)} or (${t.apiKeys.revokedAt} is null) is not (excluded.revoked_at is null)`;
      s.push(db.insert(t.apiKeys).values({ ...values, tokenHash, displayPrefix: k.token.slice(0, 10), revokedAt: k.revoked ? now : null, createdAt: now }).onConflictDoUpdate({ target: t.apiKeys.tokenHash, set, setWhere }));
      count("api_keys");
    },
    boards: async (b) => {
      const norm = normalizeBoardNumber(b.number);
      const values = { number: b.number, manufacturerId: manufacturerId(b.manufacturer), status: b.status, boardCode: b.board_code ?? null, platform: b.platform ?? null, codename: b.codename ?? null };
      s.push(db.insert(t.boards).values({ ...values, norm }).onConflictDoUpdate({ target: t.boards.norm, set: values, setWhere: ifChanged(t.boards, values) }));
      const boardId = sql`(select id from boards where norm = ${norm})`;
      // Aliases in place, written only when they differ; those gone from the file deleted.
      const aliases = (b.aliases ?? []).map((alias) => ({ norm: normalizeBoardNumber(alias), alias }));
      s.push(db.delete(t.boardAliases).where(sql`${t.boardAliases.boardId} = ${boardId} and ${t.boardAliases.norm} not in (select value from json_each(${JSON.stringify(aliases.map((a) => a.norm))}))`));
      for (const { norm: aliasNorm, alias } of aliases) {
        s.push(db.insert(t.boardAliases).values({ norm: aliasNorm, boardId, alias }).onConflictDoUpdate({ target: t.boardAliases.norm, set: { boardId, alias }, setWhere: ifChanged(t.boardAliases, { boardId, alias }) }));
      }
      count("boards");
    },
    categories: (c) => {
      const position = index;
      const values = { name: c.name, description: c.description ?? null, position };
      s.push(db.insert(t.categories).values({ ...values, slug: c.slug }).onConflictDoUpdate({ target: t.categories.slug, set: values, setWhere: ifChanged(t.categories, values) }));
      count("categories");
    },
    documents: async (d) => {
      const id = d.id?.toUpperCase() ?? (await derivedId("document", `${d.owner ?? ""}\n${d.title}`, d.created_at));
      const createdAt = d.created_at ? new Date(d.created_at).toISOString() : now;
      const versions = [...d.versions].sort((a, b) => a.version - b.version);
      const current = versions[versions.length - 1].version;
      const values = {
        title: d.title,
        type: d.type,
        status: d.status,
        visibility: d.visibility,
        ownerId: userId(d.owner),
        manufacturerId: manufacturerId(d.manufacturer),
        description: d.description ?? null,
        chipset: d.chipset ?? null,
        boardRevision: d.board_revision ?? null,
        language: d.language ?? null,
        sourceNote: d.source_note ?? null,
        tags: d.tags ?? [],
        downloads: d.downloads,
        executable: d.executable ?? false,
        currentVersion: current,
        pageCount: d.pages ? d.pages.length : null,
        updatedAt: now,
      };
      // Children are updated in place and only when they differ (a second import of the same file writes
      // no row and fires no trigger); those no longer in the file are deleted first.
      const boardIds = (d.boards ?? []).map((b) => boardIdSql(b)!);
      const shareIds = (d.shared_with ?? []).map((u) => userId(u)!);
      const pageCount = d.pages?.length ?? 0;
      s.push(
        db.delete(t.documentVersions).where(sql`${t.documentVersions.documentId} = ${id} and ${t.documentVersions.version} not in (select value from json_each(${JSON.stringify(versions.map((v) => v.version))}))`),
        db.delete(t.documentBoards).where(and(sql`${t.documentBoards.documentId} = ${id}`, boardIds.length ? sql`${t.documentBoards.boardId} not in (${sql.join(boardIds, sql`, `)})` : undefined)),
        db.delete(t.documentShares).where(and(sql`${t.documentShares.documentId} = ${id}`, shareIds.length ? sql`${t.documentShares.userId} not in (${sql.join(shareIds, sql`, `)})` : undefined)),
        db.delete(t.documentPages).where(sql`${t.documentPages.documentId} = ${id} and ${t.documentPages.page} > ${pageCount}`),
      );
      // A new document's boards written before it are indexed with it, once, instead of re-indexing
      // it per board (search triggers); that needs the record in one batch (foreign keys deferred).
      const boards = boardIds.map((boardId, position) =>
        db.insert(t.documentBoards).values({ documentId: id, boardId, position }).onConflictDoUpdate({ target: [t.documentBoards.documentId, t.documentBoards.boardId], set: { position }, setWhere: ifChanged(t.documentBoards, { position }) }),
      );
      const boardsFirst = d.versions.length + boards.length + (d.shared_with?.length ?? 0) + (d.pages?.length ?? 0) <= ATOMIC_RECORD_STATEMENTS - 5;
      if (boardsFirst) {
        s.push(...boards);
        atomic = true;
      }
      s.push(db.insert(t.documents).values({ ...values, id, createdAt }).onConflictDoUpdate({ target: t.documents.id, set: withGivenTime(values, "createdAt", d.created_at), setWhere: ifChanged(t.documents, withGivenTime(values, "createdAt", d.created_at), ["updatedAt"]) }));
      if (!boardsFirst) s.push(...boards);
      for (const v of versions) {
        const bytes = decodeContent(v);
        const extension = extensionOf(v.filename);
        const key = `documents/${id}/v${v.version}`;
        objects.push({ key, bytes, contentType: mediaTypeFor(extension), filename: v.filename });
        const version = { filename: v.filename, extension, contentType: mediaTypeFor(extension), sizeBytes: bytes.byteLength, sha256: await sha256Hex(bytes), r2Key: key, changelog: v.changelog ?? null };
        s.push(
          db
            .insert(t.documentVersions)
            .values({
              ...version,
              documentId: id,
              version: v.version,
              // Without its own time a version has its document's (as stored: kept from the first import).
              createdAt: v.created_at ? iso(v.created_at) : sql`(select created_at from documents where id = ${id})`,
            })
            .onConflictDoUpdate({ target: [t.documentVersions.documentId, t.documentVersions.version], set: withGivenTime(version, "createdAt", v.created_at), setWhere: ifChanged(t.documentVersions, withGivenTime(version, "createdAt", v.created_at)) }),
        );
      }
      for (const shareUser of shareIds) s.push(db.insert(t.documentShares).values({ documentId: id, userId: shareUser }).onConflictDoNothing());
      for (const [i, text] of (d.pages ?? []).entries())
        s.push(db.insert(t.documentPages).values({ documentId: id, page: i + 1, text }).onConflictDoUpdate({ target: [t.documentPages.documentId, t.documentPages.page], set: { text }, setWhere: ifChanged(t.documentPages, { text }) }));
      count("documents");
    },
    threads: async (th) => {
      const id = th.id?.toUpperCase() ?? (await derivedId("thread", `${th.author}\n${th.title}`, th.created_at));
      const createdAt = th.created_at ? new Date(th.created_at).toISOString() : now;
      const replies = await Promise.all(
        (th.posts ?? []).map(async (p, i) => ({
          id: p.id?.toUpperCase() ?? (await derivedId("reply", `${id}\n${i}\n${p.author}`, p.created_at ?? th.created_at)),
          threadId: id,
          authorId: userId(p.author)!,
          body: p.body,
          bodyHtml: renderMarkdown(p.body),
          isSolution: p.is_solution,
          score: p.score,
          hidden: p.hidden,
          createdAt: p.created_at ? iso(p.created_at) : now,
          givenCreatedAt: p.created_at,
        })),
      );
      const lastActivityAt = th.last_activity_at
        ? new Date(th.last_activity_at).toISOString()
        : [createdAt, ...replies.filter((r) => !r.hidden).map((r) => r.createdAt)].sort().pop()!;
      const values = {
        categoryId: categoryId(th.category),
        title: th.title,
        status: th.status,
        sticky: th.sticky,
        published: th.published,
        authorId: userId(th.author)!,
        body: th.body,
        bodyHtml: renderMarkdown(th.body),
        boardId: boardIdSql(th.board),
        documentId: th.document?.toUpperCase() ?? null,
        lastActivityAt,
      };
      const threadRow = db.insert(t.threads).values({ ...values, id, createdAt }).onConflictDoUpdate({ target: t.threads.id, set: withGivenTime(values, "createdAt", th.created_at), setWhere: ifChanged(t.threads, withGivenTime(values, "createdAt", th.created_at), th.last_activity_at ? [] : ["lastActivityAt"]) });
      // Each reply written while its thread is indexed re-indexes the whole thread (search triggers):
      // written before a new thread, they are indexed once, with it. That needs the thread's
      // statements in one batch (foreign keys are checked at its end, DEFER_FOREIGN_KEYS), so only
      // threads small enough to be one batch go replies-first.
      const repliesFirst = replies.length + 4 <= ATOMIC_RECORD_STATEMENTS;
      if (!repliesFirst) s.push(threadRow);
      // Replies are updated in place (keeping their first import time when the file gives none); those gone from the file are removed.
      s.push(db.delete(t.threadReplies).where(sql`${t.threadReplies.threadId} = ${id} and ${t.threadReplies.id} not in (select value from json_each(${JSON.stringify(replies.map((r) => r.id))}))`));
      for (const { givenCreatedAt, createdAt: replyCreatedAt, ...r } of replies) {
        s.push(db.insert(t.threadReplies).values({ ...r, createdAt: replyCreatedAt }).onConflictDoUpdate({ target: t.threadReplies.id, set: withGivenTime(r, "createdAt", givenCreatedAt), setWhere: ifChanged(t.threadReplies, withGivenTime(r, "createdAt", givenCreatedAt)) }));
      }
      if (repliesFirst) {
        s.push(threadRow);
        atomic = true;
      }
      if (!th.last_activity_at) {
        // Derived from the stored times, which may be older than this import's defaults.
        s.push(
          db
            .update(t.threads)
            .set({ lastActivityAt: sql`(select max(at) from (select created_at as at from threads where id = ${id} union all select created_at from thread_replies where thread_id = ${id} and hidden = 0))` })
            // Only when it moves: an unchanged thread is not written again.
            .where(sql`${t.threads.id} = ${id} and ${t.threads.lastActivityAt} is not (select max(at) from (select created_at as at from threads where id = ${id} union all select created_at from thread_replies where thread_id = ${id} and hidden = 0))`),
        );
      }
      count("threads");
      count("replies", replies.length);
    },
    blog_posts: async (p) => {
      const id = p.id?.toUpperCase() ?? (await derivedId("post", `${p.author ?? ""}\n${p.title}`, p.published_at));
      const values = {
        title: p.title,
        excerpt: p.excerpt ?? "",
        authorId: userId(p.author),
        body: p.body,
        bodyHtml: renderMarkdown(p.body),
        likes: p.likes,
        readingMinutes: readingMinutes(p.body),
        publishedAt: p.published_at ? new Date(p.published_at).toISOString() : null,
        editedAt: p.edited_at ? new Date(p.edited_at).toISOString() : null,
      };
      s.push(db.insert(t.blogPosts).values({ ...values, id, createdAt: now }).onConflictDoUpdate({ target: t.blogPosts.id, set: values, setWhere: ifChanged(t.blogPosts, values) }));
      // Tags in place, written only when they differ; those gone from the file deleted.
      const tags = [...new Set(p.tags ?? [])];
      s.push(db.delete(t.blogPostTags).where(sql`${t.blogPostTags.postId} = ${id} and ${t.blogPostTags.tag} not in (select value from json_each(${JSON.stringify(tags)}))`));
      tags.forEach((tag, position) => {
        const row = { slug: slugify(tag), position };
        s.push(db.insert(t.blogPostTags).values({ ...row, postId: id, tag }).onConflictDoUpdate({ target: [t.blogPostTags.postId, t.blogPostTags.tag], set: row, setWhere: ifChanged(t.blogPostTags, row) }));
      });
      const usedIds = new Set((p.comments ?? []).flatMap((c) => (c.id === undefined ? [] : [c.id])));
      let nextId = 1;
      const commentIds: number[] = [];
      for (const c of p.comments ?? []) {
        let commentId = c.id;
        if (commentId === undefined) {
          while (usedIds.has(nextId)) nextId++;
          commentId = nextId++;
        }
        commentIds.push(commentId);
        const values = { authorId: userId(c.author)!, body: c.body, bodyHtml: renderMarkdown(c.body) };
        s.push(
          db
            .insert(t.blogComments)
            .values({ ...values, postId: id, id: commentId, createdAt: c.created_at ? iso(c.created_at) : now })
            .onConflictDoUpdate({ target: [t.blogComments.postId, t.blogComments.id], set: withGivenTime(values, "createdAt", c.created_at), setWhere: ifChanged(t.blogComments, withGivenTime(values, "createdAt", c.created_at)) }),
        );
      }
      // Comments gone from the file are removed; the others were updated in place above.
      s.push(db.delete(t.blogComments).where(sql`${t.blogComments.postId} = ${id} and ${t.blogComments.id} not in (select value from json_each(${JSON.stringify(commentIds)}))`));
      count("blog_posts");
    },
    cases: async (c) => {
      const id = c.id?.toUpperCase() ?? (await derivedId("case", `${c.author ?? ""}\n${c.title}`, c.published_at));
      const values = {
        title: c.title,
        outcome: c.outcome,
        symptom: c.symptom,
        deviceModel: c.device_model ?? null,
        boardId: boardIdSql(c.board),
        boardRevision: c.board_revision ?? null,
        manufacturerId: manufacturerId(c.manufacturer),
        authorId: userId(c.author),
        published: c.published,
        publishedAt: c.published_at ? new Date(c.published_at).toISOString() : null,
        editedAt: c.edited_at ? new Date(c.edited_at).toISOString() : null,
        diagnosis: c.diagnosis,
        diagnosisHtml: renderMarkdown(c.diagnosis),
        fix: c.fix ?? null,
        fixHtml: c.fix == null ? null : renderMarkdown(c.fix),
        minutesSpent: c.minutes_spent ?? null,
        threadId: c.thread?.toUpperCase() ?? null,
      };
      s.push(db.insert(t.repairCases).values({ ...values, id, createdAt: now }).onConflictDoUpdate({ target: t.repairCases.id, set: values, setWhere: ifChanged(t.repairCases, values) }));
      // Children in place, written only when they differ (each write re-indexes the case); the rest deleted.
      const measurements = c.measurements ?? [];
      const components = c.components ?? [];
      const documentIds = [...new Set((c.documents ?? []).map((d) => d.toUpperCase()))];
      s.push(
        db.delete(t.caseMeasurements).where(sql`${t.caseMeasurements.caseId} = ${id} and ${t.caseMeasurements.position} >= ${measurements.length}`),
        db.delete(t.caseComponents).where(sql`${t.caseComponents.caseId} = ${id} and ${t.caseComponents.position} >= ${components.length}`),
        db.delete(t.caseDocuments).where(sql`${t.caseDocuments.caseId} = ${id} and ${t.caseDocuments.documentId} not in (select value from json_each(${JSON.stringify(documentIds)}))`),
      );
      measurements.forEach((m, position) => {
        const row = { point: m.point, expected: m.expected ?? null, measured: m.measured, note: m.note ?? null };
        s.push(db.insert(t.caseMeasurements).values({ ...row, caseId: id, position }).onConflictDoUpdate({ target: [t.caseMeasurements.caseId, t.caseMeasurements.position], set: row, setWhere: ifChanged(t.caseMeasurements, row) }));
      });
      components.forEach((m, position) => {
        const row = { designator: m.designator, partNumber: m.part_number ?? null, action: m.action, note: m.note ?? null };
        s.push(db.insert(t.caseComponents).values({ ...row, caseId: id, position }).onConflictDoUpdate({ target: [t.caseComponents.caseId, t.caseComponents.position], set: row, setWhere: ifChanged(t.caseComponents, row) }));
      });
      for (const [position, documentId] of documentIds.entries())
        s.push(db.insert(t.caseDocuments).values({ caseId: id, documentId, position }).onConflictDoUpdate({ target: [t.caseDocuments.caseId, t.caseDocuments.documentId], set: { position }, setWhere: ifChanged(t.caseDocuments, { position }) }));
      count("cases");
    },
  };
  await (planners[section] as (item: Item<S>) => Promise<void> | void)(record);
  return { statements: s, objects, counts, atomic };
}

/** A whole validated file's plan, in write order (the remote SQL-script test renders it). */
export async function buildImportPlan(db: Db, file: ImportFile, now: string): Promise<ImportPlan> {
  const plan: ImportPlan = { statements: [], objects: [], counts: {} };
  for (const section of WRITE_ORDER) {
    const items = (file[section] ?? []) as Item<typeof section>[];
    for (let i = 0; i < items.length; i++) {
      const part = await planRecord(db, section, items[i], i, now);
      plan.statements.push(...part.statements);
      plan.objects.push(...part.objects);
      for (const [k, n] of Object.entries(part.counts)) plan.counts[k] = (plan.counts[k] ?? 0) + n;
    }
  }
  return plan;
}

/** Tables in an order that respects foreign keys when emptied. */
export const CONTENT_TABLES = [
  "case_documents", "case_components", "case_measurements", "repair_cases",
  "blog_comments", "blog_post_tags", "blog_posts",
  "thread_replies", "threads",
  "uploads", "document_pages", "document_shares", "document_boards", "document_versions", "documents",
  "categories", "board_aliases", "boards", "manufacturers", "api_keys", "users",
] as const;

/** SQL that empties every content table; runs in the same batch as the import when resetting. */
export const RESET_SQL: readonly string[] = CONTENT_TABLES.map((table) => `delete from ${table}`);

export function resetStatements(d1: D1Database): D1PreparedStatement[] {
  return RESET_SQL.map((text) => d1.prepare(text));
}
