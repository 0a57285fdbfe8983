// `npm run bench:edge -- --side-by-side`: the read paths side by side in one run. One Worker under
// `wrangler dev` (entry bench/edge/worker.ts, no latency model) serves the cached answers and, asked with
// `X-Bench-Uncached: 1`, the same requests with the edge cache off (same isolate, same state); a second Worker
// answers "hello" (bench/edge/hello.ts), the floor. Every route is warmed first; then autocannon with 16
// connections per route, one after the other, the one-query route (the yardstick: the request pipeline and one
// trivial D1 query) taken three times (start, middle, end; the median decides). All calls from one address,
// limits raised by --var. Writes the table to bench/RESULTS.md (section `reads-LABEL`, --label=before|after|…).
import autocannon from "autocannon";
import type { ChildProcess } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { freePort, ROOT, seedState, startWorker, stopWorker } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";
import { UNCACHED_HEADER } from "./uncached";

const STATE = join(ROOT, "bench/out/side-state");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 16;
const RAISED = "1000000000";
const LABEL = process.argv.find((a) => a.startsWith("--label="))?.split("=")[1] ?? "after";
const portOption = (name: string) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? 0);

interface Target {
  label: string;
  path: string;
  uncached?: boolean;
  hello?: boolean;
}

interface Figure {
  target: Target;
  requestsPerSecond: number;
  p99Ms: number;
  failed: number;
}

async function measure(base: string, target: Target, seconds: number): Promise<Figure> {
  const result = await autocannon({
    url: base + target.path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: target.uncached ? { [UNCACHED_HEADER]: "1" } : {},
  });
  return {
    target,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** A document id and the site's English home: real items of the seeded data. */
async function routes(base: string): Promise<{ reads: Target[]; detail: string }> {
  const list = (await (await fetch(`${base}/api/v1/documents`)).json()) as { data: { id: string }[] };
  const detail = `/api/v1/documents/${list.data[0].id}`;
  const pairs: [string, string][] = [
    ["anonymous `/documents`", "/api/v1/documents"],
    ["document detail", detail],
    ["search `power`", "/api/v1/search?q=power"],
    ["thread list", "/api/v1/forum/threads"],
    ["site `/en`", "/en"],
  ];
  return {
    reads: pairs.flatMap(([label, path]) => [
      { label, path },
      { label, path, uncached: true },
    ]),
    detail,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const load = loadavg();
  const dataset = await seedState(STATE);
  const workers: ChildProcess[] = [];
  try {
    const [port, helloPort] = [portOption("port") || (await freePort()), portOption("hello-port") || (await freePort())];
    const vars = { ANON_RATE_PER_MINUTE: RAISED, KEY_RATE_PER_MINUTE: RAISED, SITE_RATE_PER_MINUTE: RAISED, EDGE_CACHE_TTL_SECONDS: "60" };
    workers.push(await startWorker({ port, state: STATE, entry: "bench/edge/worker.ts", vars }));
    workers.push(await startWorker({ port: helloPort, state: `${STATE}-hello`, config: join(ROOT, "bench/edge/hello.toml"), vars: {} }));
    const base = `http://127.0.0.1:${port}`;
    const helloBase = `http://127.0.0.1:${helloPort}`;
    const { reads } = await routes(base);
    const yardstick: Target = { label: "one-query route", path: "/__bench/one-query" };
    const hello: Target = { label: "hello Worker", path: "/", hello: true };
    const baseOf = (t: Target) => (t.hello ? helloBase : base);
    for (const t of [hello, yardstick, ...reads]) {
      const res = await fetch(baseOf(t) + t.path, { headers: t.uncached ? { [UNCACHED_HEADER]: "1" } : {} });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
      await measure(baseOf(t), t, 2); // warm-up: every route's code, statements and cache entry
    }
    const half = Math.ceil(reads.length / 2);
    const order = [yardstick, hello, ...reads.slice(0, half), yardstick, ...reads.slice(half), yardstick];
    const figures: Figure[] = [];
    for (const t of order) {
      const f = await measure(baseOf(t), t, SECONDS);
      console.log(`${t.label}${t.uncached ? " (uncached)" : ""}: ${f.requestsPerSecond.toFixed(0)} req/s, p99 ${f.p99Ms} ms, ${f.failed} failed`);
      figures.push(f);
    }
    if (figures.some((f) => f.failed > 0)) throw new Error("some calls failed: the figures are not of the expected answers");
    const sticks = figures.filter((f) => f.target === yardstick).map((f) => f.requestsPerSecond);
    const stick = median(sticks);
    const of = (t: Target) => figures.find((f) => f.target === t) as Figure;
    const rps = (f: Figure) => f.requestsPerSecond.toFixed(0);
    const lines = [
      "| request | cached req/s | cached / one-query | uncached req/s | uncached / one-query |",
      "|---|---|---|---|---|",
      ...reads
        .filter((t) => !t.uncached)
        .map((t) => {
          const cached = of(t);
          const uncached = of(reads.find((u) => u.uncached && u.path === t.path) as Target);
          return `| ${t.label} | ${rps(cached)} | **${(cached.requestsPerSecond / stick).toFixed(2)}** | ${rps(uncached)} | **${(uncached.requestsPerSecond / stick).toFixed(2)}** |`;
        }),
    ];
    const after = loadavg();
    const section = [
      `## Reads side by side (issue 33): ${LABEL}`,
      "",
      `Run ${new Date().toISOString()} by \`npm run bench:edge -- --side-by-side --label=${LABEL}\` (bench/edge/side-by-side.ts): ` +
        `\`wrangler dev --local\`, entry bench/edge/worker.ts (no latency model), data: ${dataset}; autocannon ${CONNECTIONS} connections, ` +
        `${SECONDS} s per route, every route warmed first (2 s); uncached = the same request with \`${UNCACHED_HEADER}: 1\` ` +
        "(EDGE_CACHE_TTL_SECONDS=0 for that request, same isolate); all calls from one address, limits raised by `--var`. " +
        `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, shared; load average (1/5/15 min) before ` +
        `${load.map((l) => l.toFixed(1)).join("/")}, after ${after.map((l) => l.toFixed(1)).join("/")}.`,
      "",
      `One-query route (yardstick) at start, middle, end: ${sticks.map((s) => s.toFixed(0)).join(", ")} req/s, median **${stick.toFixed(0)}**. ` +
        `"hello" Worker: ${rps(of(hello))} req/s (${(of(hello).requestsPerSecond / stick).toFixed(2)}× the one-query route).`,
      "",
      ...lines,
      "",
    ].join("\n");
    console.log(section);
    writeResultsSection(`reads-${LABEL}`, section);
    console.log("written to bench/RESULTS.md");
  } finally {
    for (const w of workers) stopWorker(w);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
