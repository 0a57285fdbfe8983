// The per-account upload rate (UPLOADS_PER_HOUR) on the Limiter Durable Object. Only uploads that
// create a document count: a replay never takes, and a refused upload gives its count back.
import type { LimitDecision } from "../limits/limiter";
import { counter } from "../limits/counters";
import { ApiError } from "../http/problem";

const WINDOW_SECONDS = 3600;

function uploadCounter(env: Env, userId: number) {
  return counter(env, `uploads:user:${userId}`);
}

/** The IETF RateLimit fields and the X-RateLimit-* trio for the upload policy. */
function rateHeaders(decision: LimitDecision): Record<string, string> {
  return {
    "RateLimit-Policy": `"uploads";q=${decision.limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"uploads";r=${decision.remaining};t=${decision.resetSeconds}`,
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(decision.resetSeconds),
  };
}

/** Counts one upload, or throws 429 upload-rate-exceeded with Retry-After. */
export async function takeUpload(env: Env, userId: number, uploadsPerHour: number): Promise<void> {
  const decision = await uploadCounter(env, userId).take({ limit: uploadsPerHour, windowSeconds: WINDOW_SECONDS }, Date.now());
  if (!decision.allowed) {
    throw new ApiError("upload-rate-exceeded", `This account may upload ${uploadsPerHour} files per hour. Retry after ${decision.retryAfterSeconds} seconds.`, {
      headers: { "Retry-After": String(decision.retryAfterSeconds), ...rateHeaders(decision) },
    });
  }
}

/** Gives back the count of an upload that was refused after it was counted. Never throws. */
export async function refundUpload(env: Env, userId: number): Promise<void> {
  try {
    await uploadCounter(env, userId).refund(1);
  } catch (err) {
    console.error("could not refund upload count", userId, err);
  }
}
