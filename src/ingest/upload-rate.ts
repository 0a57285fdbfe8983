// The per-account upload rate (UPLOADS_PER_HOUR, src/limits/policies.ts) on the Limiter Durable Object. Only
// uploads that create a document count: a replay never takes, and a refused upload gives its count back.
import { refundLimit, type AppliedLimit } from "../limits/count";
import { uploadLimit } from "../limits/policies";

/** Gives back the count of an upload that was refused after it was counted. Never throws. */
export async function refundUpload(env: Env, userId: number, counted: AppliedLimit): Promise<void> {
  try {
    await refundLimit(env, uploadLimit(userId, counted.rule.limit), counted);
  } catch (err) {
    console.error("could not refund upload count", userId, err);
  }
}
