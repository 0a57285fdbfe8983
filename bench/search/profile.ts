// Per-statement SQL time of the search (D1's own `meta.duration`, whole milliseconds) on the
// benchmark state: which group costs what, for tuning CANDIDATES. Run after `npm run bench:search`:
//   npx tsx bench/search/profile.ts [runs per statement, default 5; the fastest counts]
import { join, resolve } from "node:path";
import { getDb } from "../../src/db/client";
import { searchPlans } from "./plans";
import type { SqlFragment } from "../../src/search/plan/sql-fragment";
import { benchQueries } from "./queries";
import { DEFAULT_SIZES } from "./data";
import { writeResultsSection } from "../lib/results";
import { localTextShards } from "../../scripts/lib/text-shards";

const { getPlatformProxy } = await import("wrangler");
const proxy = await getPlatformProxy<{ DB: D1Database }>({
  configPath: "wrangler.toml",
  persist: { path: join(resolve("bench/out/search-state"), "v3") },
});
const db = proxy.env.DB;
const ctx = {
  db: getDb({ DB: db }),
  viewer: null,
  urls: { siteUrl: "http://x", lang: "en" as const },
  now: new Date().toISOString(),
  shards: localTextShards(proxy.env),
};
const RUNS = Number(process.argv[2] ?? 5);
const totals = new Map<string, number[]>();
for (const { q } of benchQueries(DEFAULT_SIZES.boards)) {
  const plans = await searchPlans(ctx, q, {});
  for (const [group, plan] of Object.entries(plans)) {
    const run = async (statement: SqlFragment) => {
      const { sql, params } = statement.render();
      return db
        .prepare(sql)
        .bind(...params)
        .all<{ id: number }>();
    };
    // The fastest of a few runs: robust against other processes competing for the CPU.
    let best = Infinity;
    for (let i = 0; i < RUNS; i++) {
      best = Math.min(best, (await run(plan)).meta.duration);
    }
    const list = totals.get(group) ?? [];
    list.push(best);
    totals.set(group, list);
    if (best > 10) console.log(`slow: ${group} ${best} ms ${JSON.stringify(q)}`);
  }
}
const pick = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const rows: string[] = [];
const perQuery = [...totals.values()].reduce(
  (sum, list) => sum.map((v, i) => v + list[i]),
  new Array(totals.values().next().value?.length ?? 0).fill(0),
);
for (const [group, list] of [...totals, ["all groups", perQuery] as [string, number[]]]) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(`${group.padEnd(10)} p50 ${pick(sorted, 50)}, p95 ${pick(sorted, 95)}, p99 ${pick(sorted, 99)}, max ${sorted[sorted.length - 1]}`);
  rows.push(`| ${group} | ${pick(sorted, 50)} | ${pick(sorted, 95)} | ${pick(sorted, 99)} | ${sorted[sorted.length - 1]} |`);
}
await proxy.dispose();

// Replace this section of bench/RESULTS.md with the new figures.
const section = [
  "### SQL time per search",
  "",
  `Command: \`npx tsx bench/search/profile.ts ${RUNS}\` on the same state. D1's own \`meta.duration\` (whole ms) of each group's ranking statement (loading the 10 items adds about 1 ms), the fastest of ${RUNS} runs (robust against other processes on the machine); the 200 queries of the mix, anonymous, warm caches.`,
  "",
  "| group | p50 ms | p95 ms | p99 ms | max ms |",
  "|---|---|---|---|---|",
  ...rows,
  "",
].join("\n");
writeResultsSection("search-sql", section);
