// `npm run bench`: the Worker under `wrangler dev` (local, offline, its own state in bench/out/http-state,
// limits raised by --var so they never refuse), seeded with the sample fixture through the importer,
// then autocannon against a bare route (/healthz), an unknown API path (the limiter alone) and anonymous
// GET /api/v1/documents, one after the other in one run. Prints requests/s and p99 of each and their ratio; writes them to bench/RESULTS.md.
// Loopback only; every loop is bounded by a count or a deadline.
import autocannon from "autocannon";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";
import { importContent } from "../../src/import";
import { writeResultsSection } from "../lib/results";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const STATE = join(ROOT, "bench/out/http-state");
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RAISED_LIMIT = "1000000000";
const HEADING = "## HTTP: bare route vs /documents";

// Offline: Miniflare would otherwise try to download the `request.cf` sample on every start.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function run(args: string[]): void {
  const result = spawnSync(WRANGLER, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CI: "1" } });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed`);
}

/** The demo dataset when there is one, else the sample fixture. */
function dataset(): { name: string; content: unknown } {
  for (const candidate of ["fixtures/demo.json", "test/fixtures/demo.json", "test/fixtures/sample.json"]) {
    const path = join(ROOT, candidate);
    if (existsSync(path)) return { name: candidate, content: JSON.parse(readFileSync(path, "utf8")) };
  }
  throw new Error("no dataset to seed");
}

async function seed(): Promise<string> {
  rmSync(STATE, { recursive: true, force: true });
  run(["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  const proxy = await getPlatformProxy<Env>({ configPath: join(ROOT, "wrangler.toml"), persist: { path: join(STATE, "v3") }, remoteBindings: false });
  try {
    const { name, content } = dataset();
    const outcome = await importContent(proxy.env, content, { reset: true });
    if (!outcome.ok) throw new Error(`${name} did not import: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
    return name;
  } finally {
    await proxy.dispose();
  }
}

async function startWorker(port: number): Promise<ChildProcess> {
  const child = spawn(
    WRANGLER,
    ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", STATE, "--show-interactive-dev-session=false", "--log-level", "warn",
      "--var", `ANON_RATE_PER_MINUTE:${RAISED_LIMIT}`, "--var", `KEY_RATE_PER_MINUTE:${RAISED_LIMIT}`],
    { cwd: ROOT, detached: true, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CI: "1" } },
  );
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("wrangler dev exited early");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stopWorker(child);
  throw new Error("wrangler dev did not answer within 90 s");
}

function stopWorker(child: ChildProcess): void {
  // The process group of the wrangler we started (wrangler and its workerd), nothing else.
  if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
}

interface Figure {
  label: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  /** Calls that did not get the expected status, plus socket errors and timeouts. */
  failed: number;
}

async function measure(label: string, url: string, seconds: number, expectStatus = 200): Promise<Figure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
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

function section(figures: Figure[], ratio: { rps: number; p99: number }, datasetName: string, load: number): string {
  const rows = figures.map((f) => `| ${f.label} | \`GET ${f.path}\` | ${f.requestsPerSecond.toFixed(0)} | ${f.p99Ms} | ${f.requests} | ${f.failed} |`);
  return [
    HEADING,
    "",
    `Run ${new Date().toISOString()} by \`npm run bench\` (bench/http/run.ts): \`wrangler dev --local\` on 127.0.0.1, ` +
      `autocannon ${CONNECTIONS} connections for ${DURATION_SECONDS} s per route after a 2 s warm-up, anonymous, ` +
      `rate limits raised by \`--var\` (every call still passes the limiter Durable Object), data: ${datasetName}. ` +
      `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}; load generator and Worker share it ` +
      `(1-minute load average before the run: ${load.toFixed(1)}; absolute figures move with it, the ratio much less).`,
    "",
    "| route | request | requests/s | p99 (ms) | requests | failed |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    `Ratio /documents ÷ bare: **${ratio.rps.toFixed(2)}× the requests/s**, **${ratio.p99.toFixed(2)}× the p99**.`,
    "",
    "bare: the Worker's request context only (no limit, no database). limiter only: an unknown API path, a 404 problem " +
      "after the per-address rate check (one Durable Object call) and no database. /documents: the rate check plus the " +
      "count and page queries in D1, JSON, ETag. All calls come from one address, so they queue on one limiter object.",
    "",
  ].join("\n");
}

function writeResults(text: string): void {
  writeResultsSection("http", text);
}

async function main(): Promise<void> {
  const load = loadavg()[0];
  const datasetName = await seed();
  const port = await freePort();
  const worker = await startWorker(port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const targets = [
      { label: "bare", url: `${base}/healthz`, status: 200 },
      { label: "limiter only", url: `${base}/api/v1/no-such-endpoint`, status: 404 },
      { label: "documents", url: `${base}/api/v1/documents`, status: 200 },
    ];
    const check = await fetch(targets[2].url);
    if (check.status !== 200) throw new Error(`/api/v1/documents answered ${check.status}: ${await check.text()}`);
    await check.arrayBuffer();
    for (const t of targets) await measure(t.label, t.url, 2, t.status); // warm-up
    const figures: Figure[] = [];
    for (const t of targets) figures.push(await measure(t.label, t.url, DURATION_SECONDS, t.status));
    const [bare, , documents] = figures;
    const ratio = { rps: documents.requestsPerSecond / bare.requestsPerSecond, p99: documents.p99Ms / Math.max(bare.p99Ms, 1) };
    console.log("");
    for (const f of figures) console.log(`${f.label.padEnd(13)} GET ${f.path.padEnd(26)} ${f.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99Ms).padStart(5)} ms   (${f.requests} requests, ${f.failed} failed)`);
    console.log(`ratio         /documents ÷ bare: ${ratio.rps.toFixed(2)}× requests/s, ${ratio.p99.toFixed(2)}× p99`);
    if (figures.some((f) => f.failed > 0)) throw new Error("some calls failed: the figures are not of the expected answers");
    writeResults(section(figures, ratio, datasetName, load));
    console.log("written to bench/RESULTS.md");
  } finally {
    stopWorker(worker);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
