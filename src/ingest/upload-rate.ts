// The per-account upload rate (UPLOADS_PER_HOUR) on the Limiter Durable Object. Only uploads that
// create a document count: a replay never takes, and a refused upload gives its count back.
import { refundEvent } from "../limits/counters";
import type { AppliedLimit } from "../limits/headers";
import type { LimitCheck } from "../http/rate-limit";

/** The upload-rate check, counted through enforceLimit so its headers join the request's other limits. */
export function uploadRateCheck(userId: number, uploadsPerHour: number): LimitCheck {
  return {
    policy: "uploads",
    counter: `uploads:user:${userId}`,
    rule: { limit: uploadsPerHour, windowSeconds: 3600 },
    code: "upload-rate-exceeded",
    detail: (d) => `This account may upload ${uploadsPerHour} files per hour. Retry after ${d.retryAfterSeconds} seconds.`,
  };
}

/** Gives back the count of an upload that was refused after it was counted. Never throws. */
export async function refundUpload(env: Env, userId: number, counted: AppliedLimit): Promise<void> {
  try {
    await refundEvent(env, `uploads:user:${userId}`, counted.decision);
  } catch (err) {
    console.error("could not refund upload count", userId, err);
  }
}
