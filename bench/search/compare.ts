// npx tsx bench/search/compare.ts -- --base DIR [--port N] [--base-port N] [--passes N]
//
// A/B latency of two builds of the Worker on the same data: this checkout and another (DIR, e.g. a
// `git archive main | tar -x` with node_modules linked), each on its own loaded copy of the bench:search
// state (`npm run bench:search` in each first). Both run at once and the 200-query mix goes to each
// alternately, query by query, so the load of a shared machine hits both alike (bench:search's own
// figures moved 3× between two runs of the same code on a busy machine). Prints p50/p95/p99 and ratios.
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { waitForAnswer } from "../lib/dev-worker";
import { BENCH_KEY } from "./catalogue";
import { DEFAULT_SIZES } from "./data";
import { benchQueries } from "./queries";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const baseDir = option("--base");
if (!baseDir) throw new Error("--base DIR (another checkout with its own bench/out/search-state) is required");
const sides = [
  { name: "base", cwd: resolve(baseDir), port: Number(option("--base-port") ?? 8798) },
  { name: "this", cwd: resolve("."), port: Number(option("--port") ?? 8797) },
];
const PASSES = Number(option("--passes") ?? 3);

function start(cwd: string, port: number): ChildProcess {
  const vars = ["--var", "ANON_RATE_PER_MINUTE:100000000", "--var", "KEY_RATE_PER_MINUTE:100000000"];
  return spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--local",
      "--persist-to",
      `${cwd}/bench/out/search-state`,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(port + 150),
      ...vars,
      "--log-level",
      "error",
    ],
    {
      cwd,
      detached: true,
      stdio: "ignore",
      env: { ...process.env, CI: "1" },
    },
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function ask(port: number, q: { q: string; keyed: boolean }): Promise<number> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/search?q=${encodeURIComponent(q.q)}`, {
    headers: q.keyed ? { Authorization: `Bearer ${BENCH_KEY}` } : {},
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`port ${port}: ${q.q} answered ${res.status}`);
  return performance.now() - started;
}

const workers = sides.map((s) => start(s.cwd, s.port));
try {
  for (const [i, s] of sides.entries()) await waitForAnswer(`http://127.0.0.1:${s.port}/healthz`, workers[i], 120_000);
  const queries = benchQueries(DEFAULT_SIZES.boards);
  const times = new Map(sides.map((s) => [s.name, [] as number[]]));
  // Pass 0 warms each isolate's caches; the order alternates so neither side always goes first.
  for (let pass = 0; pass <= PASSES; pass++) {
    for (const [i, q] of queries.entries()) {
      for (const s of (i + pass) % 2 ? sides : [...sides].reverse()) {
        const ms = await ask(s.port, q);
        if (pass > 0) times.get(s.name)!.push(ms);
      }
    }
  }
  for (const [name, list] of times)
    console.log(
      `${name}: n=${list.length} p50 ${percentile(list, 50).toFixed(1)} p95 ${percentile(list, 95).toFixed(1)} p99 ${percentile(list, 99).toFixed(1)} ms`,
    );
  const [base, mine] = [times.get("base")!, times.get("this")!];
  console.log(
    `this/base: p50 ${(percentile(mine, 50) / percentile(base, 50)).toFixed(2)}×, p95 ${(percentile(mine, 95) / percentile(base, 95)).toFixed(2)}×`,
  );
} finally {
  for (const w of workers) if (w.pid && w.exitCode === null) process.kill(-w.pid, "SIGTERM");
}
