// An upload's hold on its account's storage quota (src/limits/quota.ts): reserved before the first
// byte of the file is stored, released once the document's rows count the bytes or the upload failed.
import type { AppConfig } from "../config";

function ledger(env: Env, userId: number) {
  return env.QUOTA.get(env.QUOTA.idFromName(`user:${userId}`));
}

export interface QuotaHold {
  /** Most bytes the file may have (Infinity without a quota). */
  readonly bytes: number;
  /** Gives the reservation back. Never throws; safe to call twice. */
  release(): Promise<void>;
}

const UNLIMITED: QuotaHold = { bytes: Infinity, release: async () => {} };

/**
 * Reserves up to `wanted` bytes of the account's quota for this upload. `wanted` is the request's
 * Content-Length when sent (the file is smaller than its body), else the format's cap.
 */
export async function holdQuota(env: Env, config: AppConfig, userId: number, reservationId: string, wanted: number): Promise<QuotaHold> {
  if (config.quotaBytes === 0) return UNLIMITED;
  const stub = ledger(env, userId);
  const { granted } = await stub.reserve({ userId, reservationId, wanted, quotaBytes: config.quotaBytes, nowMs: Date.now() });
  let released = false;
  return {
    bytes: granted,
    async release() {
      if (released) return;
      released = true;
      try {
        await stub.release(reservationId);
      } catch (err) {
        // It expires on its own (RESERVATION_TTL_MS); until then it only errs towards refusing.
        console.error("could not release quota reservation", { userId, reservationId }, err);
      }
    },
  };
}
