// The preparation half of `npm run dev`, in its own process (see scripts/dev.ts): applies local
// migrations and loads the demo dataset into an empty local database, generating it when needed.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { DEMO_PATH, writeDemo } from "./demo/generate";
import { runMain } from "./lib/cli";
import { applyLocalMigrations, importLocally, resetLimiterState, withLocalBindings } from "./lib/local";

const DEMO_SOURCES = join("scripts", "demo");

async function localDatabaseIsEmpty(): Promise<boolean> {
  return withLocalBindings(async ({ DB }) => {
    const row = await DB.prepare(
      "select (select count(*) from users) + (select count(*) from documents) + (select count(*) from threads) as n",
    ).first<{ n: number }>();
    return (row?.n ?? 0) === 0;
  });
}

/** The demo file is regenerated when missing or older than the generator. */
async function demoFile(): Promise<string> {
  const newestSource = Math.max(...readdirSync(DEMO_SOURCES).map((f) => statSync(join(DEMO_SOURCES, f)).mtimeMs));
  if (!existsSync(DEMO_PATH) || statSync(DEMO_PATH).mtimeMs < newestSource) {
    const { bytes } = await writeDemo();
    console.log(`Generated ${DEMO_PATH} (${(bytes / 1024 / 1024).toFixed(2)} MB).`);
  }
  return DEMO_PATH;
}

async function seedIfEmpty(): Promise<void> {
  if (!(await localDatabaseIsEmpty())) {
    console.log("Local database has content; not loading the demo (npm run import -- --reset demo/demo.json reloads it).");
    return;
  }
  const path = await demoFile();
  console.log(`Loading ${path} into the empty local database…`);
  const outcome = await importLocally(JSON.parse(readFileSync(path, "utf8")), true);
  if (!outcome.ok) throw new Error(`the demo dataset did not import:\n${outcome.problems.map((p) => `  ${p.path}: ${p.message}`).join("\n")}`);
  resetLimiterState();
  console.log(
    `Demo loaded: ${Object.entries(outcome.counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")}.`,
  );
}

runMain(async () => {
  console.log("Applying local migrations…");
  await applyLocalMigrations();
  await seedIfEmpty();
});
