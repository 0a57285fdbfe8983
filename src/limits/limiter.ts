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
  /** Slots reserved for the asking isolate to admit further calls itself (lease.ts); absent when none. */
  lease?: LeaseGrant;
}

/** Slots of a counter an isolate may use until `untilMs`, then reports under `reservation`. */
export interface LeaseGrant {
  reservation: number;
  slots: number;
  untilMs: number;
}

/** What an isolate asks with a take: slots to reserve, and what it did with its previous ones. */
export interface LeaseAsk {
  reserve: number;
  report?: LeaseReport;
}

/** The calls an isolate admitted from a reservation, per second of its clock: [second, calls, newest time]. */
export interface LeaseReport {
  reservation: number;
  used: [second: number, calls: number, newestMs: number][];
}

/** How long an isolate may use reserved slots; after that the object counts what was not reported as used then. */
export const LEASE_MS = 1000;

/**
 * The events of one second: which second, their summed cost, the newest event's time (the entry leaves the
 * window with it), how many events it has counted (their ids) and which of those were given back.
 */
type Second = [second: number, cost: number, newestMs: number, counted: number, refunded: number[]];

/** Slots held for an isolate: its id, how many, and until when they may be used. */
type Reservation = [id: number, slots: number, untilMs: number];

interface StoredState {
  seconds: Second[];
  reserved: Reservation[];
  next: number;
}

/** An event's id: its second and its place within it, so a refund finds its entry without a per-event record. */
const PER_SECOND = 1 << 20;
const eventId = (second: number, index: number) => second * PER_SECOND + index;

/**
 * The log with `cost` more at `atMs`, in the entry of its second (made if missing), sorted by second; `events`
 * is how many countable events that adds (1 for a take, 0 for calls reported or settled from a lease).
 */
function addToLog(seconds: readonly Second[], atMs: number, cost: number, events: number): Second[] {
  const second = Math.floor(atMs / 1000);
  const entry = seconds.find(([s]) => s === second);
  const merged: Second = entry ? [second, entry[1] + cost, Math.max(entry[2], atMs), entry[3] + events, entry[4]] : [second, cost, atMs, events, []];
  return [...seconds.filter((e) => e !== entry), merged].sort((a, b) => a[0] - b[0]);
}

export class Limiter extends DurableObject<Env> {
  private seconds: Second[] = [];
  private reserved: Reservation[] = [];
  private nextReservation = 1;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    // Earlier layouts: a row per event with a clean-up alarm (dropped: those counters restarted empty once), then
    // one row of single events, then one row of seconds (both read below).
    sql.exec("drop table if exists events");
    sql.exec("drop table if exists clock");
    sql.exec("create table if not exists log (id integer primary key check (id = 1), next integer not null, events text not null)");
    const row = sql.exec<{ events: string }>("select events from log").toArray()[0];
    if (row) {
      const state = fromStored(JSON.parse(row.events) as unknown);
      this.seconds = state.seconds;
      this.reserved = state.reserved;
      this.nextReservation = state.next;
    }
  }

  /**
   * Counts `cost` events at `nowMs` if the window has room, else refuses without counting (and without
   * touching storage). `nowMs` comes from the caller so the Worker's clock (fakeable in tests) is the only
   * clock. No await between reading and writing the log, so concurrent takes cannot interleave.
   *
   * With `lease`: first records what the isolate did with its previous reservation (the calls it admitted, at
   * their own times), then, when this take is allowed, may reserve slots for it (a quarter of what is left at
   * most). Reserved slots count against the limit until reported; not reported by their end, they count as
   * used at that end. So the limit holds however many isolates admit calls themselves.
   */
  async take(rule: LimitRule, nowMs: number, cost = 1, lease?: LeaseAsk): Promise<LimitDecision> {
    const reported = lease?.report ? this.recordReport(lease.report) : false;
    const changed = this.settle(nowMs) || reported;
    const live = this.liveSeconds(rule, nowMs);
    const held = this.reserved.reduce((sum, [, slots]) => sum + slots, 0);
    const used = live.reduce((sum, [, c]) => sum + c, 0) + held;
    if (used + cost > rule.limit) {
      if (changed) this.save(live);
      return this.decision(rule, nowMs, live, used, undefined);
    }
    const seconds = addToLog(live, nowMs, cost, 1);
    const second = Math.floor(nowMs / 1000);
    const counted = seconds.find(([s]) => s === second)!;
    const slots = Math.min(Math.max(0, Math.floor(lease?.reserve ?? 0)), Math.floor((rule.limit - used - cost) / 4));
    let grant: LeaseGrant | undefined;
    if (slots > 0) {
      grant = { reservation: this.nextReservation++, slots, untilMs: nowMs + LEASE_MS };
      this.reserved = [...this.reserved, [grant.reservation, slots, grant.untilMs]];
    }
    this.save(seconds);
    const decision = this.decision(rule, nowMs, seconds, used + cost + slots, eventId(second, counted[3] - 1));
    return grant ? { ...decision, lease: grant } : decision;
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

  /** The calls an isolate admitted from its reservation join the log at their own times; the rest is freed. */
  private recordReport(report: LeaseReport): boolean {
    const reservation = this.reserved.find(([id]) => id === report.reservation);
    if (!reservation) return false; // already settled: counted in full at its end
    this.reserved = this.reserved.filter((r) => r !== reservation);
    let left = reservation[1];
    for (const [, calls, newestMs] of report.used) {
      const counted = Math.min(left, Math.max(0, Math.floor(calls)));
      if (counted === 0) continue;
      left -= counted;
      this.seconds = addToLog(this.seconds, Math.min(newestMs, reservation[2]), counted, 0);
    }
    return true;
  }

  /** Reservations past their end, never reported: counted as used at their end (the latest they could have been). */
  private settle(nowMs: number): boolean {
    const ended = this.reserved.filter(([, , until]) => until <= nowMs);
    if (ended.length === 0) return false;
    this.reserved = this.reserved.filter(([, , until]) => until > nowMs);
    for (const [, slots, until] of ended) this.seconds = addToLog(this.seconds, until, slots, 0);
    return true;
  }

  private liveSeconds(rule: LimitRule, nowMs: number): Second[] {
    const since = nowMs - rule.windowSeconds * 1000;
    return this.seconds.filter(([, , newest]) => newest > since);
  }

  /** One row written: every second still counted and every reservation; memory follows once storage took it. */
  private save(seconds: Second[]): void {
    const state: StoredState = { seconds, reserved: this.reserved, next: this.nextReservation };
    this.ctx.storage.sql.exec(
      "insert into log (id, next, events) values (1, 0, ?) on conflict (id) do update set events = excluded.events",
      JSON.stringify(state),
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
      // Nothing counted yet but still refused (limit below the cost, or every slot reserved): name the window.
      retryAfterSeconds: allowed ? 0 : oldest === undefined ? rule.windowSeconds : secondsUntil(oldest),
      ...(allowed ? { event } : {}),
    };
  }
}

/**
 * The stored row: the state (seconds and reservations), or a plain list of seconds or of single events
 * `[id, atMs, cost]` (earlier layouts), folded into seconds.
 */
function fromStored(stored: unknown): StoredState {
  if (stored && !Array.isArray(stored) && typeof stored === "object") return stored as StoredState;
  let seconds: Second[] = [];
  for (const item of Array.isArray(stored) ? stored : []) {
    if (!Array.isArray(item)) continue;
    if (item.length === 5) seconds = [...seconds, item as Second].sort((a, b) => a[0] - b[0]);
    else seconds = addToLog(seconds, item[1] as number, item[2] as number, 1);
  }
  return { seconds, reserved: [], next: 1 };
}
