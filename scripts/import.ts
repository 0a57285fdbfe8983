// npm run import -- [--reset] [--remote | --rehearse] FILE.json
//
// Validates the whole file first (nothing is loaded when any record is wrong; each problem is
// printed as `$.path: message`), then loads it:
// - locally (default): into the state `wrangler dev` uses, through getPlatformProxy, after
//   applying local migrations; --reset also empties the Limiter counters.
// - --remote: into the deployed D1/R2 through wrangler (an SQL script file + `r2 object put`).
// - --rehearse: the --remote path run against the local state, to try a remote import offline.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getDb } from "../src/db/client";
import { buildImportPlan, loadExistingKeys, type ImportPlan } from "../src/import/load";
import { planStatements, renderSqlScript } from "../src/import/sql-script";
import type { ImportProblem } from "../src/import/validate";
import { validateImport } from "../src/import/validate";
import { runMain, UsageError } from "./lib/cli";
import { applyLocalMigrations, importLocally as runLocalImport, resetLimiterState } from "./lib/local";
import { deleteObjects, putObjects } from "./lib/r2-objects";
import { WranglerD1, type WranglerLocation } from "./lib/wrangler-d1";
import { runWrangler } from "./lib/wrangler";

const USAGE = "usage: npm run import -- [--reset] [--remote | --rehearse] FILE.json";

function parseCommandLine(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { reset: { type: "boolean" }, remote: { type: "boolean" }, rehearse: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  if (positionals.length !== 1) throw new UsageError(`expected exactly one FILE.json\n${USAGE}`);
  if (values.remote && values.rehearse) throw new UsageError(`--remote and --rehearse exclude each other\n${USAGE}`);
  return { file: positionals[0], reset: values.reset ?? false, target: values.remote ? "remote" : values.rehearse ? "rehearse" : "local" } as const;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    printProblems(file, [{ path: "$", message: `not valid JSON: ${(error as Error).message}` }]);
    return undefined;
  }
}

function printProblems(file: string, problems: ImportProblem[]): void {
  console.error(`${file}: ${problems.length} problem${problems.length === 1 ? "" : "s"}, nothing was loaded`);
  for (const p of problems) console.error(`  ${p.path}: ${p.message}`);
}

function printCounts(counts: Record<string, number>): void {
  const width = Math.max(...Object.keys(counts).map((k) => k.length));
  for (const [what, n] of Object.entries(counts)) console.log(`  ${what.padEnd(width)}  ${n}`);
}

async function importLocally(file: string, raw: unknown, reset: boolean): Promise<number> {
  await applyLocalMigrations();
  const outcome = await runLocalImport(raw, reset);
  if (!outcome.ok) {
    printProblems(file, outcome.problems);
    return 1;
  }
  console.log(`Imported ${file} into the local database${reset ? " (reset first)" : ""}:`);
  printCounts(outcome.counts);
  if (reset) {
    const cleared = resetLimiterState();
    console.log(cleared.length ? `Limit counters reset (${cleared.join(", ")} removed).` : "Limit counters: none stored yet.");
  }
  return 0;
}

async function importThroughWrangler(file: string, raw: unknown, reset: boolean, location: WranglerLocation): Promise<number> {
  const where = location === "remote" ? "the deployed database" : "the local database (rehearsal of --remote)";
  const d1 = new WranglerD1(location);
  const db = d1.asD1Database();
  console.log(`Reading existing keys from ${where}…`);
  const existing = reset ? undefined : await loadExistingKeys(db);
  const validated = validateImport(raw, existing);
  if (!validated.ok) {
    printProblems(file, validated.problems);
    return 1;
  }
  const plan: ImportPlan = await buildImportPlan(getDb({ DB: db }), validated.data, new Date().toISOString());
  const previousKeys = reset ? (await db.prepare("select r2_key as k from document_versions").all<{ k: string }>()).results.map((r) => r.k) : [];

  // Files first: a failure here leaves the rows as they were (new keys are only written by this import).
  console.log(`Uploading ${plan.objects.length} files…`);
  await putObjects(location, plan.objects, (done) => {
    if (done % 10 === 0 || done === plan.objects.length) console.log(`  ${done}/${plan.objects.length}`);
  });

  const dir = join(".wrangler", "import");
  mkdirSync(dir, { recursive: true });
  const scriptPath = join(dir, `import-${Date.now()}.sql`);
  const statements = planStatements(plan, { reset });
  writeFileSync(scriptPath, renderSqlScript(statements));
  console.log(`Running ${statements.length} statements from ${scriptPath}…`);
  await runWrangler(["d1", "execute", "DB", `--${location}`, "--file", scriptPath, "--yes"], { capture: true });
  rmSync(scriptPath); // kept only when the run fails, to look at

  if (reset) {
    const keep = new Set(plan.objects.map((o) => o.key));
    const stale = previousKeys.filter((k) => !keep.has(k));
    if (stale.length) {
      console.log(`Deleting ${stale.length} files no row points at any more…`);
      await deleteObjects(location, stale);
    }
    if (location === "remote") console.log("Note: limit counters of the deployed Worker are not reset; they expire with their windows.");
  }
  console.log(`Imported ${file} into ${where}${reset ? " (reset first)" : ""}:`);
  printCounts(plan.counts);
  return 0;
}

runMain(async () => {
  const args = parseCommandLine(process.argv.slice(2));
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  const raw = readJson(args.file);
  if (raw === undefined) return 1;
  if (args.target === "local") return importLocally(args.file, raw, args.reset);
  return importThroughWrangler(args.file, raw, args.reset, args.target === "remote" ? "remote" : "local");
});
