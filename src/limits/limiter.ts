// One Durable Object class for every counter of the service: per-address and per-key request
// rates, per-account download caps and per-account upload rates. Each counter is its own object
// (idFromName(counterName)), so counters never contend with each other and each is strongly
// consistent. State is a sliding-window log in the object's SQLite storage; an alarm clears it
// once the window has passed, so an idle object holds no data.
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
}

export class Limiter extends DurableObject<Env> {
  /** Whether a clean-up alarm is scheduled: a take then writes only its event (one write per call). */
  private alarmPending = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec("create table if not exists events (at integer not null, cost integer not null)");
      this.ctx.storage.sql.exec("create index if not exists events_at on events(at)");
      // The caller's clock and this object's clock when the alarm was set, so the alarm can tell the caller's time.
      this.ctx.storage.sql.exec("create table if not exists clock (caller_ms integer not null, local_ms integer not null, window_ms integer not null)");
      this.alarmPending = (await this.ctx.storage.getAlarm()) !== null;
    });
  }

  /**
   * Counts `cost` events at `nowMs` if the window has room, else refuses without counting.
   * `nowMs` comes from the caller so the Worker's clock (fakeable in tests) is the only clock.
   * All reads and writes run without an await in between, so concurrent takes cannot interleave.
   */
  async take(rule: LimitRule, nowMs: number, cost = 1): Promise<LimitDecision> {
    const windowMs = rule.windowSeconds * 1000;
    const sql = this.ctx.storage.sql;
    sql.exec("delete from events where at <= ?", nowMs - windowMs);
    const used = Number(sql.exec<{ used: number }>("select coalesce(sum(cost), 0) as used from events").one().used);
    const allowed = used + cost <= rule.limit;
    if (allowed) {
      sql.exec("insert into events (at, cost) values (?, ?)", nowMs, cost);
      if (!this.alarmPending) {
        sql.exec("delete from clock");
        sql.exec("insert into clock values (?, ?, ?)", nowMs, Date.now(), windowMs);
        this.alarmPending = true;
        await this.ctx.storage.setAlarm(Date.now() + windowMs);
      }
    }
    return this.decision(rule, nowMs, allowed, allowed ? used + cost : used);
  }

  /** The state of the window without counting anything. */
  async peek(rule: LimitRule, nowMs: number): Promise<LimitDecision> {
    const windowMs = rule.windowSeconds * 1000;
    const used = Number(
      this.ctx.storage.sql.exec<{ used: number }>("select coalesce(sum(cost), 0) as used from events where at > ?", nowMs - windowMs).one().used,
    );
    return this.decision(rule, nowMs, used < rule.limit, used);
  }

  /** Gives back events counted for work that did not happen (for example an upload that failed validation). */
  async refund(cost = 1): Promise<void> {
    const row = this.ctx.storage.sql.exec<{ rowid: number }>("select rowid from events order by at desc limit 1").toArray()[0];
    if (!row) return;
    this.ctx.storage.sql.exec("update events set cost = max(cost - ?, 0) where rowid = ?", cost, row.rowid);
  }

  async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const clock = sql.exec<{ caller_ms: number; local_ms: number; window_ms: number }>("select * from clock").toArray()[0];
    this.alarmPending = false;
    if (!clock) return;
    const callerNow = clock.caller_ms + (Date.now() - clock.local_ms);
    sql.exec("delete from events where at <= ?", callerNow - clock.window_ms);
    const newest = sql.exec<{ at: number | null }>("select max(at) as at from events").one().at;
    if (newest === null) {
      sql.exec("delete from clock"); // idle: the object holds nothing
      return;
    }
    // Again when the newest event leaves the window.
    this.alarmPending = true;
    await this.ctx.storage.setAlarm(Date.now() + Math.max(1000, Number(newest) + clock.window_ms - callerNow + 1));
  }

  private decision(rule: LimitRule, nowMs: number, allowed: boolean, used: number): LimitDecision {
    const windowMs = rule.windowSeconds * 1000;
    const span = this.ctx.storage.sql
      .exec<{ oldest: number | null; newest: number | null }>("select min(at) as oldest, max(at) as newest from events where at > ?", nowMs - windowMs)
      .one();
    const secondsUntil = (at: number | null) => (at === null ? 0 : Math.max(1, Math.ceil((Number(at) + windowMs - nowMs) / 1000)));
    return {
      allowed,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - used),
      resetSeconds: secondsUntil(span.newest),
      // Nothing counted yet but still refused (limit below the cost): no wait frees room, so name the window.
      retryAfterSeconds: allowed ? 0 : span.oldest === null ? rule.windowSeconds : secondsUntil(span.oldest),
    };
  }
}
