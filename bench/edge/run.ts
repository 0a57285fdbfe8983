// `npm run bench:edge`: the Worker in workerd (wrangler dev, entry bench/edge/worker.ts) with a stated latency
// added to every binding call, then for each main endpoint the sequential round trips on the critical path
// (from the X-Bench-Trips header the entry adds) and p50/p95 of the whole request as the client sees it,
// with the edge cache off (EDGE_CACHE_TTL_SECONDS=0) and on (60 s, after one call has filled it).
// Latencies (ms): flags --d1-primary=150 --d1-replica=15 --do=5 --cache=1 --r2=30, or env BENCH_D1_PRIMARY_MS etc.
// --label=before writes the "before" section of bench/RESULTS.md; otherwise the "after" one.
import { join } from "node:path";
import { cpus, loadavg } from "node:os";
import { freePort, ROOT, seedState, startWorker, stopWorker } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";
import { shardSweep, SHARD_COUNTS } from "./shards";

// A read key of the sample fixture (test/fixtures/sample.json, user alice).
const READ_KEY = "bds_aliceRead0000000000000000000001";
const STATE = join(ROOT, "bench/out/edge-state");
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
/** Searches per shard count and query in the text-shard sweep (interleaved across counts). */
const SHARD_SAMPLES = Number(process.env.BENCH_SHARD_SAMPLES ?? 60);

function option(name: string, fallback: number): number {
  const flag = process.argv.find((a) => a.startsWith(`--${name}=`));
  const fromEnv = process.env[`BENCH_${name.toUpperCase().replace(/-/g, "_")}_MS`];
  const value = Number(flag ? flag.split("=")[1] : (fromEnv ?? fallback));
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number of ms ≥ 0`);
  return value;
}

const LATENCY = {
  "d1-primary": option("d1-primary", 150),
  "d1-replica": option("d1-replica", 15),
  do: option("do", 5),
  cache: option("cache", 1),
  r2: option("r2", 30),
};
const LABEL = process.argv.find((a) => a.startsWith("--label="))?.split("=")[1] ?? "after";

interface Endpoint {
  name: string;
  method?: "GET" | "POST";
  path: string;
  key?: string;
  body?: unknown;
}

interface Row {
  name: string;
  request: string;
  trips: string;
  p50: number;
  p95: number;
}

const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" };

// Each call from a reader of its own (its own address), as readers around the world arrive: none of them makes
// calls fast enough to get a lease of the rate limit (src/limits/lease.ts), so every call shows the limiter's
// round trip. `--busy` sends every call from one address instead: one client calling several times a second.
const BUSY = process.argv.includes("--busy");
let reader = 0;
const nextAddress = () => `198.18.${(++reader >> 8) & 255}.${reader & 255}`;

async function send(base: string, e: Endpoint): Promise<{ ms: number; status: number; trips: string }> {
  const headers: Record<string, string> = e.method === "POST" ? { ...MCP_HEADERS } : {};
  if (!BUSY) headers["CF-Connecting-IP"] = nextAddress();
  if (e.key) headers.Authorization = `Bearer ${e.key}`;
  const started = performance.now();
  const res = await fetch(base + e.path, { method: e.method ?? "GET", headers, body: e.body === undefined ? undefined : JSON.stringify(e.body) });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status, trips: res.headers.get("X-Bench-Trips") ?? "?" };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(base: string, e: Endpoint): Promise<Row> {
  const first = await send(base, e); // fills the edge cache when it is on
  if (first.status !== 200) throw new Error(`${e.name}: ${e.path} answered ${first.status}`);
  const times: number[] = [];
  const trips = new Map<string, number>();
  for (let i = 0; i < SAMPLES; i++) {
    const r = await send(base, e);
    if (r.status !== 200) throw new Error(`${e.name}: ${e.path} answered ${r.status}`);
    times.push(r.ms);
    trips.set(r.trips, (trips.get(r.trips) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  // The most frequent trace (they are all the same unless a cache entry expired mid-run).
  const trace = [...trips].sort((a, b) => b[1] - a[1])[0][0];
  return {
    name: e.name,
    request: `${e.method ?? "GET"} ${e.path.split("?")[0].replace(/[0-9A-Z]{26}.*/, "{id}…")}`,
    trips: trace,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
}

/** Ids of real items, found through the anonymous API. */
async function endpoints(base: string): Promise<Endpoint[]> {
  const first = async (path: string) => ((await (await fetch(base + path)).json()) as { data: { id: string }[] }).data[0]?.id;
  const doc = await first("/api/v1/documents");
  const thread = await first("/api/v1/forum/threads");
  const kase = await first("/api/v1/cases");
  const board =
    ((await (await fetch(base + "/api/v1/documents")).json()) as { data: { board?: { number: string } | null }[] }).data.find((d) => d.board)?.board
      ?.number ?? "820-00165";
  if (!doc || !thread || !kase) throw new Error("the dataset lacks a public document, thread or case");
  // The page's canonical address (with its slug): the short one redirects.
  const short = await fetch(`${base}/en/library/${doc}`, { redirect: "manual" });
  await short.arrayBuffer();
  const page = new URL(short.headers.get("Location") ?? `/en/library/${doc}`, base).pathname;
  return [
    { name: "document list, anonymous", path: "/api/v1/documents" },
    { name: "document list, keyed", path: "/api/v1/documents", key: READ_KEY },
    { name: "document detail, anonymous", path: `/api/v1/documents/${doc}` },
    { name: "document detail, keyed", path: `/api/v1/documents/${doc}`, key: READ_KEY },
    { name: "search", path: "/api/v1/search?q=power" },
    { name: "board", path: `/api/v1/boards/${encodeURIComponent(board)}` },
    { name: "thread", path: `/api/v1/forum/threads/${thread}` },
    { name: "case", path: `/api/v1/cases/${kase}` },
    { name: "site page", path: page },
    {
      name: "MCP tool call",
      method: "POST",
      path: "/mcp",
      body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_document", arguments: { document: doc } } },
    },
  ];
}

/** The Worker's vars of every pass: limits out of the way, the latency model. */
function benchVars(ttl: string): Record<string, string> {
  return {
    ANON_RATE_PER_MINUTE: "1000000000",
    KEY_RATE_PER_MINUTE: "1000000000",
    MCP_RATE_PER_MINUTE: "1000000000",
    EDGE_CACHE_TTL_SECONDS: ttl,
    BENCH_LATENCY_D1_PRIMARY: String(LATENCY["d1-primary"]),
    BENCH_LATENCY_D1_REPLICA: String(LATENCY["d1-replica"]),
    BENCH_LATENCY_DO: String(LATENCY.do),
    BENCH_LATENCY_CACHE: String(LATENCY.cache),
    BENCH_LATENCY_R2: String(LATENCY.r2),
  };
}

async function pass(ttl: string): Promise<Row[]> {
  const port = await freePort();
  const vars = benchVars(ttl);
  const worker = await startWorker({ port, state: STATE, vars, entry: "bench/edge/worker.ts" });
  try {
    const base = `http://127.0.0.1:${port}`;
    const rows: Row[] = [];
    const only = process.env.BENCH_ONLY; // a part of an endpoint's name, to measure just that one
    for (const e of (await endpoints(base)).filter((x) => !only || x.name.includes(only))) rows.push(await measure(base, e));
    return rows;
  } finally {
    stopWorker(worker);
  }
}

function table(uncached: Row[], cached: Row[]): string[] {
  const lines = [
    "| endpoint | request | uncached: round trips | p50 ms | p95 ms | cached: round trips | p50 ms | p95 ms |",
    "|---|---|---|---|---|---|---|---|",
  ];
  uncached.forEach((u, i) => {
    const c = cached[i];
    lines.push(
      `| ${u.name} | \`${u.request}\` | ${u.trips} | ${u.p50.toFixed(0)} | ${u.p95.toFixed(0)} | ${c.trips} | ${c.p50.toFixed(0)} | ${c.p95.toFixed(0)} |`,
    );
  });
  return lines;
}

/** Search with 1, 2, 4 and 8 text databases: round trips and p50 against the one-shard figure. */
async function shards(): Promise<void> {
  const load = loadavg()[0];
  const { rows, dataset } = await shardSweep(benchVars("0"), SHARD_SAMPLES, (base, path) => send(base, { name: path, path }));
  const single = new Map(rows.filter((r) => r.shards === 1).map((r) => [r.query, r.p50]));
  const lines = [
    "| text databases | query | round trips (critical path, calls per binding) | p50 ms | p95 ms | p50 / 1 shard |",
    "|---|---|---|---|---|---|",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.shards} | \`${r.query}\` | ${r.trips} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${(r.p50 / single.get(r.query)!).toFixed(2)} |`,
    );
  console.log(lines.join("\n"));
  const model = Object.entries(LATENCY)
    .map(([b, ms]) => `${b} ${ms} ms`)
    .join(", ");
  writeResultsSection(
    "edge-shards",
    [
      "## Edge latency model: search over 1, 2, 4 and 8 text databases (issue 24)",
      "",
      `Run ${new Date().toISOString()} by \`npm run bench:edge\` (bench/edge/shards.ts) on ${cpus().length} cores, latencies: ${model}. ` +
        `For each count (${SHARD_COUNTS.join(", ")}) a wrangler config with that many TEXT_* D1 bindings, a fresh state with ${dataset} imported (page text placed over the shards by the hash rule), ` +
        `all ${SHARD_COUNTS.length} Workers running at once and ${SHARD_SAMPLES} anonymous searches per count and query, interleaved across counts (so the shared host's load weighs on each alike), after a warm-up; edge cache off. Each text database is a D1 binding behind the model: its read, in a session, is one replica round trip. ` +
        `1-minute load average before the sweep: ${load.toFixed(1)}.`,
      "",
      "`depth` stays the same from 1 to 8 shards: the shards are asked at once (one round trip of wall time), then the primary ranks and loads through the visibility rule, " +
        "then the highlights' round trip to the primary (issue 21; the text of a page a shard matched came with the shard's answer); a query whose groups need the forgiving any-word pass takes one more. " +
        "Only `d1-replica` calls grow with the count (one per shard per step). Locally every shard's SQL runs in the one workerd on the same cores, so p50 grows with the count through CPU, not round trips; on D1 each database is its own machine.",
      "",
      ...lines,
      "",
    ].join("\n"),
  );
  console.log("written to bench/RESULTS.md");
}

async function main(): Promise<void> {
  if (process.argv.includes("--shards-only")) return shards();
  // The read paths against the one-query route and a "hello" Worker, one run: bench/edge/side-by-side.ts.
  if (process.argv.includes("--side-by-side")) return void (await import("./side-by-side"));
  // Where a read spends the Worker's CPU (V8 sampling profiler through the inspector): bench/edge/profile.ts.
  if (process.argv.includes("--profile")) return void (await import("./profile"));
  // This checkout against another revision, both running at once under the same load: bench/edge/ab.ts.
  if (process.argv.some((a) => a.startsWith("--ab="))) return void (await import("./ab"));
  const load = loadavg()[0];
  const dataset = await seedState(STATE);
  const uncached = await pass("0");
  const cached = await pass("60");
  const lines = table(uncached, cached);
  console.log(lines.join("\n"));
  const model = Object.entries(LATENCY)
    .map(([b, ms]) => `${b} ${ms} ms`)
    .join(", ");
  // Labels other than before/after (e.g. --label=issue26-after) write a section of their own.
  const own = LABEL !== "before" && LABEL !== "after";
  const heading = own
    ? `## Edge latency model: ${LABEL}${BUSY ? ", one busy client" : ""}`
    : LABEL === "before"
      ? "## Edge latency model: before (issue 11)"
      : `## Edge latency model: after (issue 11)${BUSY ? ", one busy client" : ""}`;
  const section = own ? `edge-${LABEL}${BUSY ? "-busy" : ""}` : LABEL === "before" ? "edge-before" : BUSY ? "edge-busy" : "edge";
  await shards();
  writeResultsSection(
    section,
    [
      heading,
      "",
      `Run ${new Date().toISOString()} by \`npm run bench:edge${LABEL !== "after" ? ` -- --label=${LABEL}` : ""}${BUSY ? " -- --busy" : ""}\` (bench/edge/run.ts) on ${cpus().length} cores: ` +
        `wrangler dev with the entry bench/edge/worker.ts, which adds to every binding call: ${model}. ` +
        `${SAMPLES} sequential calls per endpoint after one warm-up call, ${BUSY ? "all from one address (a client calling several times a second: leases of its rate limit)" : "each from an address of its own (readers arriving one by one: no leases)"}; data: ${dataset}. Uncached: EDGE_CACHE_TTL_SECONDS=0; cached: 60. ` +
        `1-minute load average before the run: ${load.toFixed(1)} (latency above the modelled round trips is local work and CPU queueing).`,
      "",
      "Round trips: `depth` is the number of sequential binding round trips on the critical path (calls that overlap count once); " +
        "then how many calls each binding got. d1-primary: D1 outside a session or a write; d1-replica: a read in a D1 session.",
      "",
      ...lines,
      "",
    ].join("\n"),
  );
  console.log("written to bench/RESULTS.md");
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
