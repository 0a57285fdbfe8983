// The message that hands a new document to the queue consumer.
import { ID_PATTERN } from "../core/ids";

export interface ProcessJob {
  documentId: string;
  version: number;
}

export function isProcessJob(body: unknown): body is ProcessJob {
  if (typeof body !== "object" || body === null) return false;
  const job = body as Record<string, unknown>;
  return typeof job.documentId === "string" && ID_PATTERN.test(job.documentId) && Number.isSafeInteger(job.version) && (job.version as number) >= 1;
}

/** Sends attempted by POST /uploads before it gives up, and the pause between them. */
const SEND_ATTEMPTS = 3;
const SEND_PAUSE_MS = 100;

/** One send; throws what the queue throws. */
export async function sendProcessingJob(env: Env, job: ProcessJob): Promise<void> {
  await env.UPLOADS_QUEUE.send(job, { contentType: "json" });
}

/**
 * Sends the job, retrying a transient failure briefly (the uploader is waiting). Throws the last
 * error when every attempt failed: the caller undoes the upload rather than leave it stranded.
 */
export async function enqueueProcessing(env: Env, job: ProcessJob): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendProcessingJob(env, job);
    } catch (err) {
      console.error("could not enqueue document processing", { job, attempt }, err);
      if (attempt >= SEND_ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, SEND_PAUSE_MS * attempt));
    }
  }
}
