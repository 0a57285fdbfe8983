// npm run bench:cost [-- --reuse] [-- --label before|after] [-- --port N]
//
// What one request of each main endpoint costs on Cloudflare's bill, uncached: D1 rows read and written
// (the sum of `meta` over every statement), Durable Object requests and rows written, Worker requests,
// and the price per million such requests. Runs `wrangler dev` with the benchmark's own entry point
// (bench/cost/worker.ts wraps the bindings and reports the tally per request) on the generated catalogue
// (bench/search/catalogue.ts: 100 000 documents, 50 000 threads, 20 000 cases) in bench/out/cost-state.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { BENCH_KEY, loadCatalogue, TEXT_DATABASES } from "../search/catalogue";
import { DEFAULT_SIZES } from "../search/data";
import { waitForAnswer } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";
import type { D1Tally } from "../lib/metered-d1";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const STATE = resolve("bench/out/cost-state");
const PORT = Number(option("--port") ?? 8811);
const INSPECTOR_PORT = Number(option("--inspector-port") ?? 9311);
const LABEL = option("--label") ?? "after";
const log = (msg: string) => console.log(`[bench:cost] ${msg}`);

/**
 * Workers Paid plan prices beyond the monthly inclusions, USD, as published on
 * developers.cloudflare.com (workers/platform/pricing, d1/platform/pricing, durable-objects/platform/pricing),
 * looked up on 2026-11-23. CPU time ($0.02 per million CPU ms) and Durable Object duration are not counted.
 */
const PRICES = {
  date: "2026-11-23",
  workerRequest: 0.3 / 1e6,
  d1RowRead: 0.001 / 1e6,
  d1RowWritten: 1.0 / 1e6,
  doRequest: 0.15 / 1e6,
  doRowWritten: 1.0 / 1e6,
};

interface Cost {
  d1: D1Tally;
  /** The text databases, summed (`count` of them). */
  shards: D1Tally & { count: number };
  doRequests: number;
  doRowsWritten: number;
  /** Rows the limiter objects wrote since the bench Worker started (batched saves and alarms set included). */
  doRowsWrittenTotal?: number;
  /** Alarm invocations of the limiter objects since the bench Worker started (billed as Durable Object requests). */
  doAlarmsTotal?: number;
}

interface Endpoint {
  name: string;
  path: string;
  keyed?: boolean;
  method?: "GET" | "POST";
  body?: unknown;
  /** Most D1 rows one request may read (a small multiple of what it returns). */
  bound: number;
  why?: string;
  /** Measure the first request (its words never seen by the isolate: nothing remembered), not the second. */
  first?: boolean;
}

function costPerMillion(c: Cost): number {
  const one =
    PRICES.workerRequest +
    (c.d1.rowsRead + c.shards.rowsRead) * PRICES.d1RowRead +
    (c.d1.rowsWritten + c.shards.rowsWritten) * PRICES.d1RowWritten +
    c.doRequests * PRICES.doRequest +
    c.doRowsWritten * PRICES.doRowWritten;
  return one * 1e6;
}

async function request(base: string, e: Endpoint): Promise<{ status: number; cost: Cost; json: unknown; text: string }> {
  const headers: Record<string, string> = { "Accept-Language": "en" };
  if (e.keyed) headers.Authorization = `Bearer ${BENCH_KEY}`;
  if (e.body !== undefined) Object.assign(headers, { "Content-Type": "application/json", Accept: "application/json, text/event-stream" });
  const res = await fetch(`${base}${e.path}`, {
    method: e.method ?? "GET",
    headers,
    body: e.body === undefined ? undefined : JSON.stringify(e.body),
  });
  const text = await res.text();
  const header = res.headers.get("x-bench-cost");
  if (!header) throw new Error(`${e.path}: no x-bench-cost header (is the bench entry point running?)`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // pages, feeds and sitemaps are not JSON
  }
  return { status: res.status, cost: JSON.parse(header) as Cost, json, text };
}

type ListBody = { data: { id?: string; number?: string; boards?: string[] }[] };

async function firstOf(base: string, path: string): Promise<ListBody["data"][number]> {
  const { json } = await request(base, { name: "", path, bound: 0 });
  const item = (json as ListBody).data?.[0];
  if (!item) throw new Error(`${path}: empty list`);
  return item;
}

async function endpoints(base: string): Promise<Endpoint[]> {
  const doc = await firstOf(base, "/api/v1/documents?per_page=1");
  const withBoard = (json: unknown) => (json as ListBody).data.find((d) => d.boards?.length)?.boards?.[0];
  const board = withBoard((await request(base, { name: "", path: "/api/v1/documents?per_page=20", bound: 0 })).json) ?? "820-00001";
  const thread = await firstOf(base, "/api/v1/forum/threads?per_page=1");
  const post = await firstOf(base, "/api/v1/posts?per_page=1");
  const kase = await firstOf(base, "/api/v1/cases?per_page=1");
  const lastPage = ((await request(base, { name: "", path: "/api/v1/documents", bound: 0 })).json as { meta: { last_page: number } }).meta.last_page;
  // A feed position in the middle of the log (about 100,000 changes in): where a mirror would continue.
  const middle = Buffer.from(JSON.stringify([1, 100_000, Date.now()])).toString("base64url");
  const mcpCall = (name: string, args: Record<string, unknown>) => ({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args },
  });
  return [
    {
      name: "documents list, anonymous",
      path: "/api/v1/documents",
      bound: 99,
      why: "20 items × (row, current version, maker); board numbers are kept on the row",
    },
    {
      name: "documents list, anonymous, type filter",
      path: "/api/v1/documents?type=schematic",
      bound: 400,
      why: "the date index is walked until 20 of the type (1 in 9 here)",
    },
    {
      name: "documents list, anonymous, board filter",
      path: `/api/v1/documents?board=${encodeURIComponent(board)}`,
      bound: 400,
      why: "the board's documents (through its links), sorted",
    },
    {
      name: "documents list, anonymous, page 50",
      path: "/api/v1/documents?page=50",
      bound: 1200,
      why: "the page's ids come from the index alone: one entry per skipped row",
    },
    {
      name: "documents list, anonymous, page 2000, the isolate's first deep page",
      path: "/api/v1/documents?page=2000&per_page=20",
      first: true,
      bound: 110_000,
      why: "the list's anchors made: one walk of the public list's index, once per isolate and stamp of the list (docs/lists-and-changes.md)",
    },
    {
      name: "documents list, anonymous, page 2000",
      path: "/api/v1/documents?page=2000",
      bound: 1200,
      why: "from the nearest anchor (every 20th row up to 50,000, then at most 2,500 per list): few skipped index entries, one round trip (was 40,101 rows in 2 round trips, from the nearer end)",
    },
    {
      name: "documents list, anonymous, last page",
      path: `/api/v1/documents?page=${lastPage}`,
      bound: 1200,
      why: "the back of the list, walked from its end",
    },
    { name: "documents list, anonymous, page 9999 (past the end)", path: "/api/v1/documents?page=9999", bound: 10, why: "reads the total only" },
    {
      name: "documents list, keyed, page 2000",
      path: "/api/v1/documents?page=2000",
      keyed: true,
      bound: 90_000,
      why: "three index walks (public, own, shared), each cut at the page's end, then their union sorted: about twice the anonymous page",
    },
    {
      name: "documents list, keyed",
      path: "/api/v1/documents",
      keyed: true,
      bound: 1700,
      why: "at most ~3 × the key owner's documents (541 here): own and shared rows are counted and walked, public ones are not",
    },
    {
      name: "documents list, keyed, mine",
      path: "/api/v1/documents?mine=true",
      keyed: true,
      bound: 1700,
      why: "at most ~3 × the key owner's documents (541 here), counted and walked",
    },
    { name: "document detail, anonymous", path: `/api/v1/documents/${doc.id}`, bound: 50 },
    { name: "document detail, keyed", path: `/api/v1/documents/${doc.id}`, keyed: true, bound: 50 },
    {
      name: "board detail",
      path: `/api/v1/boards/${encodeURIComponent(board)}`,
      bound: 1000,
      why: "lists every visible document of the board (up to 1000), ~11 rows each",
    },
    {
      name: "boards list, anonymous",
      path: "/api/v1/boards",
      bound: 200,
      why: "20 boards from board_content's listed index, a counter for the total (issue 31)",
    },
    {
      name: "boards list, keyed",
      path: "/api/v1/boards",
      keyed: true,
      bound: 1500,
      why: "adds the boards the key owner reaches only through own or shared documents (board_keyed_documents)",
    },
    {
      name: "boards list, anonymous, prefix",
      path: `/api/v1/boards?q=${encodeURIComponent(board.slice(0, 4))}`,
      bound: 3000,
      why: "the boards under the prefix are counted (a range of the norm indexes)",
    },
    {
      name: "board point",
      path: `/api/v1/boards/${encodeURIComponent(board)}/points/U7000`,
      bound: 1500,
      why: "the point's counters, its cases, the board's documents (up to 100) and threads (up to 500) probed by rowid",
    },
    { name: "threads list", path: "/api/v1/forum/threads", bound: 200 },
    { name: "threads list, page 50", path: "/api/v1/forum/threads?page=50", bound: 1200 },
    {
      name: "threads list, page 2000",
      path: "/api/v1/forum/threads?page=2000",
      bound: 25_000,
      why: "index entries only, from the nearer end (the back: 2,500 pages here)",
    },
    { name: "thread detail", path: `/api/v1/forum/threads/${thread.id}`, bound: 200 },
    { name: "posts list", path: "/api/v1/posts", bound: 200 },
    { name: "post detail", path: `/api/v1/posts/${post.id}`, bound: 200 },
    { name: "cases list", path: "/api/v1/cases", bound: 200 },
    { name: "cases list, page 50", path: "/api/v1/cases?page=50", bound: 1200 },
    { name: "cases list, page 2000 (past the end)", path: "/api/v1/cases?page=2000", bound: 10, why: "reads the total only" },
    {
      name: "change feed, first page",
      path: "/api/v1/changes?per_page=100",
      bound: 1000,
      why: "at most 200 log rows (the scan window), each with its item (through the visibility rule) and who was told of it",
    },
    { name: "change feed, first page, keyed", path: "/api/v1/changes?per_page=100", keyed: true, bound: 1000 },
    { name: "change feed, a page from the middle", path: `/api/v1/changes?per_page=100&since=${middle}`, bound: 1000 },
    { name: "cases list, outcome filter", path: "/api/v1/cases?outcome=fixed", bound: 200 },
    { name: "case detail", path: `/api/v1/cases/${kase.id}`, bound: 100 },
    {
      name: "search",
      path: "/api/v1/search?q=power%20short",
      bound: 10_000,
      why: "four groups of at most 200 candidates each (the match, its key and row, merit, closeness seeks), each text database's 200 newest matching pages (src/search, docs/search.md)",
    },
    {
      name: "search, typos and word forms",
      path: "/api/v1/search?q=chargng%20shorted%20capacitors",
      bound: 10_000,
      why: "the same bounded ranking; each word also matches up to 8 other forms and corrections, whose counts are then known (issue 33)",
    },
    {
      name: "search, typos and word forms, cold (first time)",
      path: "/api/v1/search?q=recieved%20overheatng%20mosfets",
      first: true,
      bound: 10_000,
      why: "words never seen by the isolate: their variants, counts and boards read in the first round trip (issue 33: a cold typo query at most 10,000)",
    },
    {
      name: "search, a model and a symptom (narrow scope)",
      path: "/api/v1/search?q=t480%20no%20enciende",
      bound: 12_000,
      why: "the scope's items from the boards' side (200 in all), each checked by rowid",
    },
    {
      name: "search, a manufacturer and a symptom (broad scope)",
      path: "/api/v1/search?q=lenovo%20thinkpad%20no%20enciende",
      bound: 15_000,
      why: "a broad scope (200 boards) only lifts the query's own candidates; was 1,323,856 rows",
    },
    { name: "site page: library", path: "/en/library", bound: 200 },
    { name: "site page: document", path: `/en/library/${doc.id}`, bound: 100 },
    {
      name: "feed: library",
      path: "/en/feeds/library.atom",
      bound: 1000,
      why: "50 entries and their uploaders, then its tombstones: up to 200 of the kind's latest changes, one probe each",
    },
    {
      name: "sitemap page: documents-1",
      path: "/sitemaps/documents-1.xml",
      bound: 60_000,
      why: "a sitemap page lists up to 5,000 documents, read in chunks of 500 (~4 rows each: row, version, maker, skipped index entries); later pages also walk the skipped index entries",
    },
    { name: "MCP tool call: list_recent", path: "/mcp", method: "POST", body: mcpCall("list_recent", { kind: "files" }), bound: 200 },
  ];
}

/** Readers of `/api/v1/documents` at steady load: who they are decides how often the limiter is asked and writes. */
interface ReaderProfile {
  name: string;
  /** What it reads: `{doc}` is a public document's id. */
  path: string;
  /** Headers of the i-th request. */
  headers: (i: number) => Record<string, string>;
  /** Never cached (keyed calls): measured in the uncached pass only. */
  keyedOnly?: boolean;
}

const LIST = "/api/v1/documents";
const READERS: ReaderProfile[] = [
  // A new address per request: readers arriving from a search engine, each reading one page.
  {
    name: "one-shot readers (a new address per request), anonymous",
    path: LIST,
    headers: (i) => ({ "CF-Connecting-IP": `198.18.${(i >> 8) & 255}.${i & 255}` }),
  },
  { name: "one busy client (one address), anonymous", path: LIST, headers: () => ({ "CF-Connecting-IP": "198.51.100.7" }) },
  {
    name: "one busy client with a key, a document",
    path: "/api/v1/documents/{doc}",
    headers: () => ({ Authorization: `Bearer ${BENCH_KEY}` }),
    keyedOnly: true,
  },
  // The keyed list counts and walks the key owner's own and shared rows (1,525 rows read here): D1, not the limiter.
  { name: "one busy client with a key, the list", path: LIST, headers: () => ({ Authorization: `Bearer ${BENCH_KEY}` }), keyedOnly: true },
];
const STEADY_REQUESTS = Number(option("--steady") ?? 1200);
const STEADY_CONNECTIONS = Number(option("--connections") ?? 8);

interface ReaderFigure {
  profile: ReaderProfile;
  requests: number;
  perSecond: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  doRequests: number;
  doRowsWritten: number;
  usdPerMillion: number;
}

/** The limiter rows written and alarms run so far by the bench Worker (the totals its header carries on any answer). */
async function limiterSoFar(base: string): Promise<{ rows: number; alarms: number }> {
  const res = await fetch(`${base}/healthz`);
  await res.arrayBuffer();
  const cost = JSON.parse(res.headers.get("x-bench-cost") ?? "{}") as Cost;
  return { rows: cost.doRowsWrittenTotal ?? 0, alarms: cost.doAlarmsTotal ?? 0 };
}

/**
 * `STEADY_REQUESTS` reads of /api/v1/documents per profile from `STEADY_CONNECTIONS` connections, after one that
 * fills the edge cache: averages per request (Durable Object rows from the Worker's running total, so saves made
 * in batches or by alarms count too).
 */
async function readers(base: string, cached: boolean): Promise<ReaderFigure[]> {
  const figures: ReaderFigure[] = [];
  let address = 0;
  const doc = (await firstOf(base, "/api/v1/documents?per_page=1")).id ?? "";
  for (const profile of READERS.filter((p) => !(cached && p.keyedOnly))) {
    const path = profile.path.replace("{doc}", doc);
    const send = async () => {
      const res = await fetch(`${base}${path}`, { headers: { "Accept-Language": "en", ...profile.headers(++address) } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${profile.name}: ${path} answered ${res.status}`);
      return JSON.parse(res.headers.get("x-bench-cost") ?? "{}") as Cost;
    };
    await send();
    const before = await limiterSoFar(base);
    const costs: Cost[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: STEADY_CONNECTIONS }, async () => {
        while (costs.length < STEADY_REQUESTS) costs.push(await send());
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    // The last batch's alarm (FLUSH_MS, src/limits/limiter.ts) belongs to this run: waited for.
    await new Promise((r) => setTimeout(r, 6000));
    const after = await limiterSoFar(base);
    const rows = after.rows - before.rows;
    const n = costs.length;
    const d1RowsRead = costs.reduce((sum, c) => sum + c.d1.rowsRead, 0) / n;
    const d1RowsWritten = costs.reduce((sum, c) => sum + c.d1.rowsWritten, 0) / n;
    const doRequests = (costs.reduce((sum, c) => sum + c.doRequests, 0) + after.alarms - before.alarms) / n;
    const doRowsWritten = rows / n;
    const usdPerMillion = costPerMillion({
      d1: { ...costs[0].d1, rowsRead: d1RowsRead, rowsWritten: d1RowsWritten },
      shards: { ...costs[0].shards, rowsRead: 0, rowsWritten: 0 },
      doRequests,
      doRowsWritten,
    });
    figures.push({ profile, requests: n, perSecond: n / seconds, d1RowsRead, d1RowsWritten, doRequests, doRowsWritten, usdPerMillion });
    log(
      `${cached ? "cached" : "uncached"} ${profile.name}: ${n} requests at ${(n / seconds).toFixed(0)}/s; DO ${doRequests.toFixed(3)} requests, ${doRowsWritten.toFixed(3)} rows written per request; $${usdPerMillion.toFixed(2)}/M`,
    );
  }
  return figures;
}

function readersTable(uncached: ReaderFigure[], cached: ReaderFigure[]): string[] {
  const row = (f: ReaderFigure, how: string) =>
    `| ${f.profile.name} | \`GET ${f.profile.path}\` | ${how} | ${f.requests} | ${f.perSecond.toFixed(0)} | ${f.d1RowsRead.toFixed(1)} | ${f.d1RowsWritten.toFixed(2)} | ${f.doRequests.toFixed(3)} | ${f.doRowsWritten.toFixed(3)} | ${f.usdPerMillion.toFixed(2)} |`;
  return [
    "| readers | request | edge cache | requests | requests/s | D1 rows read / request | D1 rows written / request | DO requests / request | DO rows written / request | USD per million |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...cached.map((f) => row(f, "on (hits)")),
    ...uncached.map((f) => row(f, f.profile.keyedOnly ? "never cached (keyed)" : "off")),
  ];
}

async function main(): Promise<void> {
  if (!(args.includes("--reuse") && existsSync(STATE))) {
    log(`generating the catalogue into ${STATE} (takes minutes)`);
    await loadCatalogue(STATE, DEFAULT_SIZES);
  }
  // New migrations (counters) apply to a reused state too; each backfills from the rows already there.
  for (const database of ["DB", ...TEXT_DATABASES])
    execFileSync("npx", ["wrangler", "d1", "migrations", "apply", database, "--local", "--persist-to", STATE], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CI: "true" },
    });

  /** Runs the bench Worker with this edge-cache lifetime and measures the second of two identical requests of each endpoint. */
  const measure = async (ttl: number): Promise<{ rows: { e: Endpoint; status: number; cost: Cost }[]; readers: ReaderFigure[] }> => {
    const wranglerArgs = [
      "wrangler",
      "dev",
      "bench/cost/worker.ts",
      "--local",
      "--persist-to",
      STATE,
      "--port",
      String(PORT),
      "--inspector-port",
      String(INSPECTOR_PORT),
      "--ip",
      "127.0.0.1",
    ];
    for (const v of [
      "ANON_RATE_PER_MINUTE:100000000",
      "KEY_RATE_PER_MINUTE:100000000",
      "SITE_RATE_PER_MINUTE:100000000",
      `EDGE_CACHE_TTL_SECONDS:${ttl}`,
    ])
      wranglerArgs.push("--var", v);
    const child = spawn("npx", [...wranglerArgs, "--log-level", "error"], { stdio: "ignore", detached: true });
    const base = `http://127.0.0.1:${PORT}`;
    try {
      await waitForAnswer(`${base}/healthz`, child, 180_000);
      const measured: { e: Endpoint; status: number; cost: Cost }[] = [];
      const steady = args.includes("--readers-only") ? [] : await endpoints(base);
      for (const e of steady) {
        // The first warms the isolate's caches (board spellings, word counts) and, with ttl > 0, the edge cache.
        const warm = await request(base, e);
        const { status, cost, text } = e.first && ttl === 0 ? warm : await request(base, e);
        measured.push({ e, status, cost });
        if (e.body !== undefined && ttl === 0) log(`${e.name} answered: ${text.slice(0, 300)}`);
        log(
          `${ttl ? "cached" : "uncached"} ${e.name}: ${status}, D1 ${cost.d1.roundTrips} round trips, ${cost.d1.rowsRead} rows read, ${cost.d1.rowsWritten} written; text databases (${cost.shards.count}) ${cost.shards.roundTrips} calls, ${cost.shards.rowsRead} rows read; DO ${cost.doRequests} requests, ${cost.doRowsWritten} rows written`,
        );
      }
      return { rows: measured, readers: await readers(base, ttl > 0) };
    } finally {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await new Promise((r) => setTimeout(r, 2000)); // the port and the state are free again
    }
  };
  {
    const { rows, readers: uncachedReaders } = await measure(0);
    const { rows: cached, readers: cachedReaders } = await measure(60);
    const readerLines = readersTable(uncachedReaders, cachedReaders);
    console.log(`\n${readerLines.join("\n")}\n`);
    const over = rows.filter((r) => r.cost.d1.rowsRead + r.cost.shards.rowsRead > r.e.bound);
    const table = [
      "| endpoint | status | D1 round trips | D1 rows read | text databases: rows read (summed), calls | D1 rows written | DO requests | DO rows written | Worker requests | USD per million | cached: D1 rows read (all databases) | cached: USD per million | bound (rows read, all databases) |",
      "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
      ...rows.map(
        ({ e, status, cost }, i) =>
          `| ${e.name} \`${e.method ?? "GET"} ${e.path.length > 60 ? e.path.slice(0, 57) + "…" : e.path}\`${e.keyed ? " (key)" : ""} | ${status} | ${cost.d1.roundTrips} | ${cost.d1.rowsRead} | ${cost.shards.rowsRead}, ${cost.shards.roundTrips} | ${cost.d1.rowsWritten} | ${cost.doRequests} | ${cost.doRowsWritten} | 1 | ${costPerMillion(cost).toFixed(2)} | ${cached[i].cost.d1.rowsRead + cached[i].cost.shards.rowsRead} | ${costPerMillion(cached[i].cost).toFixed(2)} | ${cost.d1.rowsRead + cost.shards.rowsRead > e.bound ? "**over** " : ""}≤ ${e.bound}${e.why ? ` (${e.why})` : ""} |`,
      ),
    ];
    console.log(`\n${table.join("\n")}\n`);
    console.log(`endpoints over their bound: ${over.length ? over.map((r) => r.e.name).join(", ") : "none"}`);
    const section = [
      `### Cost per request, ${LABEL}`,
      "",
      `Command: \`npm run bench:cost${args.length ? " -- " + args.join(" ") : ""}\` (${new Date().toISOString().slice(0, 10)}, wrangler dev / local D1, bench entry point bench/cost/worker.ts). Catalogue: ${DEFAULT_SIZES.documents} documents, ${DEFAULT_SIZES.threads} threads, ${DEFAULT_SIZES.cases} cases, ${DEFAULT_SIZES.posts} posts, ${DEFAULT_SIZES.boards} boards. Uncached (EDGE_CACHE_TTL_SECONDS=0) and cached (60; keyed calls, /mcp and downloads are never cached), each the second of two identical requests.`,
      `Prices (Workers Paid, beyond the inclusions, published on developers.cloudflare.com, looked up ${PRICES.date}): Worker request $0.30/M, D1 row read $0.001/M, D1 row written $1.00/M, Durable Object request $0.15/M, Durable Object row written $1.00/M; CPU time and DO duration not counted.`,
      "",
      ...(rows.length ? [...table, "", `Endpoints over their bound: ${over.length ? over.map((r) => r.e.name).join(", ") : "none"}.`, ""] : []),
      `Readers at steady load: ${STEADY_REQUESTS} reads per profile from ${STEADY_CONNECTIONS} connections after one that fills the edge cache; Durable Object rows are the limiter's whole writes over the run (batched saves, and each alarm set counted as a row) divided by the requests; Durable Object requests include the alarms run.`,
      "",
      ...readerLines,
      "",
    ].join("\n");
    writeResultsSection(`cost-${LABEL}`, section);
    log(`wrote bench/RESULTS.md (cost-${LABEL})`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
