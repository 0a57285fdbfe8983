// `npm run bench:http`: the Worker under `wrangler dev` (local, offline, its own state in bench/out/http-state,
// limits raised by --var so they never refuse), seeded with the demo data or the sample fixture, then autocannon
// one route after the other in one run: a bare route (/healthz), a route that makes one trivial D1 query and
// nothing else, an unknown API path (the limiter alone), and anonymous GET /api/v1/documents with the edge cache
// on and with EDGE_CACHE_TTL_SECONDS=0 (a second Worker on the same state). Entry: bench/edge/worker.ts with no
// latency added (it only adds the one-query route, behind the same request pipeline as the bare route). Prints requests/s and p99 of each and the ratios; writes them
// to bench/RESULTS.md. Loopback only; every loop is bounded by a count or a deadline.
import autocannon from "autocannon";
import type { ChildProcess } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { freePort, ROOT, seedState, startWorker, stopWorker } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";

const STATE = join(ROOT, "bench/out/http-state");
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = 5;
const RAISED_LIMIT = "1000000000";
// `--label=NAME` writes a section of its own (`http-NAME`), leaving the published one alone.
const LABEL = process.argv.find((a) => a.startsWith("--label="))?.split("=")[1];
const HEADING = `## HTTP: dev-runtime ratios (bare, one D1 query, /documents with and without the edge cache)${LABEL ? `, ${LABEL}` : ""}`;

interface Figure {
  label: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  /** Calls that did not get the expected status, plus socket errors and timeouts. */
  failed: number;
}

// One-shot readers: every request from an address of its own (as readers arriving from a search engine), so no
// lease of the rate limit ever helps and every call is counted by the limiter.
let reader = 0;
const newReader = (request: { headers?: Record<string, string> }) => {
  reader++;
  return { ...request, headers: { ...request.headers, "CF-Connecting-IP": `198.18.${(reader >> 8) & 255}.${reader & 255}` } };
};

async function measure(label: string, url: string, seconds: number, expectStatus = 200, oneShot = false): Promise<Figure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(oneShot ? { requests: [{ setupRequest: newReader }] } : {}),
  });
  const wrongStatus = expectStatus === 200 ? result.non2xx : result.requests.total - result.non2xx;
  return {
    label,
    path: new URL(url).pathname,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failed: wrongStatus + result.errors + result.timeouts,
  };
}

const ratio = (a: Figure, b: Figure) => a.requestsPerSecond / b.requestsPerSecond;

/** One route's figure over all rounds: requests and failures summed, p99 the worst round's. */
function combine(slices: Figure[]): Figure {
  const requests = slices.reduce((sum, f) => sum + f.requests, 0);
  return {
    ...slices[0],
    requests,
    requestsPerSecond: requests / DURATION_SECONDS,
    p99Ms: Math.max(...slices.map((f) => f.p99Ms)),
    failed: slices.reduce((sum, f) => sum + f.failed, 0),
  };
}

function section(figures: Figure[], ratios: string[], datasetName: string, load: number): string {
  const rows = figures.map(
    (f) => `| ${f.label} | \`GET ${f.path}\` | ${f.requestsPerSecond.toFixed(0)} | ${f.p99Ms} | ${f.requests} | ${f.failed} |`,
  );
  return [
    HEADING,
    "",
    `Run ${new Date().toISOString()} by \`npm run bench:http\` (bench/http/run.ts): \`wrangler dev --local\` on 127.0.0.1 with the entry ` +
      `bench/edge/worker.ts (the production Worker and its bindings unwrapped, plus the one-query route), ` +
      `autocannon ${CONNECTIONS} connections for ${DURATION_SECONDS} s per route after a 2 s warm-up, in ${ROUNDS} interleaved rounds ` +
      `(every route ${DURATION_SECONDS / ROUNDS} s per round, so load changes reach all routes alike), anonymous, ` +
      `rate limits raised by \`--var\` (every call still passes the limiter Durable Object), data: ${datasetName}. ` +
      `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}; load generator and Worker share it ` +
      `(1-minute load average before the run: ${load.toFixed(1)}; absolute figures move with it, the ratios much less).`,
    "",
    "| route | request | requests/s | p99 (ms) | requests | failed |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    ...ratios.map((r) => `- ${r}`),
    "",
    "bare: the request pipeline every route starts with (request id, access-log line, D1 session) and nothing else (no limit, " +
      "no query). one D1 query: the same pipeline and `select 1` through the request's D1 session (no limit). " +
      "limiter only: an unknown API path, a 404 problem after the per-address rate check (one Durable Object call). " +
      "/documents, edge cache on: the rate check beside the edge-cache lookup (the isolate's memory copy after the first call). " +
      "one-shot readers: the same cached /documents, each call from an address of its own (no lease ever helps: every call asks the limiter). " +
      "/documents, EDGE_CACHE_TTL_SECONDS=0: the rate check beside the D1 work. The other calls come from one address (one busy client).",
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const load = loadavg()[0];
  const datasetName = await seedState(STATE);
  rmSync(`${STATE}-off`, { recursive: true, force: true });
  const workers: ChildProcess[] = [];
  try {
    const vars = { ANON_RATE_PER_MINUTE: RAISED_LIMIT, KEY_RATE_PER_MINUTE: RAISED_LIMIT };
    const [on, off] = [await freePort(), await freePort()];
    workers.push(await startWorker({ port: on, state: STATE, entry: "bench/edge/worker.ts", vars: { ...vars, EDGE_CACHE_TTL_SECONDS: "60" } }));
    // Its own copy of the state: two runtimes on one set of SQLite files lock each other out.
    cpSync(STATE, `${STATE}-off`, { recursive: true });
    workers.push(
      await startWorker({ port: off, state: `${STATE}-off`, entry: "bench/edge/worker.ts", vars: { ...vars, EDGE_CACHE_TTL_SECONDS: "0" } }),
    );
    const [base, baseOff] = [`http://127.0.0.1:${on}`, `http://127.0.0.1:${off}`];
    const targets = [
      { label: "bare", url: `${base}/healthz`, status: 200 },
      { label: "one D1 query", url: `${base}/__bench/one-query`, status: 200 },
      { label: "limiter only", url: `${base}/api/v1/no-such-endpoint`, status: 404 },
      { label: "documents, edge cache on", url: `${base}/api/v1/documents`, status: 200 },
      { label: "documents, cache on, one-shot readers", url: `${base}/api/v1/documents`, status: 200, oneShot: true },
      { label: "documents, edge cache off", url: `${baseOff}/api/v1/documents`, status: 200 },
    ];
    for (const t of targets) {
      const check = await fetch(t.url);
      if (check.status !== t.status) throw new Error(`${t.url} answered ${check.status}: ${await check.text()}`);
      await check.arrayBuffer();
    }
    for (const t of targets) await measure(t.label, t.url, 2, t.status, t.oneShot); // warm-up
    // Interleaved rounds: each route gets ROUNDS slices of its time, one after the other in every round, so a
    // change in the machine's load during the run reaches every route alike (the ratios are what is published).
    const rounds: Figure[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const slice: Figure[] = [];
      for (const t of targets) slice.push(await measure(t.label, t.url, DURATION_SECONDS / ROUNDS, t.status, t.oneShot));
      rounds.push(slice);
    }
    const figures = targets.map((_, i) => combine(rounds.map((r) => r[i])));
    const [bare, oneQuery, , cached, oneShot, uncached] = figures;
    const ratios = [
      `/documents, edge cache on ÷ one D1 query: **${ratio(cached, oneQuery).toFixed(2)}×** the requests/s (goal ≥ 1.5×)`,
      `/documents, edge cache on, one-shot readers (a new address per request) ÷ one D1 query: **${ratio(oneShot, oneQuery).toFixed(2)}×** the requests/s (goal ≥ 1.2×)`,
      `/documents, edge cache off ÷ one D1 query: **${ratio(uncached, oneQuery).toFixed(2)}×** the requests/s (goal ≥ 0.8×)`,
      `one D1 query ÷ bare: ${ratio(oneQuery, bare).toFixed(2)}×; /documents cached ÷ bare: ${ratio(cached, bare).toFixed(2)}×; uncached ÷ bare: ${ratio(uncached, bare).toFixed(2)}×`,
    ];
    console.log("");
    for (const f of figures)
      console.log(
        `${f.label.padEnd(26)} GET ${f.path.padEnd(26)} ${f.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99Ms).padStart(5)} ms   (${f.requests} requests, ${f.failed} failed)`,
      );
    for (const r of ratios) console.log(r.replace(/\*\*/g, ""));
    if (figures.some((f) => f.failed > 0)) throw new Error("some calls failed: the figures are not of the expected answers");
    writeResultsSection(LABEL ? `http-${LABEL}` : "http", section(figures, ratios, datasetName, load));
    console.log("written to bench/RESULTS.md");
  } finally {
    for (const w of workers) stopWorker(w);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
