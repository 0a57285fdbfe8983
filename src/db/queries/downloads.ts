// Data access of downloads: the document a download link is issued for (through the visibility rule),
// the download count, and the stored file a signed link points at.
import { and, eq, sql } from "drizzle-orm";
import { documentVisible } from "../visibility";
import type { Db } from "../client";
import { documents, documentVersions } from "../schema";
import type { QueryContext } from "./runtime";

export interface DownloadTarget {
  status: string;
  /** The current version, the one a new link points at. */
  version: number;
}

/** The document as the caller may see it, or undefined (not found and not visible are the same). */
export async function findDownloadTarget(ctx: QueryContext, id: string): Promise<DownloadTarget | undefined> {
  const [row] = await ctx.db
    .select({ status: documents.status, version: documents.currentVersion })
    .from(documents)
    .where(and(eq(documents.id, id), documentVisible(ctx.viewer)));
  return row;
}

/** One more download: counted once per issued link. */
export async function countDownload(db: Db, id: string): Promise<void> {
  await db
    .update(documents)
    .set({ downloads: sql`${documents.downloads} + 1` })
    .where(eq(documents.id, id));
}

export interface StoredFile {
  status: string;
  filename: string;
  contentType: string;
  sha256: string;
  r2Key: string;
}

/**
 * The file of one version, whoever asks: a valid signature is the permission. Undefined when the
 * document or the version no longer exists.
 */
export async function findStoredFile(db: Db, id: string, version: number): Promise<StoredFile | undefined> {
  const [row] = await db
    .select({
      status: documents.status,
      filename: documentVersions.filename,
      contentType: documentVersions.contentType,
      sha256: documentVersions.sha256,
      r2Key: documentVersions.r2Key,
    })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(and(eq(documentVersions.documentId, id), eq(documentVersions.version, version)));
  return row;
}
