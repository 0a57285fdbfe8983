// Ingestion reads: the UploadStatus of an account's upload, and the bytes an account stores.
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { documentVisible } from "../visibility";
import { pageUrl } from "../../core/urls";
import { storedIn } from "../../core/messages/text";
import type { UploadStatusSchema } from "../../schemas/ingest";
import type { Db } from "../client";
import { documents, documentVersions, uploads } from "../schema";
import type { QueryContext } from "./runtime";

export type UploadStatus = z.infer<typeof UploadStatusSchema>;

const statusFields = {
  id: documents.id,
  title: documents.title,
  status: documents.status,
  visibility: documents.visibility,
  pageCount: documents.pageCount,
  statusReason: documents.statusReason,
  sha256: documentVersions.sha256,
  sizeBytes: documentVersions.sizeBytes,
};

type StatusRow = {
  id: string | null;
  title: string | null;
  status: string | null;
  visibility: string | null;
  pageCount: number | null;
  statusReason: string | null;
  sha256: string | null;
  sizeBytes: number | null;
};

function toUploadStatus(row: StatusRow, ctx: QueryContext): UploadStatus | undefined {
  if (!row.id || !row.title) return undefined;
  return {
    id: row.id,
    title: row.title,
    status: row.status as UploadStatus["status"],
    visibility: row.visibility as UploadStatus["visibility"],
    sha256: row.sha256,
    size_bytes: row.sizeBytes,
    page_count: row.pageCount,
    url: pageUrl(ctx.urls, "document", row.id, row.title),
    status_reason: row.status === "rejected" || row.status === "available" ? storedIn(row.statusReason, ctx.urls.lang) : null,
  };
}

/** The UploadStatus of a document the caller may see (its owner sees it in every status). */
export async function uploadStatusOfDocument(ctx: QueryContext, documentId: string): Promise<UploadStatus | undefined> {
  const [row] = await ctx.db
    .select(statusFields)
    .from(documents)
    .leftJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, documents.currentVersion)))
    .where(and(eq(documents.id, documentId), documentVisible(ctx.viewer)));
  return row ? toUploadStatus(row, ctx) : undefined;
}

export type UploadLookup = { kind: "found"; data: UploadStatus } | { kind: "gone" } | { kind: "missing" };

/**
 * An upload of this account by its external id: found, gone (its document was deleted) or missing.
 * One statement: the upload row with its document, when the caller may see it.
 */
export async function findUpload(ctx: QueryContext, userId: number, externalId: string): Promise<UploadLookup> {
  const [row] = await ctx.db
    .select({ state: uploads.state, documentId: uploads.documentId, ...statusFields })
    .from(uploads)
    .leftJoin(documents, and(eq(documents.id, uploads.documentId), documentVisible(ctx.viewer)))
    .leftJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, documents.currentVersion)))
    .where(and(eq(uploads.userId, userId), eq(uploads.externalId, externalId)));
  if (!row) return { kind: "missing" };
  if (row.state === "deleted") return { kind: "gone" };
  // Still being received: nothing to show yet.
  if (row.state !== "done" || !row.documentId) return { kind: "missing" };
  const data = toUploadStatus(row, ctx);
  // A done upload whose document row is missing was deleted outside deleteDocument: still gone.
  return data ? { kind: "found", data } : { kind: "gone" };
}

/**
 * Bytes stored for an account: every version of its documents, except rejected ones (the queue
 * consumer deletes the file of a rejected upload).
 */
export async function usedBytes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${documentVersions.sizeBytes}), 0)` })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(and(eq(documents.ownerId, userId), ne(documents.status, "rejected")));
  return Number(row?.used ?? 0);
}
