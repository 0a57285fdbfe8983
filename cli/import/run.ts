// The import pipeline: validate the whole input in two streaming passes (shapes and keys, then
// references), then write it in batches in dependency order. Nothing is written when any problem
// is found; the write pass is idempotent (upserts by id or natural key, files by their key), so a
// run that stopped half-way is finished by running it again, or resumed from its last batch.
import { getDb, type Db } from "../../src/db/client";
import { Batcher, DEFAULT_BATCH_LIMITS, type Batch, type BatchLimits, type Position } from "./batch";
import { SECTIONS, type Section } from "./format";
import { planRecord, WRITE_ORDER } from "./load";
import type { ImportProblem } from "./problems";
import type { ImportSource } from "./source";
import { RetryableError, type ImportTarget } from "./target";
import { ImportChecker, parseRecord, type KeyKind } from "./validate";

export type Phase = "scan" | "shapes" | "references" | "write" | "index";

export interface Progress {
  phase: Phase;
  section?: Section;
  records: number;
  /** Input bytes read in this phase, and the input's size (0 when unknown). */
  bytes: number;
  totalBytes: number;
  /** Records in the input, once the first pass has counted them. */
  totalRecords?: number;
}

export interface SectionSummary {
  records: number;
  bytes: number;
  ms: number;
}

export type ImportOutcome =
  | {
      ok: true;
      counts: Record<string, number>;
      sections: Partial<Record<Section, SectionSummary>>;
      batches: number;
      written: boolean;
      rowsWritten: number;
      searchRebuilt: boolean;
    }
  | { ok: false; problems: ImportProblem[] };

export interface RunOptions {
  reset?: boolean;
  now?: Date;
  /** Validate only. */
  dryRun?: boolean;
  /** Continue a run that stopped: records before this position are already written. */
  resumeFrom?: Position;
  limits?: BatchLimits;
  onProgress?: (progress: Progress) => void;
  /** Called after each batch is stored, with the position a later run may resume from. */
  onBatchWritten?: (batch: Batch, resumeAt: Position | undefined) => void | Promise<void>;
  /** Rebuild the search index once at the end instead of keeping it by triggers from this many records (see BULK_SEARCH_RECORDS). */
  bulkSearchFrom?: number;
  /** An extra per-record check during validation (the --remote path measures statement sizes). */
  checkRecord?: (section: Section, index: number, record: unknown) => Promise<ImportProblem[]>;
}

/** A Db that only builds queries (toSQL); statements run through the target. */
function queryBuilder(): Db {
  return getDb({ DB: {} as D1Database });
}

const PROGRESS_EVERY = 500;

/**
 * From this many searchable records (documents, threads, posts, cases) a run may rebuild the search
 * index at its end instead of keeping it by triggers: each page, reply or board written re-indexes its
 * document or thread row by row, which was half the write time of a 10,000-document site
 * (bench/RESULTS.md), while a rebuild is a few bulk statements over the base tables.
 */
export const BULK_SEARCH_RECORDS = 1000;
const SEARCHABLE: readonly Section[] = ["documents", "threads", "blog_posts", "cases"];
const RETRY_DELAYS_MS = [1000, 5000, 15000];

/** Writes a batch, trying again after a retryable failure: every batch can run twice without harm. */
async function writeWithRetries(target: ImportTarget, batch: Batch): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await target.write(batch);
    } catch (error) {
      if (!(error instanceof RetryableError) || attempt >= RETRY_DELAYS_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}

export async function runImport(source: ImportSource, target: ImportTarget, options: RunOptions = {}): Promise<ImportOutcome> {
  const report = options.onProgress ?? (() => {});
  report({ phase: "scan", records: 0, bytes: 0, totalBytes: 0 });
  const opened = await source.open();
  const totalBytes = opened.bytes;
  const present = SECTIONS.filter((s) => opened.sections.includes(s));
  const checker = new ImportChecker();

  // Pass 1: shapes and the keys each record defines.
  let records = 0;
  let bytes = 0;
  for (const section of present) {
    for await (const r of source.records(section)) {
      if (r.error !== undefined) checker.unreadable(section, r.index, r.error);
      else checker.define(section, r.index, r.value);
      bytes += r.bytes;
      if (++records % PROGRESS_EVERY === 0) report({ phase: "shapes", section, records, bytes, totalBytes });
    }
  }
  const totalRecords = records;
  // Pass 2: references, and any extra check of the well-formed records.
  const extra: ImportProblem[] = [];
  const perSection: Partial<Record<Section, SectionSummary>> = {};
  records = 0;
  bytes = 0;
  for (const section of present) {
    const summary: SectionSummary = { records: 0, bytes: 0, ms: 0 };
    perSection[section] = summary;
    for await (const r of source.records(section)) {
      if (r.error === undefined) {
        checker.check(section, r.index, r.value);
        if (options.checkRecord) extra.push(...(await options.checkRecord(section, r.index, r.value)));
      }
      summary.records++;
      summary.bytes += r.bytes;
      bytes += r.bytes;
      if (++records % PROGRESS_EVERY === 0) report({ phase: "references", section, records, bytes, totalBytes, totalRecords });
    }
  }
  // References the file does not satisfy: the database may (unless it is about to be emptied).
  const found = new Map<KeyKind, Set<string>>();
  if (!options.reset) {
    for (const [kind, keys] of checker.missingKeys()) found.set(kind, await target.existing(kind, keys));
  }
  const problems = [...opened.problems, ...checker.finish((kind, key) => found.get(kind)?.has(key) ?? false), ...extra];
  if (problems.length) return { ok: false, problems };
  if (options.dryRun)
    return { ok: true, counts: countsOf(perSection), sections: perSection, batches: 0, written: false, rowsWritten: 0, searchRebuilt: false };

  // The write pass, in dependency order.
  const now = (options.now ?? new Date()).toISOString();
  const db = queryBuilder();
  const resume = options.resumeFrom;
  // Bulk mode: the index (with its triggers) is dropped for the write pass and rebuilt once at the end
  // when the input's searchable records are many and mostly new (the index holds fewer than half as many
  // items: rebuilding then costs about what keeping it would), or when an earlier run left it dropped.
  // Re-importing a site the database already holds keeps it by triggers, which unchanged rows never fire.
  // A run killed meanwhile leaves it dropped (search answers 503 with Retry-After); the next run sees
  // that and rebuilds it at its end, so the index is complete whenever a run completes.
  const searchable = SEARCHABLE.reduce((n, section) => n + (perSection[section]?.records ?? 0), 0);
  const indexed = await target.searchIndexSize();
  const bulk = indexed === undefined || (searchable >= (options.bulkSearchFrom ?? BULK_SEARCH_RECORDS) && indexed < searchable / 2);
  if (bulk && indexed !== undefined) await target.dropSearchIndex();
  if (options.reset && !resume) await target.reset();
  const counts: Record<string, number> = {};
  let rowsWritten = 0;
  const batcher = new Batcher(options.limits ?? DEFAULT_BATCH_LIMITS, async (batch) => {
    rowsWritten += await writeWithRetries(target, batch);
    await options.onBatchWritten?.(batch, batch.resumeAt);
  });
  const order = WRITE_ORDER.filter((s) => present.includes(s));
  const skipSections = resume ? order.indexOf(resume.section) : 0;
  records = 0;
  bytes = 0;
  for (const [n, section] of order.entries()) {
    const started = Date.now();
    const summary = perSection[section]!;
    for await (const r of source.records(section)) {
      bytes += r.bytes;
      records++;
      if (n < skipSections || (resume && n === skipSections && r.index < resume.index)) continue;
      const parsed = parseRecord(section, r.index, r.value);
      if (!parsed.ok) throw new Error(`${section}[${r.index}] changed since it was validated`);
      const plan = await planRecord(db, section, parsed.data, r.index, now);
      for (const [k, c] of Object.entries(plan.counts)) counts[k] = (counts[k] ?? 0) + c;
      await batcher.add(plan, { section, index: r.index + 1 }, `$.${section}[${r.index}]`);
      if (records % PROGRESS_EVERY === 0) report({ phase: "write", section, records, bytes, totalBytes, totalRecords });
    }
    summary.ms = Date.now() - started;
  }
  const batches = await batcher.finish();
  report({ phase: "write", records, bytes: totalBytes, totalBytes, totalRecords });
  if (bulk) {
    report({ phase: "index", records, bytes: totalBytes, totalBytes, totalRecords });
    rowsWritten += await target.rebuildSearchIndex();
  } else {
    // The rebuild feeds the vocabulary itself; rows kept by triggers need this pass.
    await target.syncVocabulary?.();
  }
  if (options.reset) await target.removeUnreferencedFiles();
  // After a resume, counts are what this run wrote; `sections` still describes the whole input.
  return { ok: true, counts, sections: perSection, batches, written: true, rowsWritten, searchRebuilt: bulk };
}

/** Records per section, for a dry run (nested replies and the like are counted when written). */
function countsOf(sections: Partial<Record<Section, SectionSummary>>): Record<string, number> {
  return Object.fromEntries(Object.entries(sections).map(([k, v]) => [k, v.records]));
}
