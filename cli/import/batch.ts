// Groups records' statements and files into batches that each fit one Worker invocation and one
// D1 batch() (one transaction), within D1's documented limits. A record's statements go together
// into one batch unless the record alone is larger than a batch.
import type { Section } from "./format";
import type { RecordPlan, Statement, StoredObject } from "./load";
import type { DocumentText } from "./text";

/** D1's limits (developers.cloudflare.com/d1/platform/limits) and the batch sizes kept under them. */
export const D1_LIMITS = {
  /** Bound parameters per statement. */
  paramsPerStatement: 100,
  /** SQL statement length: with --remote every value is written into the text, so it counts. */
  statementBytes: 100_000,
  /** Queries per Worker invocation (Workers Paid); a batch stays well under it. */
  queriesPerInvocation: 1000,
} as const;

export interface BatchLimits {
  statements: number;
  /** SQL text, parameters and file bytes together: bounds the importer's and the Worker's memory. */
  bytes: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { statements: 400, bytes: 4 * 1024 * 1024 };

export interface BatchStatement {
  sql: string;
  params: unknown[];
}

/** Where the import stands: every record of `section` before `index` is written. */
export interface Position {
  section: Section;
  index: number;
}

export interface Batch {
  number: number;
  statements: BatchStatement[];
  objects: StoredObject[];
  /** Page text of the batch's documents, for their text shards (written before the statements). */
  texts: DocumentText[];
  bytes: number;
  /** Set when the batch ends with a whole record: the import may resume right after it. */
  resumeAt?: Position;
}

export class StatementTooLargeError extends Error {}

/**
 * First statement of every batch: foreign keys are checked when the batch commits, not after each
 * statement, so a record may write its children before itself (see load.ts, threads). D1 supports
 * this pragma inside a batch; it ends with the batch's transaction.
 */
export const DEFER_FOREIGN_KEYS = "PRAGMA defer_foreign_keys = on";

const utf8 = new TextEncoder();

function paramBytes(p: unknown): number {
  if (typeof p === "string") return p.length * 3 > 64 ? utf8.encode(p).length : p.length * 3;
  if (p instanceof Uint8Array) return p.byteLength;
  return 8;
}

/** Renders a built query and checks it against D1's per-statement limits. */
export function renderStatement(q: Statement, where: string): BatchStatement & { bytes: number } {
  const { sql, params } = q.toSQL();
  if (params.length > D1_LIMITS.paramsPerStatement)
    throw new StatementTooLargeError(`${where}: a statement binds ${params.length} parameters (D1 allows ${D1_LIMITS.paramsPerStatement})`);
  const bytes = sql.length + params.reduce<number>((n, p) => n + paramBytes(p), 0);
  return { sql, params, bytes };
}

export class Batcher {
  private current: Batch;
  private count = 0;

  constructor(
    private readonly limits: BatchLimits,
    private readonly flush: (batch: Batch) => Promise<void>,
  ) {
    this.current = this.fresh();
  }

  private fresh(): Batch {
    return { number: ++this.count, statements: [], objects: [], texts: [], bytes: 0 };
  }

  private full(extraStatements: number, extraBytes: number): boolean {
    const b = this.current;
    return b.statements.length > 0 && (b.statements.length + extraStatements > this.limits.statements || b.bytes + extraBytes > this.limits.bytes);
  }

  private async send(): Promise<void> {
    const batch = this.current;
    this.current = this.fresh();
    if (batch.statements.length || batch.objects.length || batch.texts.length) await this.flush(batch);
    else this.count--;
  }

  /** Adds one record; `after` is the position right after it (where a resumed run starts). */
  async add(plan: RecordPlan, after: Position, where: string): Promise<void> {
    const statements = plan.statements.map((q) => renderStatement(q, where));
    const objectBytes = plan.objects.reduce((n, o) => n + o.bytes.byteLength, 0);
    const texts = plan.texts ?? [];
    const textBytes = texts.reduce(
      (n, t) =>
        n +
        t.pages.reduce((m, p) => m + paramBytes(p), 0) +
        (t.boardRows ?? []).reduce((m, r) => m + r.params.reduce((k: number, v) => k + paramBytes(v), 0), 0),
      0,
    );
    const bytes = statements.reduce((n, s) => n + s.bytes, 0) + objectBytes + textBytes;
    if (this.full(statements.length, bytes)) await this.send();
    if (plan.atomic) {
      // One batch for the whole record, even past the soft limits (it is bounded: see RecordPlan).
      this.current.objects.push(...plan.objects);
      for (const { sql, params } of statements) this.current.statements.push({ sql, params });
      this.current.texts.push(...texts);
      this.current.bytes += bytes;
      this.current.resumeAt = after;
      return;
    }
    // Files ride with the first part of their record, so they are stored before its rows.
    this.current.objects.push(...plan.objects);
    this.current.bytes += objectBytes;
    for (const { sql, params, bytes: size } of statements) {
      if (this.full(1, size)) await this.send();
      this.current.statements.push({ sql, params });
      this.current.bytes += size;
    }
    // The text rides with the record's last part: its document row is written by then (or in the same batch).
    this.current.texts.push(...texts);
    this.current.bytes += textBytes;
    this.current.resumeAt = after;
  }

  /** Sends what is left; returns how many batches were sent. */
  async finish(): Promise<number> {
    await this.send();
    return this.count - 1;
  }
}
