// A request-rate counter's first call through this isolate in a window is admitted before its object is asked:
// a reader who arrives once (from a search engine, say) then costs no Durable Object request of their own. The
// call is counted all the same: it waits in this isolate under an id, goes with every take of the counter from
// here until the object has it (the object records an id once, whichever take arrives first), and otherwise
// reaches the object in one call for every waiting counter of its shard (FLUSH_DELAY_MS later, in the background
// of the request that admitted it). Within one isolate the counter stays exact; across isolates a caller can pass
// at most one call more per isolate per window than its limit (docs/limits.md).
import { IsolateCache } from "../core/isolate-cache";
import { type CounterName, limiterObject, objectNameOf } from "./counters";
import type { AdmittedCall, LimitDecision, LimitRule } from "./window";

/** How long admitted calls wait for company before they are sent to their shard object. */
const FLUSH_DELAY_MS = 50;
/** A flush not finished after this long is taken as lost (its request ended): the next admission sends again. */
const FLUSH_STALE_MS = 5000;
/** Rounds of one flush at most: calls admitted while one round is sent go in the next. */
const FLUSH_ROUNDS = 20;
const MAX_COUNTERS = 10_000;

/** Counters this isolate has called within their window: their next call is asked of the object as usual. */
const seen = new IsolateCache<CounterName, number>({ maxEntries: MAX_COUNTERS, expired: (untilMs, nowMs) => untilMs <= nowMs });

interface Waiting {
  rule: LimitRule;
  calls: AdmittedCall[];
}
/** Admitted calls the object has not confirmed, per shard object, per counter. */
const waiting = new Map<string, Map<CounterName, Waiting>>();
/** Shard objects with a flush under way, since when. */
const flushing = new Map<string, number>();

const newCallId = () => Math.floor(Math.random() * 2 ** 52);

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
  let counters = waiting.get(shard);
  if (!counters) waiting.set(shard, (counters = new Map()));
  const entry = counters.get(name);
  const call: AdmittedCall = [newCallId(), nowMs];
  if (entry) entry.calls.push(call);
  else counters.set(name, { rule, calls: [call] });
  const since = flushing.get(shard);
  if (since === undefined || nowMs - since > FLUSH_STALE_MS) {
    flushing.set(shard, nowMs);
    defer(flush(env, name, shard));
  }
  return { allowed: true, limit: rule.limit, remaining: rule.limit - 1, resetSeconds: rule.windowSeconds, retryAfterSeconds: 0 };
}

/** The calls of this counter admitted here and not confirmed yet: every take carries them. */
export function admittedCalls(name: CounterName): AdmittedCall[] | undefined {
  const calls = waiting.get(objectNameOf(name))?.get(name)?.calls;
  return calls?.length ? [...calls] : undefined;
}

/** The object has these calls: they need not go again. */
export function confirmAdmitted(name: CounterName, sent: readonly AdmittedCall[] | undefined): void {
  if (!sent?.length) return;
  const counters = waiting.get(objectNameOf(name));
  const entry = counters?.get(name);
  if (!entry) return;
  const ids = new Set(sent.map(([id]) => id));
  entry.calls = entry.calls.filter(([id]) => !ids.has(id));
  if (!entry.calls.length) counters?.delete(name);
}

async function flush(env: Env, name: CounterName, shard: string): Promise<void> {
  try {
    for (let round = 0; round < FLUSH_ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, FLUSH_DELAY_MS));
      const counters = waiting.get(shard);
      if (!counters?.size) return;
      const entries = [...counters].map(([subject, { rule, calls }]) => ({ subject, rule, calls: [...calls] }));
      // Any counter of the shard names its object; a failure forgives these calls (never refuses one wrongly).
      await limiterObject(env, name).record(entries);
      for (const e of entries) confirmAdmitted(e.subject as CounterName, e.calls);
    }
  } catch (error) {
    console.error("limits: admitted calls not recorded", error instanceof Error ? error.message : error);
    waiting.delete(shard);
  } finally {
    flushing.delete(shard);
  }
}
