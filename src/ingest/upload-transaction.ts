// What one upload holds while it is received (the external id's claim, its count against the hourly rate, its
// hold on the storage quota, the file being stored) and the one place that gives all of it back. receiveUpload
// (receive.ts) drives it step by step; nothing else keeps upload state.
import { and, eq } from "drizzle-orm";
import type { AppConfig } from "../config";
import { documents, uploads } from "../db/schema";
import { invalidInput } from "../errors";
import type { AppliedLimit } from "../limits/headers";
import { claimExternalId, releaseClaim, type Claim } from "./idempotency";
import { holdQuota, type QuotaHold } from "./quota-reservation";
import type { QueryContext } from "../db/queries/runtime";
import { refundUpload } from "./upload-rate";
import { ingestMsg } from "../core/messages/ingest";
import type { Localized } from "../core/messages/text";

export interface UploadCaller {
  env: Env;
  config: AppConfig;
  /** Read context of the request (the caller is the viewer). */
  query: QueryContext;
  userId: number;
  /** The key holds library:publish: visibility other than private is kept. */
  canPublish: boolean;
  /** Counts one upload against the account's hourly rate; when the rate is spent, the error to answer with. */
  countUpload: () => Promise<{ allowed: true; applied: AppliedLimit } | { allowed: false; refusal: Error }>;
}

export function quotaMessage(config: AppConfig): Localized {
  return ingestMsg.quota({ bytes: config.quotaBytes });
}

/** What the transaction holds of the stored file (src/ingest/receive/file-sink.ts): it can be thrown away. */
interface Discardable {
  discard(): Promise<void>;
}

export class UploadTransaction {
  private claim: Claim | undefined;
  private counted: AppliedLimit | undefined;
  private quota: QuotaHold | undefined;
  private sink: Discardable | undefined;
  private committed = false;
  /** A rate or quota refusal met before the external id was known: it stands only if the id turns out new. */
  private deferredRefusal: Error | undefined;

  constructor(
    private readonly caller: UploadCaller,
    readonly documentId: string,
  ) {}

  /** Whether the external id was already used (a replay or a conflict), once it is known. */
  get isKnownId(): boolean {
    return this.claim?.kind === "existing";
  }

  /** Whether the file's bytes are to be stored (not for a known id, nor after a refusal that may yet stand). */
  get storesFile(): boolean {
    return !this.isKnownId && !this.deferredRefusal;
  }

  /** Claims the external id; a new claim counts against the upload rate, a replay gives back a count taken early. */
  async claimId(externalId: string): Promise<Claim> {
    this.claim = await claimExternalId(this.caller.query.db, this.caller.userId, externalId);
    if (this.claim.kind === "new") await this.countOnce();
    else await this.refundCount();
    return this.claim;
  }

  /**
   * Before any byte of the file is stored: the upload rate and the storage quota, for a file of at most
   * `wantedBytes`. Returns the most bytes the file may have. With the id still unknown, a refusal is kept
   * instead of thrown: the upload may be a replay, which is answered whatever the limits.
   */
  async settleLimits(wantedBytes: number): Promise<number> {
    if (this.isKnownId) return Infinity;
    const refusal = await this.limitRefusal(wantedBytes);
    if (!refusal) return this.quota?.bytes ?? Infinity;
    if (this.claim) throw refusal;
    this.deferredRefusal = refusal;
    return Infinity;
  }

  /** The sink the file goes to: discarded with everything else if the upload does not commit. */
  attach(sink: Discardable): void {
    this.sink = sink;
  }

  /** The id's claim once the whole form has arrived; a refusal kept for an unknown id stands now that it is new. */
  async settleClaim(externalId: string): Promise<Claim> {
    const claim = this.claim ?? (await this.claimId(externalId));
    if (claim.kind === "new" && this.deferredRefusal) throw this.deferredRefusal;
    return claim;
  }

  /** A known id: what was stored before the id was known goes, and so does the quota hold. */
  async dropForReplay(): Promise<void> {
    await this.sink?.discard();
    await this.quota?.release();
  }

  /** The document's rows are written: from now on they count the bytes and hold the id. */
  markCommitted(): void {
    this.committed = true;
  }

  /** The rows were written but could not be handed to processing: take the upload back whole. */
  async withdrawCommitted(): Promise<void> {
    const claim = this.claim;
    if (!this.committed || claim?.kind !== "new") return;
    const db = this.caller.query.db;
    await db.batch([
      db.delete(uploads).where(and(eq(uploads.id, claim.uploadId), eq(uploads.documentId, this.documentId))),
      db.delete(documents).where(eq(documents.id, this.documentId)),
    ]);
    this.committed = false;
  }

  /** After the commit: the quota hold is no longer needed (the rows count the bytes). */
  async finish(): Promise<void> {
    await this.quota?.release();
  }

  /** Unless committed: every hold given back, the stored object removed, the claim released, the count refunded. */
  async rollback(): Promise<void> {
    if (this.committed) return;
    await this.quota?.release();
    await this.sink?.discard();
    if (this.claim) await releaseClaim(this.caller.query.db, this.claim);
    await this.refundCount();
  }

  private async countOnce(): Promise<void> {
    const refusal = await this.rateRefusal();
    if (refusal) throw refusal;
  }

  /** Counts the upload against the hourly rate once; the refusal when the rate is spent. */
  private async rateRefusal(): Promise<Error | undefined> {
    if (this.counted) return undefined;
    const answer = await this.caller.countUpload();
    if (!answer.allowed) return answer.refusal;
    this.counted = answer.applied;
    return undefined;
  }

  /** The rate's refusal, else the quota's (a hold of 0 bytes); failures of the counters themselves are thrown. */
  private async limitRefusal(wantedBytes: number): Promise<Error | undefined> {
    const refusal = await this.rateRefusal();
    if (refusal) return refusal;
    this.quota = await holdQuota(this.caller.env, this.caller.config, this.caller.userId, this.documentId, wantedBytes);
    return this.quota.bytes === 0 ? invalidInput({ file: [quotaMessage(this.caller.config)] }) : undefined;
  }

  private async refundCount(): Promise<void> {
    const counted = this.counted;
    if (!counted) return;
    this.counted = undefined;
    await refundUpload(this.caller.env, this.caller.userId, counted);
  }
}
