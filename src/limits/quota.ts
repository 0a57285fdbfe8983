// The storage quota of one account (QUOTA_BYTES), reserved before an upload's bytes are accepted: one object per
// account grants reservations one at a time (the bytes D1 holds, minus those in flight), so parallel uploads never
// overshoot together. A reservation is released once the rows are committed or the upload failed, else expires.
import { DurableObject } from "cloudflare:workers";
import { getDb } from "../db/client";
import { usedBytes } from "../db/queries/uploads";

/** Longer than any upload may take (a 100 MB upload at 1 Mbit/s takes about 14 minutes). */
export const RESERVATION_TTL_MS = 20 * 60 * 1000;

export interface ReservationRequest {
  userId: number;
  /** The upload's own id (its document id): a repeated call replaces its earlier reservation. */
  reservationId: string;
  /** Most bytes the upload may need. */
  wanted: number;
  quotaBytes: number;
  nowMs: number;
}

export interface Reservation {
  /** Bytes granted: at most `wanted`, at most what the quota has left (0 when it is used up). */
  granted: number;
  /** What the quota had left before this grant. */
  available: number;
}

export class QuotaLedger extends DurableObject<Env> {
  /** Grants run one after another: each one's read of D1 and of the other reservations is current. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec("create table if not exists reservations (id text primary key, bytes integer not null, expires_ms integer not null)");
    });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => {});
    return run;
  }

  reserve(request: ReservationRequest): Promise<Reservation> {
    return this.serially(async () => {
      const sql = this.ctx.storage.sql;
      sql.exec("delete from reservations where expires_ms <= ? or id = ?", request.nowMs, request.reservationId);
      const held = Number(sql.exec<{ held: number }>("select coalesce(sum(bytes), 0) as held from reservations").one().held);
      const used = await usedBytes(getDb(this.env), request.userId);
      const available = Math.max(0, request.quotaBytes - used - held);
      const granted = Math.min(request.wanted, available);
      if (granted > 0)
        sql.exec(
          "insert into reservations (id, bytes, expires_ms) values (?, ?, ?)",
          request.reservationId,
          granted,
          request.nowMs + RESERVATION_TTL_MS,
        );
      return { granted, available };
    });
  }

  release(reservationId: string): Promise<void> {
    return this.serially(async () => {
      this.ctx.storage.sql.exec("delete from reservations where id = ?", reservationId);
    });
  }
}
