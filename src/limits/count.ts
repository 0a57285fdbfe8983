// Counting a limit: every way returns the decision (allowed or refused, limit, remaining, reset, retry-after)
// with its policy and time, and never throws on a refusal; only a failure of the counter itself is thrown.
// What a refusal means to the caller is each surface's to say (http/rate-limit.ts, site/rate-limit.ts,
// mcp/rate-limit.ts, the upload route).
import { counter, refundEvent } from "./counters";
import type { AppliedLimit } from "./headers";
import { takeRate } from "./lease";
import type { LimitCheck } from "./policies";
import { rememberedRefusal, rememberRefusal } from "./refused";

export type { AppliedLimit } from "./headers";

const applied = (check: LimitCheck, decision: AppliedLimit["decision"], nowMs: number): AppliedLimit => ({
  policy: check.policy,
  rule: check.rule,
  decision,
  nowMs,
});

/** Counts `check.cost` events on the counter itself (no lease, no memory of refusals): caps, per-link counts. */
export async function countLimit(env: Env, check: LimitCheck, nowMs = Date.now()): Promise<AppliedLimit> {
  return applied(check, await counter(env, check.counter).take(check.rule, nowMs, check.cost), nowMs);
}

/** The refusal this isolate remembers for the check's counter while its Retry-After runs, else undefined. */
export function knownRefusal(check: LimitCheck, nowMs = Date.now()): AppliedLimit | undefined {
  const remembered = rememberedRefusal(check.counter, check.rule, nowMs);
  return remembered && applied(check, remembered, nowMs);
}

/**
 * A request rate: a subject the isolate remembers as refused is refused at once; otherwise it is counted (from
 * this isolate's lease of the counter when it holds one, lease.ts; a first call admitted here when `defer` can
 * send it later, first-call.ts). A refusal of one event is remembered until
 * its Retry-After; one of several (an MCP batch) is not, since fewer might still pass.
 */
export async function countRate(env: Env, check: LimitCheck, nowMs = Date.now(), defer?: (work: Promise<unknown>) => void): Promise<AppliedLimit> {
  const known = knownRefusal(check, nowMs);
  if (known) return known;
  const decision = await takeRate(env, check.counter, check.rule, nowMs, check.cost, defer);
  if (!decision.allowed && check.cost === 1) rememberRefusal(check.counter, decision, nowMs);
  return applied(check, decision, nowMs);
}

/** Gives back the event a count took, for work that did not happen (a cap's refundable count). */
export async function refundLimit(env: Env, check: LimitCheck, counted: AppliedLimit): Promise<void> {
  await refundEvent(env, check.counter, counted.decision);
}
