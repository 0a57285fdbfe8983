// npm run bench:search [-- --reuse] [-- --documents N --threads N --cases N]
//
// 1. Generates the dataset (default 100 000 documents with a page of ~300 words each, 50 000
//    threads with replies, 20 000 repair cases) and loads it into a LOCAL D1 kept in bench/out/search-state
//    (never the dev state), then rebuilds the search index from the base tables.
// 2. Starts the Worker with `wrangler dev` on that state, pinned to one core (taskset -c 0), and runs
//    the fixed mix of 200 queries through GET /api/v1/search: one warm-up pass, then measured passes.
// 3. Prints p50/p95/p99 of the whole request and the database size, and writes bench/RESULTS.md.
import { spawn, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { DEFAULT_SIZES, type Sizes } from "./data";
import { BENCH_KEY, loadCatalogue } from "./catalogue";
import { benchQueries, type BenchQuery } from "./queries";
import { waitForAnswer } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const STATE = resolve("bench/out/search-state");
const PORT = Number(option("--port") ?? 8799);
const PASSES = Number(option("--passes") ?? 3);
const sizes: Sizes = {
  ...DEFAULT_SIZES,
  documents: Number(option("--documents") ?? DEFAULT_SIZES.documents),
  threads: Number(option("--threads") ?? DEFAULT_SIZES.threads),
  cases: Number(option("--cases") ?? DEFAULT_SIZES.cases),
};

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const log = (msg: string) => console.log(`[bench] ${msg}`);

interface Sample {
  query: BenchQuery;
  ms: number;
  status: number;
  results: number;
}

async function runQueries(base: string, queries: BenchQuery[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const query of queries) {
    const headers: Record<string, string> = query.keyed ? { Authorization: `Bearer ${BENCH_KEY}` } : {};
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(query.q)}`, { headers });
    const body = (await res.json()) as { data?: Record<string, unknown[] | string> };
    const ms = performance.now() - started;
    const results = body.data ? Object.values(body.data).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0) : 0;
    samples.push({ query, ms, status: res.status, results });
  }
  return samples;
}

/** The floor of this machine: the same path with no search work (one trivial D1 query, and none at all). */
async function baseline(base: string, path: string, n = 100): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`);
    await res.arrayBuffer();
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(samples: Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}

async function main(): Promise<void> {
  const reuse = args.includes("--reuse") && existsSync(STATE);
  let loaded: Awaited<ReturnType<typeof loadCatalogue>> | undefined;
  if (!reuse) {
    log(`generating and loading ${sizes.documents} documents, ${sizes.threads} threads, ${sizes.cases} cases into ${STATE}`);
    loaded = await loadCatalogue(STATE, sizes);
    log(
      `loaded in ${seconds(loaded.loadMs)} s, index rebuilt in ${seconds(loaded.rebuildMs)} s, database ${(loaded.indexedBytes / 1e6).toFixed(0)} MB`,
    );
  }

  // Pin the Worker (workerd and wrangler's proxy) to one core; the client runs on the other.
  const wranglerArgs = [
    "wrangler",
    "dev",
    "--local",
    "--persist-to",
    STATE,
    "--port",
    String(PORT),
    "--ip",
    "127.0.0.1",
    "--var",
    "ANON_RATE_PER_MINUTE:100000000",
    "--var",
    "KEY_RATE_PER_MINUTE:100000000",
    "--log-level",
    "error",
  ];
  const pinned = cpus().length > 1;
  const child = pinned
    ? spawn("taskset", ["-c", "0", "npx", ...wranglerArgs], { stdio: "ignore", detached: true })
    : spawn("npx", wranglerArgs, { stdio: "ignore", detached: true });
  if (pinned) execFileSync("taskset", ["-cp", "1", String(process.pid)], { stdio: "ignore" });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitForAnswer(`${base}/api/v1/openapi.json`, child, 120_000);
    const queries = benchQueries(sizes.boards);
    // First pass: the Worker's per-isolate caches (word probes, board spellings) start empty.
    const cold = summary(await runQueries(base, queries));
    const loadBefore = loadavg()[0];
    const samples: Sample[] = [];
    for (let pass = 0; pass < PASSES; pass++) samples.push(...(await runQueries(base, queries)));
    const loadAfter = loadavg()[0];
    const noDb = await baseline(base, "/api/v1/search?q=--");
    const oneQuery = await baseline(base, "/api/v1/boards/no-such-board");
    const failures = samples.filter((s) => s.status !== 200);
    const all = summary(samples);
    const byKind = Object.fromEntries(
      [...new Set(queries.map((q) => q.kind))].map((kind) => [kind, summary(samples.filter((s) => s.query.kind === kind))]),
    );
    const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, 5);
    const fmt = (x: number) => x.toFixed(1);
    console.log(`\nfirst pass (cold caches) over ${cold.n} requests: p50 ${fmt(cold.p50)} ms, p95 ${fmt(cold.p95)} ms, p99 ${fmt(cold.p99)} ms`);
    console.log(
      `/search over ${all.n} requests (${PASSES} passes of ${queries.length} queries): p50 ${fmt(all.p50)} ms, p95 ${fmt(all.p95)} ms, p99 ${fmt(all.p99)} ms, max ${fmt(all.max)} ms; non-200: ${failures.length}`,
    );
    for (const [kind, s] of Object.entries(byKind))
      console.log(`  ${kind.padEnd(10)} n=${s.n} p50 ${fmt(s.p50)} p95 ${fmt(s.p95)} p99 ${fmt(s.p99)}`);
    console.log(
      `floor: no D1 query p50 ${fmt(percentile(noDb, 50))} p95 ${fmt(percentile(noDb, 95))}; one trivial D1 query p50 ${fmt(percentile(oneQuery, 50))} p95 ${fmt(percentile(oneQuery, 95))}; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    );
    if (loaded)
      console.log(
        `database: ${(loaded.baseBytes / 1e6).toFixed(0)} MB base tables + ${((loaded.indexedBytes - loaded.baseBytes) / 1e6).toFixed(0)} MB search index = ${(loaded.indexedBytes / 1e6).toFixed(0)} MB`,
      );

    const command = `npm run bench:search${args.length ? " -- " + args.join(" ") : ""}`;
    const lines = [
      "## Search (issue 3)",
      "",
      `Command: \`${command}\` (${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, wrangler dev / local D1${pinned ? ", Worker pinned to one core with taskset -c 0" : ""}).`,
      "",
      `Dataset: ${sizes.documents} documents with one page of ~${sizes.pageWords} words each, ${sizes.threads} threads (0–5 replies each), ${sizes.cases} repair cases, ${sizes.posts} blog posts, ${sizes.boards} boards; Zipf-like repair vocabulary of 20 000 words (bench/search/data.ts).`,
      ...(loaded
        ? [
            `Load: ${seconds(loaded.loadMs)} s for the base tables, ${seconds(loaded.rebuildMs)} s to rebuild the search index (${loaded.keys} items) from them.`,
            `Database size (D1 \`size_after\`): ${(loaded.baseBytes / 1e6).toFixed(0)} MB base tables + ${((loaded.indexedBytes - loaded.baseBytes) / 1e6).toFixed(0)} MB search index = **${(loaded.indexedBytes / 1e6).toFixed(0)} MB**.`,
          ]
        : ["(Reused an existing loaded state; load figures not measured in this run.)"]),
      "",
      `Queries: the fixed mix of ${queries.length} in bench/search/queries.ts (every fifth with an API key), one first pass (the Worker's per-isolate caches of word probes and board spellings empty), then ${PASSES} measured passes: time of the whole \`GET /api/v1/search\` request as the client sees it.`,
      "",
      "| queries | n | p50 ms | p95 ms | p99 ms |",
      "|---|---|---|---|---|",
      `| **all** | ${all.n} | **${fmt(all.p50)}** | **${fmt(all.p95)}** | **${fmt(all.p99)}** |`,
      ...Object.entries(byKind).map(([kind, s]) => `| ${kind} | ${s.n} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} |`),
      `| first pass (cold caches) | ${cold.n} | ${fmt(cold.p50)} | ${fmt(cold.p95)} | ${fmt(cold.p99)} |`,
      "",
      `Non-200 answers: ${failures.length}. Slowest: ${slowest.map((s) => `\`${s.query.q}\` ${fmt(s.ms)} ms`).join(", ")}.`,
      "",
      `Floor of the same machine and path in the same run (100 requests each): \`/search?q=--\` (no D1 query) p50 ${fmt(percentile(noDb, 50))} ms, p95 ${fmt(percentile(noDb, 95))} ms; \`/boards/no-such-board\` (one trivial D1 query) p50 ${fmt(percentile(oneQuery, 50))} ms, p95 ${fmt(percentile(oneQuery, 95))} ms. One-minute load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after the measured passes (2 cores shared with other work).`,
      "",
    ];
    writeResultsSection("search", lines.join("\n"));
    log("wrote bench/RESULTS.md");
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
