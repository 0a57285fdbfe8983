// The scheduled sweep (a Cron Trigger, wrangler.toml [triggers]): no upload stays `processing` for ever.
// A document untouched for STUCK_AFTER_MS has lost its queue message; it is sent again, at most
// MAX_RECOVERIES times, then rejected with a reason its uploader sees on GET /uploads/{externalId}.
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { documents } from "../db/schema";
import { GAVE_UP_REASON, MAX_RECOVERIES, STUCK_AFTER_MS, SWEEP_BATCH } from "./attempts";
import { rejectDocument } from "./consumer";
import { sendProcessingJob } from "./jobs";

export interface SweepResult {
  requeued: string[];
  rejected: string[];
}

export async function sweepStuckUploads(env: Env, now = new Date()): Promise<SweepResult> {
  const db = getDb(env);
  const cutoff = new Date(now.getTime() - STUCK_AFTER_MS).toISOString();
  // The partial index documents_processing_idx keeps this read to processing rows only.
  const stuck = await db
    .select({ id: documents.id, version: documents.currentVersion, recoveries: documents.recoveries, updatedAt: documents.updatedAt })
    .from(documents)
    .where(and(eq(documents.status, "processing"), lt(documents.updatedAt, cutoff)))
    .orderBy(documents.updatedAt)
    .limit(SWEEP_BATCH);

  const result: SweepResult = { requeued: [], rejected: [] };
  for (const doc of stuck) {
    try {
      if (doc.recoveries >= MAX_RECOVERIES) {
        console.warn("upload gave up after recoveries", { documentId: doc.id, recoveries: doc.recoveries });
        await rejectDocument(env, doc.id, GAVE_UP_REASON);
        result.rejected.push(doc.id);
        continue;
      }
      // Claim the recovery first (only if no other sweep or delivery touched the row meanwhile), then send.
      const claimed = await db
        .update(documents)
        .set({ recoveries: sql`${documents.recoveries} + 1`, updatedAt: now.toISOString() })
        .where(and(eq(documents.id, doc.id), eq(documents.status, "processing"), eq(documents.updatedAt, doc.updatedAt)))
        .returning({ id: documents.id });
      if (!claimed.length) continue;
      await sendProcessingJob(env, { documentId: doc.id, version: doc.version });
      result.requeued.push(doc.id);
    } catch (err) {
      // One failure never stops the sweep; the document is picked up again next time.
      console.error("sweep could not recover upload", doc.id, err);
    }
  }
  if (stuck.length) console.log("upload sweep", { requeued: result.requeued.length, rejected: result.rejected.length });
  return result;
}
