// A request-rate counter's first call through this isolate in a window is admitted before its object is asked:
// a reader who arrives once (from a search engine, say) then costs no Durable Object request of their own. The
// call is counted all the same: its time waits in this isolate and reaches the object with the counter's next
// take here, or in one call for every waiting counter of that shard object (FLUSH_DELAY_MS later, in the
// background of the request that admitted it). Within one isolate the counter stays exact; across isolates a
// caller can pass at most one call more per isolate per window than its limit (docs/limits.md).
import { IsolateCache } from "../core/isolate-cache";
import { type CounterName, limiterObject, objectNameOf } from "./counters";
import type { LimitDecision, LimitRule } from "./window";

/** How long admitted calls wait for company before they are sent to their shard object. */
const FLUSH_DELAY_MS = 50;
/** A flush not finished after this long is taken as lost (its request ended): the next admission sends again. */
const FLUSH_STALE_MS = 5000;
const MAX_COUNTERS = 10_000;

/** Counters this isolate has called within their window: their next call is asked of the object as usual. */
const seen = new IsolateCache<CounterName, number>({ maxEntries: MAX_COUNTERS, expired: (untilMs, nowMs) => untilMs <= nowMs });

interface Waiting {
  rule: LimitRule;
  times: number[];
}
/** Admitted calls not sent yet, per shard object, per counter. */
const waiting = new Map<string, Map<CounterName, Waiting>>();
/** Shard objects with a flush under way, since when. */
const flushing = new Map<string, number>();

/**
 * Notes a call of the counter; admits it here (a decision) when this isolate has not seen the counter within its
 * window, else undefined (ask the object). `defer` runs the flush in the request's background.
 */
export function admitFirstCall(
  env: Env,
  name: CounterName,
  rule: LimitRule,
  nowMs: number,
  defer: ((work: Promise<unknown>) => void) | undefined,
): LimitDecision | undefined {
  const known = seen.get(name, nowMs) !== undefined;
  seen.set(name, nowMs + rule.windowSeconds * 1000, nowMs);
  if (known || !defer || rule.limit < 2) return undefined;
  const shard = objectNameOf(name);
  let calls = waiting.get(shard);
  if (!calls) waiting.set(shard, (calls = new Map()));
  const entry = calls.get(name);
  if (entry) entry.times.push(nowMs);
  else calls.set(name, { rule, times: [nowMs] });
  const since = flushing.get(shard);
  if (since === undefined || nowMs - since > FLUSH_STALE_MS) {
    flushing.set(shard, nowMs);
    defer(flush(env, name, shard));
  }
  return { allowed: true, limit: rule.limit, remaining: rule.limit - 1, resetSeconds: rule.windowSeconds, retryAfterSeconds: 0 };
}

/** The calls of this counter admitted here and not sent yet, taken out to go with its take. */
export function takeAdmitted(name: CounterName): number[] | undefined {
  const calls = waiting.get(objectNameOf(name));
  const entry = calls?.get(name);
  if (!entry) return undefined;
  calls?.delete(name);
  return entry.times;
}

/** Rounds of one flush at most: calls admitted while one round is sent go in the next. */
const FLUSH_ROUNDS = 20;

async function flush(env: Env, name: CounterName, shard: string): Promise<void> {
  try {
    for (let round = 0; round < FLUSH_ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, FLUSH_DELAY_MS));
      const calls = waiting.get(shard);
      waiting.delete(shard);
      if (!calls?.size) return;
      const entries = [...calls].map(([subject, { rule, times }]) => ({ subject, rule, times }));
      // Any counter of the shard names its object; a failure forgives these calls (never refuses one wrongly).
      await limiterObject(env, name).record(entries);
    }
  } catch (error) {
    console.error("limits: admitted calls not recorded", error instanceof Error ? error.message : error);
  } finally {
    flushing.delete(shard);
  }
}
