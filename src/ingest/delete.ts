// Deleting a document for good (an owner's or an operator's request): its page text leaves its text shard
// first (so a failure never leaves text without a document; retrying the delete finishes it), then its rows
// go in one D1 batch (versions, boards, shares and any text from before the shards cascade; the text generation
// raised when it had text), the upload that
// created it is marked `deleted` so its external id answers 410 from then on, and its files leave R2.
import { eq, sql } from "drizzle-orm";
import { deleteBoardviewStatements } from "../boardview/rows";
import { getDb } from "../db/client";
import { documents, documentVersions, uploads } from "../db/schema";
import type { TextShard } from "../text/shards";
import { deleteDocumentText } from "../text/store";
import { RAISE_TEXT_GENERATION } from "../text/generation";

/** Where a document lives: the Worker's bindings, or what an operator's command reaches (D1 and R2). */
export interface DocumentStores {
  DB: D1Database;
  FILES: Pick<R2Bucket, "delete">;
  /** The text databases (src/text/shards.ts). */
  shards: readonly TextShard[];
}

/** Returns false when there was no such document. */
export async function deleteDocument(env: DocumentStores, documentId: string, now = new Date()): Promise<boolean> {
  const db = getDb(env);
  const versions = await db.select({ key: documentVersions.r2Key }).from(documentVersions).where(eq(documentVersions.documentId, documentId));
  const [doc] = await db.select({ textShard: documents.textShard }).from(documents).where(eq(documents.id, documentId));
  if (doc) await deleteDocumentText(env.shards, documentId, doc.textShard, deleteBoardviewStatements(documentId));
  const markUpload = db
    .update(uploads)
    .set({ state: "deleted", documentId: null, updatedAt: now.toISOString() })
    .where(eq(uploads.documentId, documentId));
  const removeRow = db.delete(documents).where(eq(documents.id, documentId)).returning({ id: documents.id });
  // Its text has left its text database: what searches kept of that database's answers is stale.
  const [, deleted] = doc?.textShard
    ? await db.batch([markUpload, removeRow, db.run(sql.raw(RAISE_TEXT_GENERATION))])
    : await db.batch([markUpload, removeRow]);
  // Rows first: once they are gone nothing points at the files, so a failure here only leaves orphans.
  if (versions.length) {
    try {
      await env.FILES.delete(versions.map((v) => v.key));
    } catch (err) {
      console.error("document deleted but its files were not", documentId, err);
    }
  }
  return deleted.length > 0;
}
