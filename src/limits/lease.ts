// Leases of a request-rate counter: a caller making several calls a second through one isolate gets a few slots
// of its limit reserved for that isolate (Limiter.take), which then admits its next calls itself for up to
// LEASE_MS, without a Durable Object round trip. The counter stays exact: reserved slots count against the limit
// until the isolate reports the calls it admitted (with its next take, at their own times); unreported, they
// count as used at the lease's end. A caller who calls once in a while never gets a lease.
import { counter, type CounterName } from "./counters";
import { setBounded } from "./isolate-map";
import type { LeaseGrant, LeaseReport, LimitDecision, LimitRule } from "./limiter";

/** Slots asked for at most: enough to skip most round trips of a busy caller, little to hold if unused. */
const MAX_SLOTS = 32;

interface Lease {
  rule: LimitRule;
  grant: LeaseGrant;
  /** Slots not used yet. */
  left: number;
  /** What the rest of the world had left when the lease was granted. */
  othersRemaining: number;
  /** Calls admitted, per second: second → [calls, newest time]. */
  used: Map<number, [number, number]>;
}

const leases = new Map<CounterName, Lease>();
/** Counters with a take in flight that asked for a lease: one lease request at a time per counter. */
const asking = new Set<CounterName>();
/** Calls seen per counter in the current and the previous second: how many slots a lease should hold. */
const demand = new Map<CounterName, { second: number; current: number; previous: number }>();

function noteDemand(name: CounterName, nowMs: number): number {
  const second = Math.floor(nowMs / 1000);
  const seen = demand.get(name);
  const next = !seen || seen.second < second - 1 ? { second, current: 1, previous: 0 } : seen.second === second ? { ...seen, current: seen.current + 1 } : { second, current: 1, previous: seen.current };
  setBounded(demand, name, next, (d) => d.second < second - 1);
  return next.current + next.previous;
}

function usable(lease: Lease | undefined, rule: LimitRule, nowMs: number): lease is Lease {
  return lease !== undefined && lease.rule.limit === rule.limit && lease.rule.windowSeconds === rule.windowSeconds && nowMs < lease.grant.untilMs;
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
  return { allowed: true, limit: rule.limit, remaining: lease.othersRemaining + lease.left, resetSeconds: rule.windowSeconds, retryAfterSeconds: 0 };
}

function reportOf(lease: Lease): LeaseReport {
  return { reservation: lease.grant.reservation, used: [...lease.used].map(([second, [calls, newest]]) => [second, calls, newest]) };
}

/**
 * Takes `cost` from a request-rate counter: from this isolate's lease when it has room, else from the counter,
 * asking for a lease when the caller is busy and reporting the previous one.
 */
export async function takeRate(env: Env, name: CounterName, rule: LimitRule, nowMs: number, cost: number): Promise<LimitDecision> {
  const seen = noteDemand(name, nowMs);
  const local = admitLocally(name, rule, nowMs, cost);
  if (local) return local;
  const previous = leases.get(name);
  const ask = !asking.has(name);
  if (ask) {
    asking.add(name);
    if (previous) leases.delete(name);
  }
  try {
    const reserve = ask && seen > 1 ? Math.min(MAX_SLOTS, seen) : 0;
    const report = ask && previous ? reportOf(previous) : undefined;
    const decision = await counter(env, name).take(rule, nowMs, cost, ask ? { reserve, report } : undefined);
    if (decision.lease) {
      setBounded(leases, name, { rule, grant: decision.lease, left: decision.lease.slots, othersRemaining: decision.remaining, used: new Map() });
    }
    const { lease: _granted, ...answer } = decision;
    if (!answer.allowed) return admitLocally(name, rule, nowMs, cost) ?? answer;
    // This isolate's unused slots are still the caller's to use.
    const held = leases.get(name);
    return usable(held, rule, nowMs) ? { ...answer, remaining: answer.remaining + held.left } : answer;
  } finally {
    if (ask) asking.delete(name);
  }
}
