// npm run import -- [--reset] [--dry-run] [--remote | --rehearse] [--restart] FILE.json | FOLDER
//
// Streams the input (one JSON file, or a folder of <section>.jsonl files) and validates all of it
// first: nothing is written when any record is wrong, and each problem is printed as
// `$.path: message`. Then writes it in batches (each one Worker invocation and one D1 batch):
// - locally (default): into the state `wrangler dev` uses, through a throwaway local Worker, after
//   applying local migrations; --reset also empties the Limiter counters.
// - --remote: into the deployed D1/R2 through wrangler (an SQL script per batch, `r2 object put`).
// - --rehearse: the --remote path run against the local state, to try a remote import offline.
// A run that stops half-way is resumed by running the same command again (see checkpoint.ts).
import { parseArgs } from "node:util";
import { getDb } from "../src/db/client";
import { DEFAULT_BATCH_LIMITS, type BatchLimits, type Position } from "../cli/import/batch";
import { remoteLimitProblems } from "../cli/import/limits";
import type { ImportProblem } from "../cli/import/problems";
import { runImport, type ImportOutcome } from "../cli/import/run";
import type { ImportTarget } from "../cli/import/target";
import { Checkpoint } from "./lib/checkpoint";
import { runMain, UsageError } from "./lib/cli";
import { openInput } from "./lib/import-files";
import { applyLocalMigrations, resetLimiterState, startImportWorker } from "./lib/local";
import { ProgressBar } from "./lib/progress";
import { wranglerTarget } from "./lib/wrangler-target";

const USAGE = `usage: npm run import -- [--reset] [--dry-run] [--remote | --rehearse] [--restart] [--batch-statements N] [--batch-mb N] FILE.json | FOLDER
  --dry-run            validate only; write nothing
  --reset              empty the content (and local limit counters) first
  --remote             write to the deployed D1 and R2 (through wrangler)
  --rehearse           the --remote path against the local state
  --restart            ignore the checkpoint of an interrupted run and start over
  --stop-after N       stop after N batches (to try resuming)
  --persist-to DIR     local state directory (default: the one wrangler dev uses)
  --batch-statements N, --batch-mb N   batch size (default 400 statements, 4 MB locally)`;

/** Batches through wrangler are one process each, so they are larger; D1's per-statement limits still hold. */
const REMOTE_BATCH_LIMITS: BatchLimits = { statements: 2000, bytes: 8 * 1024 * 1024 };

function parseCommandLine(argv: string[]) {
  const parsed = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          reset: { type: "boolean" },
          remote: { type: "boolean" },
          rehearse: { type: "boolean" },
          "dry-run": { type: "boolean" },
          restart: { type: "boolean" },
          quiet: { type: "boolean", short: "q" },
          "batch-statements": { type: "string" },
          "batch-mb": { type: "string" },
          "stop-after": { type: "string" },
          "persist-to": { type: "string" },
          help: { type: "boolean", short: "h" },
        },
      });
    } catch (error) {
      throw new UsageError(`${(error as Error).message}\n${USAGE}`);
    }
  })();
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  if (positionals.length !== 1) throw new UsageError(`expected exactly one FILE.json or FOLDER\n${USAGE}`);
  if (values.remote && values.rehearse) throw new UsageError(`--remote and --rehearse exclude each other\n${USAGE}`);
  // wrangler's d1 and r2 commands, which --remote and --rehearse run, write the state `wrangler dev` uses.
  if ((values.remote || values.rehearse) && values["persist-to"]) throw new UsageError(`--persist-to is for the local path only\n${USAGE}`);
  const number = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!(n > 0)) throw new UsageError(`--${name} must be a positive number\n${USAGE}`);
    return n;
  };
  const target = values.remote ? "remote" : values.rehearse ? "rehearse" : "local";
  const base = target === "local" ? DEFAULT_BATCH_LIMITS : REMOTE_BATCH_LIMITS;
  const limits: BatchLimits = {
    statements: number("batch-statements", values["batch-statements"]) ?? base.statements,
    bytes: (number("batch-mb", values["batch-mb"]) ?? base.bytes / 1024 / 1024) * 1024 * 1024,
  };
  return {
    input: positionals[0],
    reset: values.reset ?? false,
    dryRun: values["dry-run"] ?? false,
    restart: values.restart ?? false,
    quiet: values.quiet ?? false,
    stopAfter: number("stop-after", values["stop-after"]),
    persistTo: values["persist-to"],
    limits,
    target,
  } as const;
}

function printProblems(input: string, problems: ImportProblem[]): void {
  console.error(`${input}: ${problems.length} problem${problems.length === 1 ? "" : "s"}, nothing was written`);
  for (const p of problems) console.error(`  ${p.path}: ${p.message}`);
}

function printSummary(outcome: Extract<ImportOutcome, { ok: true }>, seconds: number): void {
  const rows = Object.entries(outcome.sections).map(([section, s]) => [
    section,
    s.records.toLocaleString("en"),
    `${(s.bytes / 1024 / 1024).toFixed(1)} MB`,
    s.ms ? `${(s.ms / 1000).toFixed(1)} s` : "",
  ]);
  const table = [["section", "records", "input", "write time"], ...rows];
  const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
  for (const row of table) console.log("  " + row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "));
  if (outcome.written) {
    console.log(
      `  records written: ${Object.entries(outcome.counts)
        .map(([k, n]) => `${n.toLocaleString("en")} ${k}`)
        .join(", ")}`,
    );
    console.log(
      `  ${outcome.batches} batches, ${outcome.rowsWritten ? `${outcome.rowsWritten.toLocaleString("en")} rows written (as D1 counts them, search index included), ` : ""}${seconds.toFixed(1)} s`,
    );
    if (outcome.searchRebuilt) console.log("  search index rebuilt once at the end (a bulk run: its triggers were off while writing)");
  }
}

class StoppedOnRequest extends Error {}

runMain(async () => {
  const args = parseCommandLine(process.argv.slice(2));
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  const input = openInput(args.input);
  const checkpoint = new Checkpoint({ input: args.input, size: input.size, mtimeMs: input.mtimeMs, target: args.target, reset: args.reset });
  if (args.restart) checkpoint.clear();
  const resumeFrom: Position | undefined = args.dryRun ? undefined : checkpoint.load();
  const where =
    args.target === "remote"
      ? "the deployed database"
      : args.target === "rehearse"
        ? "the local database (rehearsal of --remote)"
        : "the local database";

  let target: ImportTarget;
  let dispose = async () => {};
  if (args.target === "local") {
    await applyLocalMigrations(args.persistTo);
    const worker = await startImportWorker(args.persistTo);
    target = worker.target;
    dispose = worker.dispose;
  } else {
    // A rehearsal stands in for the deployed database, whose migrations the deployment applies: here, locally.
    if (args.target === "rehearse") await applyLocalMigrations();
    target = wranglerTarget(args.target === "remote" ? "remote" : "local");
  }

  const progress = new ProgressBar(args.quiet);
  const started = Date.now();
  if (resumeFrom)
    console.log(`Resuming an interrupted import of ${args.input} at ${resumeFrom.section}[${resumeFrom.index}] (--restart starts over).`);
  const now = new Date();
  const db = getDb({ DB: {} as D1Database });
  let outcome: ImportOutcome;
  try {
    outcome = await runImport(input.source, target, {
      reset: args.reset,
      dryRun: args.dryRun,
      now,
      resumeFrom,
      limits: args.limits,
      onProgress: progress.update,
      checkRecord:
        args.target === "local" ? undefined : (section, index, record) => remoteLimitProblems(db, section, index, record, now.toISOString()),
      onBatchWritten: (batch, resumeAt) => {
        if (resumeAt) checkpoint.save(resumeAt);
        if (args.stopAfter && batch.number >= args.stopAfter)
          throw new StoppedOnRequest(`stopped after ${batch.number} batches as asked; run the same command again to resume`);
      },
    });
  } catch (error) {
    progress.done();
    if (error instanceof StoppedOnRequest) {
      console.error(error.message);
      return 3;
    }
    throw error;
  } finally {
    await dispose();
  }
  progress.done();
  if (!outcome.ok) {
    printProblems(args.input, outcome.problems);
    return 1;
  }
  const seconds = (Date.now() - started) / 1000;
  if (!outcome.written) {
    console.log(`${args.input} is valid (dry run, nothing written):`);
    printSummary(outcome, seconds);
    return 0;
  }
  checkpoint.clear();
  console.log(`Imported ${args.input} into ${where}${args.reset ? " (reset first)" : ""}:`);
  printSummary(outcome, seconds);
  if (args.reset) {
    if (args.target === "local") {
      const cleared = resetLimiterState();
      console.log(cleared.length ? `Limit counters reset (${cleared.join(", ")} removed).` : "Limit counters: none stored yet.");
    } else if (args.target === "remote") console.log("Note: limit counters of the deployed Worker are not reset; they expire with their windows.");
  }
  return 0;
});
