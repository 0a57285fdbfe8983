// One Durable Object class for every counter of the service: per-address and per-key request
// rates, per-account download caps and per-account upload rates. Each counter is its own object
// (idFromName(counterName)), so counters never contend with each other and each is strongly
// consistent.
//
// Layout (README "Limits: cost of counting"): the sliding-window log lives in the object's memory as one entry
// per second of the caller's clock that counted something (at most window + 1 entries, however high the limit),
// so a take reads no storage and costs the same at 10 or 10,000 events a minute. Every counted event rewrites ONE
// row holding those entries (refused takes write nothing), so an eviction or restart loses nothing: the next
// instance reloads the row. A second's entry leaves the window when its newest event does, so an event is never
// forgotten early (at most a second late: the limit is never exceeded, a Retry-After may be one second longer).
import { DurableObject } from "cloudflare:workers";

export interface LimitRule {
  /** Most events allowed within the window. */
  limit: number;
  windowSeconds: number;
}

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  /** Events still allowed in the window after this one. */
  remaining: number;
  /** Seconds until the window has fully room again (RateLimit "reset"). */
  resetSeconds: number;
  /** When refused: seconds until one more event would be allowed (Retry-After). 0 when allowed. */
  retryAfterSeconds: number;
  /** The counted event, to give back with `refund(event)`; absent when refused. */
  event?: number;
}

/**
 * The events of one second: which second, their summed cost, the newest event's time (the entry leaves the
 * window with it), how many events it has counted (their ids) and which of those were given back.
 */
type Second = [second: number, cost: number, newestMs: number, counted: number, refunded: number[]];

/** An event's id: its second and its place within it, so a refund finds its entry without a per-event record. */
const PER_SECOND = 1 << 20;
const eventId = (second: number, index: number) => second * PER_SECOND + index;

export class Limiter extends DurableObject<Env> {
  private seconds: Second[] = [];

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    // Earlier layouts: a row per event with a clean-up alarm (dropped: those counters restarted empty once), then
    // one row of single events (read below and folded into seconds).
    sql.exec("drop table if exists events");
    sql.exec("drop table if exists clock");
    sql.exec("create table if not exists log (id integer primary key check (id = 1), next integer not null, events text not null)");
    const row = sql.exec<{ events: string }>("select events from log").toArray()[0];
    if (row) this.seconds = fromStored(JSON.parse(row.events) as unknown[]);
  }

  /**
   * Counts `cost` events at `nowMs` if the window has room, else refuses without counting (and without
   * touching storage). `nowMs` comes from the caller so the Worker's clock (fakeable in tests) is the only
   * clock. No await between reading and writing the log, so concurrent takes cannot interleave.
   */
  async take(rule: LimitRule, nowMs: number, cost = 1): Promise<LimitDecision> {
    const live = this.liveSeconds(rule, nowMs);
    const used = live.reduce((sum, [, c]) => sum + c, 0);
    if (used + cost > rule.limit) return this.decision(rule, nowMs, live, used, undefined);
    const second = Math.floor(nowMs / 1000);
    const current = live.find(([s]) => s === second);
    const counted: Second = current ? [second, current[1] + cost, Math.max(current[2], nowMs), current[3] + 1, current[4]] : [second, cost, nowMs, 1, []];
    const seconds = [...live.filter((entry) => entry !== current), counted].sort((a, b) => a[0] - b[0]);
    this.save(seconds);
    return this.decision(rule, nowMs, seconds, used + cost, eventId(second, counted[3] - 1));
  }

  /**
   * Gives back one counted event (for example an upload refused after it was counted) by the id its take
   * returned, with the cost it was counted at: that event and no other, so the window's timing stays true.
   * Unknown, expired or already refunded ids do nothing.
   */
  async refund(event: number, cost = 1): Promise<boolean> {
    const second = Math.floor(event / PER_SECOND);
    const index = event - second * PER_SECOND;
    const entry = this.seconds.find(([s]) => s === second);
    if (!entry || index >= entry[3] || entry[4].includes(index) || entry[1] < cost) return false;
    // Kept even at cost 0 until it leaves the window: its ids must not be handed out again this second.
    const kept: Second = [second, entry[1] - cost, entry[2], entry[3], [...entry[4], index]];
    this.save(this.seconds.map((e) => (e === entry ? kept : e)));
    return true;
  }

  /** Alarms scheduled by the earlier layout may still fire once: nothing to do. */
  async alarm(): Promise<void> {}

  private liveSeconds(rule: LimitRule, nowMs: number): Second[] {
    const since = nowMs - rule.windowSeconds * 1000;
    return this.seconds.filter(([, , newest]) => newest > since);
  }

  /** One row written: every second still counted, replacing the previous row; memory follows once storage took it. */
  private save(seconds: Second[]): void {
    this.ctx.storage.sql.exec(
      "insert into log (id, next, events) values (1, 0, ?) on conflict (id) do update set events = excluded.events",
      JSON.stringify(seconds),
    );
    this.seconds = seconds;
  }

  private decision(rule: LimitRule, nowMs: number, live: readonly Second[], used: number, event: number | undefined): LimitDecision {
    const windowMs = rule.windowSeconds * 1000;
    let oldest: number | undefined;
    let newest: number | undefined;
    for (const [, cost, at] of live) {
      if (cost === 0) continue;
      if (oldest === undefined || at < oldest) oldest = at;
      if (newest === undefined || at > newest) newest = at;
    }
    const secondsUntil = (at: number | undefined) => (at === undefined ? 0 : Math.max(1, Math.ceil((at + windowMs - nowMs) / 1000)));
    const allowed = event !== undefined;
    return {
      allowed,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - used),
      resetSeconds: secondsUntil(newest),
      // Nothing counted yet but still refused (limit below the cost): no wait frees room, so name the window.
      retryAfterSeconds: allowed ? 0 : oldest === undefined ? rule.windowSeconds : secondsUntil(oldest),
      ...(allowed ? { event } : {}),
    };
  }
}

/** The stored row: seconds, or single events `[id, atMs, cost]` of the earlier layout folded into seconds. */
function fromStored(stored: unknown[]): Second[] {
  const seconds = new Map<number, Second>();
  for (const item of stored) {
    if (!Array.isArray(item)) continue;
    if (item.length === 5) {
      seconds.set(item[0] as number, item as Second);
      continue;
    }
    const [, at, cost] = item as [number, number, number];
    const second = Math.floor(at / 1000);
    const entry = seconds.get(second);
    seconds.set(second, entry ? [second, entry[1] + cost, Math.max(entry[2], at), entry[3] + 1, entry[4]] : [second, cost, at, 1, []]);
  }
  return [...seconds.values()].sort((a, b) => a[0] - b[0]);
}
