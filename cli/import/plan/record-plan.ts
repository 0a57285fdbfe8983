// What planning one record produces, gathered in one place: its statements, the files it stores, its counts
// per section, the page text for its text shard, and whether it must run as one batch. Each section's planner
// (one file per section beside this one) adds to a builder and shares nothing else.
import type { Db } from "../../../src/db/client";
import type { ImportFile } from "../format";
import type { DocumentText } from "../text";

export interface StoredObject {
  key: string;
  bytes: Uint8Array;
  contentType: string;
  filename: string;
}

/** A built drizzle query: rendered to SQL text and parameters, run through D1 (or a remote SQL file). */
export interface Statement {
  toSQL(): { sql: string; params: unknown[] };
}

/** One record's rows and files. */
export interface RecordPlan {
  statements: Statement[];
  objects: StoredObject[];
  counts: Record<string, number>;
  /** Page text of the record's documents: written to their text shards, not in the primary's statements. */
  texts?: DocumentText[];
  /** Must run in one batch (it relies on deferred foreign keys); never more than ATOMIC_RECORD_STATEMENTS. */
  atomic?: boolean;
}

export type Item<S extends keyof ImportFile> = NonNullable<ImportFile[S]>[number];

/** What every planner may read: the database the statements are built for, the import's time, the record's place. */
export interface PlanContext {
  db: Db;
  /** The import's time, for rows the file gives none. */
  now: string;
  /** The record's position in its section (orders categories). */
  index: number;
}

export class RecordPlanBuilder {
  private readonly statements: Statement[] = [];
  private readonly objects: StoredObject[] = [];
  private readonly counts: Record<string, number> = {};
  private readonly texts: DocumentText[] = [];
  private atomic = false;

  push(...statements: Statement[]): void {
    this.statements.push(...statements);
  }

  /** A file to put in R2 before the record's rows. */
  store(object: StoredObject): void {
    this.objects.push(object);
  }

  /** Page text, written to the document's text shard (not among the primary's statements). */
  addText(text: DocumentText): void {
    this.texts.push(text);
  }

  count(key: string, n = 1): void {
    this.counts[key] = (this.counts[key] ?? 0) + n;
  }

  /** The record relies on deferred foreign keys: its statements must run in one batch. */
  markAtomic(): void {
    this.atomic = true;
  }

  build(): RecordPlan {
    return { statements: this.statements, objects: this.objects, counts: this.counts, atomic: this.atomic, texts: this.texts };
  }
}
