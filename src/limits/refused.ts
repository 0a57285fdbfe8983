// The isolate's memory of refused subjects: once a rate counter has refused a caller, further calls until its
// Retry-After are answered 429 from here, without the Durable Object or the database. A caller that goes on
// after a 429 then costs nothing but this lookup. Per isolate, so another isolate may ask the counter once more;
// the counter stays the authority (it never counts a refused call, so forgetting early is harmless).
import type { CounterName } from "./counters";
import { IsolateCache } from "../core/isolate-cache";
import type { LimitDecision, LimitRule } from "./limiter";

interface Refusal {
  limit: number;
  /** Epoch ms at which the counter will allow a call again (its Retry-After). */
  retryAt: number;
  /** Epoch ms at which the counter's window is entirely free again (its RateLimit reset). */
  resetAt: number;
}

const refusals = new IsolateCache<CounterName, Refusal>({ maxEntries: 10_000, expired: (r, nowMs) => r.retryAt <= nowMs });

export function rememberRefusal(counter: CounterName, decision: LimitDecision, nowMs: number): void {
  if (decision.allowed || decision.retryAfterSeconds <= 0) return;
  const refusal = {
    limit: decision.limit,
    retryAt: nowMs + decision.retryAfterSeconds * 1000,
    resetAt: nowMs + Math.max(decision.resetSeconds, decision.retryAfterSeconds) * 1000,
  };
  refusals.set(counter, refusal, nowMs);
}

/** The refusal the counter gave for this rule, restated for `nowMs`, while it still holds; else undefined. */
export function rememberedRefusal(counter: CounterName, rule: LimitRule, nowMs: number): LimitDecision | undefined {
  const r = refusals.get(counter);
  if (!r) return undefined;
  // A changed limit (vars) or a passed Retry-After: the counter decides again.
  if (r.retryAt <= nowMs || r.limit !== rule.limit) {
    refusals.delete(counter);
    return undefined;
  }
  const seconds = (at: number) => Math.max(1, Math.ceil((at - nowMs) / 1000));
  return { allowed: false, limit: rule.limit, remaining: 0, resetSeconds: seconds(r.resetAt), retryAfterSeconds: seconds(r.retryAt) };
}
