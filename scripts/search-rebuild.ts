// Rebuilds (or drops) the search index from the base tables.
//
//   npm run search:rebuild                      local D1 (the `wrangler dev` state in .wrangler/state)
//   npm run search:rebuild -- --persist-to DIR  local D1 kept in DIR (as `wrangler dev --persist-to DIR`)
//   npm run search:rebuild -- --remote          the deployed database, through `wrangler d1 execute --remote`
//                                               (each text database of TEXT_SHARDS too: its page index)
//   npm run search:rebuild -- --drop [--remote] drop the index only (before `wrangler d1 export`)
//   npm run search:rebuild -- --print-migration SQL for a new migration that recreates the index as the code
//                                               describes it (register it with `drizzle-kit generate --custom`)
//
// Export with FTS5 tables fails on D1, so: --drop, `wrangler d1 export`, then rebuild.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { searchSchemaStatements } from "../src/search/index/index-sql";
import { dropPageIndexStatements, rebuildPageIndexStatements } from "../src/text/shard-schema";
import { COUNT_KEYS_SQL, dropPageIndex, dropStatements, rebuildPageIndex, rebuildSearchIndex, rebuildStatements } from "../src/search/index/rebuild";
import { parseTextShards } from "../src/text/shards";
import { localTextShards, textShardsVar } from "./lib/text-shards";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const DATABASE = option("--database") ?? "DB";

function migrationSql(): string {
  return [
    "-- Search index (FTS5) and the triggers that keep it in sync, recreated from src/search/index/index-sql.ts",
    "-- by `npm run search:rebuild -- --print-migration`. The index starts empty: run npm run search:rebuild after applying.",
    "",
    [...dropStatements(), ...searchSchemaStatements()].map((s) => s + ";").join("\n\n"),
    "",
  ].join("\n");
}

function wrangler(...rest: string[]): string {
  return execFileSync("npx", ["wrangler", ...rest], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

async function remote(drop: boolean): Promise<void> {
  let statements: string[];
  if (drop) {
    statements = dropStatements();
  } else {
    const out = JSON.parse(wrangler("d1", "execute", DATABASE, "--remote", "--json", "--command", COUNT_KEYS_SQL)) as {
      results: { total: number }[];
    }[];
    const keys = out[0]?.results[0]?.total ?? 0;
    statements = rebuildStatements(keys);
    console.log(`${keys} items to index`);
  }
  const dir = mkdtempSync(join(tmpdir(), "search-rebuild-"));
  const run = (database: string, list: string[]) => {
    const file = join(dir, `${database}.sql`);
    writeFileSync(file, list.map((s) => s + ";").join("\n"));
    wrangler("d1", "execute", database, "--remote", "--yes", "--file", file);
  };
  try {
    run(DATABASE, statements);
    // Each text database's page index, from its own pages.
    for (const shard of parseTextShards(textShardsVar())) {
      run(shard.name, drop ? dropPageIndexStatements() : rebuildPageIndexStatements());
      console.log(`${shard.name}: page index ${drop ? "dropped" : "rebuilt"}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function local(drop: boolean): Promise<void> {
  const { getPlatformProxy } = await import("wrangler");
  const persistTo = option("--persist-to");
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: "wrangler.toml",
    ...(persistTo ? { persist: { path: join(resolve(persistTo), "v3") } } : {}),
  });
  try {
    const db = (proxy.env as unknown as Record<string, D1Database>)[DATABASE];
    const shards = localTextShards(proxy.env);
    if (drop) {
      await db.batch(dropStatements().map((s) => db.prepare(s)));
      for (const shard of shards) await dropPageIndex(shard.db);
      return;
    }
    for (const shard of shards) console.log(`${shard.name}: page index rebuilt, ${await rebuildPageIndex(shard.db)} pages`);
    const started = Date.now();
    const progress = process.stdout.isTTY ? (done: number, total: number) => process.stdout.write(`\rfilling ${done}/${total}`) : undefined;
    const outcome = await rebuildSearchIndex(db, progress, shards);
    console.log(`\nrebuilt: ${outcome.keys} items, ${outcome.statements} statements, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await proxy.dispose();
  }
}

async function main(): Promise<void> {
  if (flag("--print-migration")) {
    process.stdout.write(migrationSql());
    return;
  }
  const drop = flag("--drop");
  await (flag("--remote") ? remote(drop) : local(drop));
  console.log(drop ? "search index dropped" : "search index rebuilt");
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
