// Leases of a request-rate counter: a few slots reserved for an isolate that admits its caller's next calls itself
// for up to LEASE_MS, exact because reserved slots count until reported (docs/limits.md, "Remaining").
import { counter, type CounterName } from "./counters";
import { admitFirstCall, admittedCalls, confirmAdmitted } from "./first-call";
import { IsolateCache } from "../core/isolate-cache";
import { LEASE_MS, type LeaseGrant, type LeaseReport, type LimitDecision, type LimitRule } from "./limiter";

/** Slots asked for at most: enough to skip most round trips of a busy caller, little to hold if unused. */
const MAX_SLOTS = 32;
/** Counters this isolate keeps leases, answers and demand of, at most each. */
const MAX_COUNTERS = 10_000;

interface Lease {
  rule: LimitRule;
  grant: LeaseGrant;
  /** Slots not used yet. */
  left: number;
  /** The order of the object's answer that granted it: answers from then on count its slots as used. */
  grantSeq: number;
  /** Calls admitted, per second: second → [calls, newest time]. */
  used: Map<number, [number, number]>;
}

const leases = new IsolateCache<CounterName, Lease>({ maxEntries: MAX_COUNTERS });
/** Counters with a take in flight that asked for a lease: one lease request at a time per counter. */
const asking = new Set<CounterName>();
/** The newest answer of the object per counter: its order and what it said remains (reservations counted as used). */
const views = new IsolateCache<CounterName, { seq: number; remaining: number; untilMs: number }>({
  maxEntries: MAX_COUNTERS,
  expired: (v, nowMs) => v.untilMs <= nowMs,
});
/** Calls of this isolate at the object per counter, not answered yet. */
const inFlight = new Map<CounterName, number>();
/** Calls seen per counter in the current and the previous second: how many slots a lease should hold. */
const demand = new IsolateCache<CounterName, { second: number; current: number; previous: number }>({
  maxEntries: MAX_COUNTERS,
  expired: (d, nowMs) => d.second < Math.floor(nowMs / 1000) - 1,
});

function noteDemand(name: CounterName, nowMs: number): number {
  const second = Math.floor(nowMs / 1000);
  const seen = demand.get(name);
  const next =
    !seen || seen.second < second - 1
      ? { second, current: 1, previous: 0 }
      : seen.second === second
        ? { ...seen, current: seen.current + 1 }
        : { second, current: 1, previous: seen.current };
  demand.set(name, next, nowMs);
  return next.current + next.previous;
}

function usable(lease: Lease | undefined, rule: LimitRule, nowMs: number): lease is Lease {
  return lease !== undefined && lease.rule.limit === rule.limit && lease.rule.windowSeconds === rule.windowSeconds && nowMs < lease.grant.untilMs;
}

/** Keeps the object's answer when it is the newest this isolate has for the counter (answers may come back out of order). */
function noteView(name: CounterName, decision: LimitDecision, nowMs: number): void {
  if (decision.seq === undefined) return;
  const view = views.get(name);
  if (view && view.seq > decision.seq && nowMs < view.untilMs) return;
  views.set(name, { seq: decision.seq, remaining: decision.remaining, untilMs: nowMs + LEASE_MS }, nowMs);
}

/**
 * What remains for the caller as far as this isolate can tell (see the top of this file); `fallback` (the
 * object's own figure) when it has no answer of the object with an order. `local`: for a call admitted from the lease.
 */
function told(name: CounterName, rule: LimitRule, nowMs: number, fallback: number, local: boolean): number {
  const view = views.get(name);
  if (!view) return fallback;
  const lease = leases.get(name);
  const own = usable(lease, rule, nowMs) && lease.grantSeq <= view.seq ? lease.left : 0;
  return Math.max(0, view.remaining + own - (local ? (inFlight.get(name) ?? 0) : 0));
}

/** A call admitted from this isolate's lease, when it holds one with room: counted there, at `nowMs`. */
function admitLocally(name: CounterName, rule: LimitRule, nowMs: number, cost: number): LimitDecision | undefined {
  const lease = leases.get(name);
  if (!usable(lease, rule, nowMs) || lease.left < cost) return undefined;
  lease.left -= cost;
  const second = Math.floor(nowMs / 1000);
  const [calls, newest] = lease.used.get(second) ?? [0, 0];
  lease.used.set(second, [calls + cost, Math.max(newest, nowMs)]);
  // This call is the newest counted: the window is entirely free again one window from now.
  return {
    allowed: true,
    limit: rule.limit,
    remaining: told(name, rule, nowMs, lease.left, true),
    resetSeconds: rule.windowSeconds,
    retryAfterSeconds: 0,
  };
}

function reportOf(lease: Lease): LeaseReport {
  return { reservation: lease.grant.reservation, used: [...lease.used].map(([second, [calls, newest]]) => [second, calls, newest]) };
}

/**
 * Takes `cost` from a request-rate counter: from this isolate's lease when it has room, else from the counter,
 * asking for a lease when the caller is busy and reporting the previous one.
 */
export async function takeRate(
  env: Env,
  name: CounterName,
  rule: LimitRule,
  nowMs: number,
  cost: number,
  defer?: (work: Promise<unknown>) => void,
): Promise<LimitDecision> {
  const seen = noteDemand(name, nowMs);
  const local = admitLocally(name, rule, nowMs, cost);
  if (local) return local;
  const first = admitFirstCall(env, name, rule, nowMs, cost === 1 ? defer : undefined);
  if (first) return first;
  const previous = leases.get(name);
  const ask = !asking.has(name);
  if (ask) {
    asking.add(name);
    if (previous) leases.delete(name);
  }
  try {
    const reserve = ask && seen > 1 ? Math.min(MAX_SLOTS, seen) : 0;
    const report = ask && previous ? reportOf(previous) : undefined;
    inFlight.set(name, (inFlight.get(name) ?? 0) + 1);
    let decision: LimitDecision;
    try {
      const admitted = admittedCalls(name);
      decision = await counter(env, name).take(rule, nowMs, cost, ask ? { reserve, report } : undefined, admitted);
      confirmAdmitted(name, admitted);
    } finally {
      const left = (inFlight.get(name) ?? 1) - 1;
      if (left > 0) inFlight.set(name, left);
      else inFlight.delete(name);
    }
    noteView(name, decision, nowMs);
    if (decision.lease) {
      leases.set(name, { rule, grant: decision.lease, left: decision.lease.slots, grantSeq: decision.seq ?? 0, used: new Map() });
    }
    const { lease: _granted, seq: _seq, ...answer } = decision;
    if (!answer.allowed) return admitLocally(name, rule, nowMs, cost) ?? answer;
    // This call is told its own answer (plus this isolate's unused slots that answer counted as reserved: they are
    // still the caller's), not the newest answer this isolate has: answers of a burst can come back out of order, and
    // two calls the object decided one after the other must not both be told the lower figure.
    const held = leases.get(name);
    const ownSlots = usable(held, rule, nowMs) && (decision.seq === undefined || held.grantSeq <= decision.seq) ? held.left : 0;
    return { ...answer, remaining: Math.max(0, answer.remaining + ownSlots) };
  } finally {
    if (ask) asking.delete(name);
  }
}
