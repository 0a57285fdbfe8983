// One Durable Object class for every counter (docs/limits.md): request rates as subjects of a shard object, written
// in batches (a crash only forgives), and caps as one object each, written on every event; no take awaits mid-window.
import { DurableObject } from "cloudflare:workers";

import {
  type AdmittedCall,
  LEASE_MS,
  Window,
  windowFromLegacy,
  type LeaseAsk,
  type LimitDecision,
  type LimitRule,
  type StoredWindow,
} from "./window";

export { LEASE_MS };
export type { LeaseAsk, LeaseGrant, LeaseReport, LimitDecision, LimitRule } from "./window";

/**
 * How long a batch of request-rate changes waits in memory before the alarm writes it: short of the ~10 s an idle
 * object may live before it is evicted, so the alarm runs before that, and long enough that one row records many
 * calls (rows per counted call = 1 / (calls per FLUSH_MS in the shard), plus the alarm's own).
 */
export const FLUSH_MS = 5000;
/** Journal rows of a shard (a ring): a window still live in the slot about to be overwritten is written again. */
const SLOTS = 16;
/** A subject untouched (real time) this much past its window and lease is dropped from memory. */
const FORGET_AFTER_MS = 5000;

/** The calls one isolate admitted for a request-rate counter before asking its object (first-call.ts). */
export interface AdmittedCalls {
  subject: string;
  rule: LimitRule;
  calls: AdmittedCall[];
}

/** A request-rate counter held by a shard: its window, rule length, last touch and the journal row it was last written in. */
interface Subject {
  window: Window;
  windowSeconds: number;
  touchedMs: number;
  savedSeq: number;
}

/** What a journal row holds per subject: window length, seconds, reservations. */
type JournalEntry = { w: number; s: StoredWindow["seconds"]; r: StoredWindow["reserved"] };

export class Limiter extends DurableObject<Env> {
  /** The single counter of a per-counter object (caps), written per counted event. */
  private own = new Window();
  private nextReservation = 1;
  /** Request-rate subjects of a shard object, and the ones changed since the last journal row. */
  private subjects = new Map<string, Subject>();
  private dirty = new Set<string>();
  private seq = 1;
  /** The latest caller time seen, and the caller time of the first change not written yet (none: undefined). */
  private clock = 0;
  private batchSinceMs: number | undefined;
  private alarmSet = false;
  /** Reservation ids and decision order of shard subjects: increasing across restarts of the object (seeded by the start time). */
  private nextShardReservation = Date.now() * 1000;
  private decisions = Date.now() * 1000;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    // Earlier layouts: a row per event with a clean-up alarm (dropped: those counters restarted empty once), then
    // one row of single events, then one row of seconds (both read below). Compatibility code: the two drops and
    // the list forms of windowFromLegacy can go once the layout of this file has been deployed for 24 hours (the
    // longest window, a download cap's): a row still in an earlier form then holds only expired events, which
    // an empty window equals.
    sql.exec("drop table if exists events");
    sql.exec("drop table if exists clock");
    sql.exec("create table if not exists log (id integer primary key check (id = 1), next integer not null, events text not null)");
    sql.exec("create table if not exists journal (slot integer primary key, seq integer not null, states text not null)");
    const row = sql.exec<{ events: string }>("select events from log").toArray()[0];
    if (row) {
      const { window, next } = windowFromLegacy(JSON.parse(row.events) as unknown);
      this.own = window;
      this.nextReservation = next;
    }
    // Oldest row first: a subject's newest written state wins.
    const now = Date.now();
    for (const { seq, states } of sql.exec<{ seq: number; states: string }>("select seq, states from journal order by seq").toArray()) {
      for (const [name, e] of Object.entries(JSON.parse(states) as Record<string, JournalEntry>)) {
        this.subjects.set(name, { window: new Window(e.s, e.r), windowSeconds: e.w, touchedMs: now, savedSeq: seq });
      }
      this.seq = seq + 1;
    }
  }

  /**
   * Counts `cost` events at `nowMs` on this object's own counter if its window has room, else refuses without
   * counting (and without touching storage). `nowMs` comes from the caller so the Worker's clock (fakeable in
   * tests) is the only clock. With `lease`: see Window.take. Every counted event rewrites the counter's row.
   */
  async take(rule: LimitRule, nowMs: number, cost = 1, lease?: LeaseAsk): Promise<LimitDecision> {
    const { decision, changed } = this.own.take(rule, nowMs, cost, lease, () => this.nextReservation++);
    if (changed) this.saveOwn();
    return decision;
  }

  /**
   * Gives back one counted event of the own counter (for example an upload refused after it was counted) by the
   * id its take returned, with the cost it was counted at. Unknown, expired or already refunded ids do nothing.
   */
  async refund(event: number, cost = 1): Promise<boolean> {
    const given = this.own.refund(event, cost);
    if (given) this.saveOwn();
    return given;
  }

  /**
   * `take` for the request-rate counter `subject` of this shard: the same decision, kept in memory and written
   * with its batch.
   */
  async takeFor(subject: string, rule: LimitRule, nowMs: number, cost = 1, lease?: LeaseAsk, admitted?: AdmittedCall[]): Promise<LimitDecision> {
    const held = this.subject(subject, rule);
    // Calls this isolate admitted before asking (first-call.ts), recorded first so the decision counts them.
    if (admitted?.length && held.window.record(admitted)) this.dirty.add(subject);
    const { decision, changed } = held.window.take(rule, nowMs, cost, lease, () => this.nextShardReservation++);
    if (changed) this.dirty.add(subject);
    this.batch(nowMs);
    return { ...decision, seq: this.decisions++ };
  }

  /** Calls isolates admitted before asking (first-call.ts), several counters in one call: recorded at their times. */
  async record(entries: readonly AdmittedCalls[]): Promise<void> {
    for (const { subject, rule, calls } of entries) {
      const nowMs = Math.max(...calls.map(([, at]) => at));
      if (this.subject(subject, rule).window.record(calls)) this.dirty.add(subject);
      this.batch(nowMs);
    }
  }

  /** `refund` for the request-rate counter `subject` of this shard. */
  async refundFor(subject: string, event: number, cost = 1): Promise<boolean> {
    const held = this.subjects.get(subject);
    const given = held?.window.refund(event, cost) ?? false;
    if (given) this.dirty.add(subject);
    this.batch(this.clock);
    return given;
  }

  /** The batch, written. (Alarms of the earlier layout may fire once in a cap's object: nothing to write there.) */
  async alarm(): Promise<void> {
    this.alarmSet = false;
    if (this.dirty.size > 0) this.saveJournal();
  }

  private subject(name: string, rule: LimitRule): Subject {
    let held = this.subjects.get(name);
    if (!held) {
      held = { window: new Window(), windowSeconds: rule.windowSeconds, touchedMs: 0, savedSeq: 0 };
      this.subjects.set(name, held);
    }
    held.windowSeconds = rule.windowSeconds;
    held.touchedMs = Date.now();
    return held;
  }

  /**
   * A batch with changes gets an alarm FLUSH_MS away (one per batch), which writes it. Should the alarm be late, a
   * take writes the batch once it is 2 × FLUSH_MS old in the callers' clock.
   */
  private batch(nowMs: number): void {
    this.clock = Math.max(this.clock, nowMs);
    if (this.dirty.size === 0) return;
    this.batchSinceMs ??= this.clock;
    if (this.clock - this.batchSinceMs >= 2 * FLUSH_MS) {
      this.saveJournal();
      return;
    }
    if (this.alarmSet) return;
    this.alarmSet = true;
    this.ctx.storage.setAlarm(Date.now() + FLUSH_MS).catch(() => {
      this.alarmSet = false;
    });
  }

  /**
   * One row: every subject changed since the last row, and every live subject whose newest written state sits
   * in the ring slot this row overwrites. Subjects idle past their window are dropped from memory here.
   */
  private saveJournal(): void {
    const seq = this.seq++;
    const overwritten = seq - SLOTS;
    const now = Date.now();
    const states: Record<string, JournalEntry> = {};
    for (const [name, held] of this.subjects) {
      const changed = this.dirty.has(name);
      if (!changed && now - held.touchedMs > held.windowSeconds * 1000 + LEASE_MS + FORGET_AFTER_MS) {
        this.subjects.delete(name);
        continue;
      }
      if (!changed && held.savedSeq !== overwritten) continue;
      states[name] = { w: held.windowSeconds, s: held.window.seconds, r: held.window.reserved };
      held.savedSeq = seq;
    }
    this.ctx.storage.sql.exec(
      "insert into journal (slot, seq, states) values (?, ?, ?) on conflict (slot) do update set seq = excluded.seq, states = excluded.states",
      seq % SLOTS,
      seq,
      JSON.stringify(states),
    );
    this.dirty.clear();
    this.batchSinceMs = undefined;
  }

  /** One row written for the own counter: every second still counted and every reservation. */
  private saveOwn(): void {
    const state: StoredWindow = { ...this.own.stored(), next: this.nextReservation };
    this.ctx.storage.sql.exec(
      "insert into log (id, next, events) values (1, 0, ?) on conflict (id) do update set events = excluded.events",
      JSON.stringify(state),
    );
  }
}
