// The sliding-window log of one counter, in memory: one entry per second of the caller's clock that counted
// something (at most window + 1 entries, however high the limit), and the slots reserved for isolates (leases).
// Pure: the Limiter Durable Object decides when to store it (limiter.ts). A second's entry leaves the window when
// its newest event does, so an event is never forgotten early (at most a second late: the limit is never
// exceeded, a Retry-After may be one second longer).
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
  /**
   * Shard subjects only: the order in which the object decided (increasing across its restarts), so an isolate
   * can tell the newest of several answers it got back in another order (lease.ts).
   */
  seq?: number;
}

/** A call an isolate admitted before asking its counter (first-call.ts): its id and time. */
export type AdmittedCall = [id: number, atMs: number];

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
export type Second = [second: number, cost: number, newestMs: number, counted: number, refunded: number[]];

/** Slots held for an isolate: its id, how many, and until when they may be used. */
export type Reservation = [id: number, slots: number, untilMs: number];

/** A window as stored: its seconds and reservations (and, in the earlier per-counter layout, the next id). */
export interface StoredWindow {
  seconds: Second[];
  reserved: Reservation[];
  next?: number;
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

export class Window {
  /** Ids of calls isolates admitted before asking, already recorded (memory only). */
  private admitted = new Set<number>();

  constructor(
    public seconds: Second[] = [],
    public reserved: Reservation[] = [],
  ) {}

  static from(stored: StoredWindow | undefined): Window {
    return new Window(stored?.seconds ?? [], stored?.reserved ?? []);
  }

  stored(): StoredWindow {
    return { seconds: this.seconds, reserved: this.reserved };
  }

  /**
   * Counts `cost` events at `nowMs` if the window has room, else refuses without counting. With `lease`: first
   * records what the isolate did with its previous reservation (the calls it admitted, at their own times),
   * then, when this take is allowed, may reserve slots for it (a quarter of what is left at most; ids from
   * `nextReservation`). Reserved slots count against the limit until reported; not reported by their end, they
   * count as used at that end. `changed` says whether the window must be stored again.
   */
  take(
    rule: LimitRule,
    nowMs: number,
    cost: number,
    lease: LeaseAsk | undefined,
    nextReservation: () => number,
  ): { decision: LimitDecision; changed: boolean } {
    const reported = lease?.report ? this.recordReport(lease.report) : false;
    const settled = this.settle(nowMs);
    const live = this.live(rule, nowMs);
    this.seconds = live; // what left the window is forgotten; stored again only with the next change
    const held = this.reserved.reduce((sum, [, slots]) => sum + slots, 0);
    const used = live.reduce((sum, [, c]) => sum + c, 0) + held;
    if (used + cost > rule.limit) {
      return { decision: this.decision(rule, nowMs, used, undefined), changed: reported || settled };
    }
    this.seconds = addToLog(live, nowMs, cost, 1);
    const second = Math.floor(nowMs / 1000);
    const counted = this.seconds.find(([s]) => s === second)!;
    const slots = Math.min(Math.max(0, Math.floor(lease?.reserve ?? 0)), Math.floor((rule.limit - used - cost) / 4));
    let grant: LeaseGrant | undefined;
    if (slots > 0) {
      grant = { reservation: nextReservation(), slots, untilMs: nowMs + LEASE_MS };
      this.reserved = [...this.reserved, [grant.reservation, slots, grant.untilMs]];
    }
    const decision = this.decision(rule, nowMs, used + cost + slots, eventId(second, counted[3] - 1));
    return { decision: grant ? { ...decision, lease: grant } : decision, changed: true };
  }

  /**
   * Gives back one counted event by the id its take returned, with the cost it was counted at: that event and
   * no other, so the window's timing stays true. Unknown, expired or already refunded ids do nothing.
   */
  refund(event: number, cost: number): boolean {
    const second = Math.floor(event / PER_SECOND);
    const index = event - second * PER_SECOND;
    const entry = this.seconds.find(([s]) => s === second);
    if (!entry || index >= entry[3] || entry[4].includes(index) || entry[1] < cost) return false;
    // Kept even at cost 0 until it leaves the window: its ids must not be handed out again this second.
    const kept: Second = [second, entry[1] - cost, entry[2], entry[3], [...entry[4], index]];
    this.seconds = this.seconds.map((e) => (e === entry ? kept : e));
    return true;
  }

  /**
   * Calls an isolate admitted before the counter was asked (first-call.ts) join the log at their own times,
   * whatever room is left: they happened. Each id once (several takes may carry it). Not refundable. Returns
   * whether anything was added.
   */
  record(calls: readonly AdmittedCall[]): boolean {
    let added = false;
    for (const [id, at] of calls) {
      if (this.admitted.has(id)) continue;
      this.admitted.add(id);
      this.seconds = addToLog(this.seconds, at, 1, 0);
      added = true;
    }
    // Ids are kept while their window can still matter, and few: a long-lived counter forgets the oldest.
    if (this.admitted.size > 256) this.admitted = new Set([...this.admitted].slice(-128));
    return added;
  }

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

  private live(rule: LimitRule, nowMs: number): Second[] {
    const since = nowMs - rule.windowSeconds * 1000;
    return this.seconds.filter(([, , newest]) => newest > since);
  }

  private decision(rule: LimitRule, nowMs: number, used: number, event: number | undefined): LimitDecision {
    const windowMs = rule.windowSeconds * 1000;
    let oldest: number | undefined;
    let newest: number | undefined;
    for (const [, cost, at] of this.seconds) {
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
 * The earlier per-counter row (a state, or a plain list of seconds or of single events `[id, atMs, cost]`), as a
 * window. Compatibility code: the list forms can go 24 hours after this layout is deployed (see Limiter's constructor).
 */
export function windowFromLegacy(stored: unknown): { window: Window; next: number } {
  if (stored && !Array.isArray(stored) && typeof stored === "object") {
    const state = stored as StoredWindow;
    return { window: Window.from(state), next: state.next ?? 1 };
  }
  let seconds: Second[] = [];
  for (const item of Array.isArray(stored) ? stored : []) {
    if (!Array.isArray(item)) continue;
    if (item.length === 5) seconds = [...seconds, item as Second].sort((a, b) => a[0] - b[0]);
    else seconds = addToLog(seconds, item[1] as number, item[2] as number, 1);
  }
  return { window: new Window(seconds, []), next: 1 };
}
