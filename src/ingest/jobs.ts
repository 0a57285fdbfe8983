// The message that hands a new document to the queue consumer.
import { ID_PATTERN } from "../http/ids";

export interface ProcessJob {
  documentId: string;
  version: number;
}

export function isProcessJob(body: unknown): body is ProcessJob {
  if (typeof body !== "object" || body === null) return false;
  const job = body as Record<string, unknown>;
  return typeof job.documentId === "string" && ID_PATTERN.test(job.documentId) && Number.isSafeInteger(job.version) && (job.version as number) >= 1;
}

/**
 * Sends the job; one retry for a transient failure. If both fail the document stays `processing`
 * and the error is logged (the upload itself has succeeded and is not undone).
 */
export async function enqueueProcessing(env: Env, job: ProcessJob): Promise<void> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      await env.UPLOADS_QUEUE.send(job, { contentType: "json" });
      return;
    } catch (err) {
      if (attempt === 2) console.error("could not enqueue document processing", job, err);
    }
  }
}
