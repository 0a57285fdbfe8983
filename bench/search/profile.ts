// Per-statement SQL time of the search (D1's own `meta.duration`, whole milliseconds) on the
// benchmark state: which group costs what, for tuning CANDIDATES. Run after `npm run bench:search`:
//   npx tsx bench/search/profile.ts [runs per statement, default 5; the fastest counts]
import { join, resolve } from "node:path";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../src/db/schema";
import { searchPlans } from "../../src/search";
import type { SQL } from "drizzle-orm";
import { benchQueries } from "./queries";
import { DEFAULT_SIZES } from "./data";

const { getPlatformProxy } = await import("wrangler");
const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: { path: join(resolve("bench/out/state"), "v3") } });
const db = proxy.env.DB;
const dialect = new SQLiteSyncDialect();
const ctx = { db: drizzle(db, { schema }), viewer: null, urls: { siteUrl: "http://x", lang: "en" as const }, now: new Date().toISOString() };
const RUNS = Number(process.argv[2] ?? 5);
const totals = new Map<string, number[]>();
for (const { q } of benchQueries(DEFAULT_SIZES.boards)) {
  const plans = await searchPlans(ctx, q, {});
  for (const [group, plan] of Object.entries(plans)) {
    const run = async (statement: SQL) => {
      const { sql, params } = dialect.sqlToQuery(statement);
      return db.prepare(sql).bind(...params).all<{ id: number }>();
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
for (const [group, list] of totals) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(`${group.padEnd(10)} sum ${sorted.reduce((a, b) => a + b, 0)} ms, p50 ${sorted[Math.floor(sorted.length / 2)]}, p95 ${sorted[Math.floor(sorted.length * 0.95)]}, max ${sorted[sorted.length - 1]}`);
}
await proxy.dispose();
