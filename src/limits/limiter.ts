// One Durable Object class for every counter of the service: per-address and per-key request
// rates, per-account download caps and per-account upload rates. Each counter is its own object
// (idFromName(counterName)), so counters never contend with each other and each is strongly
// consistent.
//
// Layout (README "Limits: cost of counting"): the sliding-window log lives in the object's memory, so a
// take reads no storage; every counted event rewrites ONE row holding the whole log (refused takes write
// nothing), so an eviction or restart loses nothing: the next instance reloads the row. Expired events are
// dropped from the log when it is next written; an idle object keeps its one small row (cheaper than
// paying a write to delete it).
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

/** One counted event of the log: its id (for refund), the caller's time and its cost. */
type LoggedEvent = [id: number, atMs: number, cost: number];

interface StoredLog {
  next: number;
  events: LoggedEvent[];
}

export class Limiter extends DurableObject<Env> {
  private log: StoredLog = { next: 1, events: [] };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    // The earlier layout (a row per event, an index and a clean-up alarm) is dropped: counters restart empty once.
    sql.exec("drop table if exists events");
    sql.exec("drop table if exists clock");
    sql.exec("create table if not exists log (id integer primary key check (id = 1), next integer not null, events text not null)");
    const row = sql.exec<{ next: number; events: string }>("select next, events from log").toArray()[0];
    if (row) this.log = { next: Number(row.next), events: JSON.parse(row.events) as LoggedEvent[] };
  }

  /**
   * Counts `cost` events at `nowMs` if the window has room, else refuses without counting (and without
   * touching storage). `nowMs` comes from the caller so the Worker's clock (fakeable in tests) is the only
   * clock. No await between reading and writing the log, so concurrent takes cannot interleave.
   */
  async take(rule: LimitRule, nowMs: number, cost = 1): Promise<LimitDecision> {
    const live = this.liveEvents(rule, nowMs);
    const used = live.reduce((sum, [, , c]) => sum + c, 0);
    if (used + cost > rule.limit) return this.decision(rule, nowMs, live, used, undefined);
    const id = this.log.next;
    this.save({ next: id + 1, events: [...live, [id, nowMs, cost]] });
    return this.decision(rule, nowMs, this.log.events, used + cost, id);
  }

  /**
   * Gives back one counted event (for example an upload refused after it was counted) by the id its take
   * returned: that event and no other, so the window's timing stays true. Unknown or expired ids do nothing.
   */
  async refund(event: number): Promise<boolean> {
    const events = this.log.events.filter(([id]) => id !== event);
    if (events.length === this.log.events.length) return false;
    this.save({ ...this.log, events });
    return true;
  }

  /** Alarms scheduled by the earlier layout may still fire once: nothing to do. */
  async alarm(): Promise<void> {}

  private liveEvents(rule: LimitRule, nowMs: number): LoggedEvent[] {
    const since = nowMs - rule.windowSeconds * 1000;
    return this.log.events.filter(([, at]) => at > since);
  }

  /** One row written: the whole log, replacing the previous one; memory follows only once storage took it. */
  private save(log: StoredLog): void {
    this.ctx.storage.sql.exec(
      "insert into log (id, next, events) values (1, ?, ?) on conflict (id) do update set next = excluded.next, events = excluded.events",
      log.next,
      JSON.stringify(log.events),
    );
    this.log = log;
  }

  private decision(rule: LimitRule, nowMs: number, live: readonly LoggedEvent[], used: number, event: number | undefined): LimitDecision {
    const windowMs = rule.windowSeconds * 1000;
    let oldest: number | undefined;
    let newest: number | undefined;
    for (const [, at] of live) {
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
