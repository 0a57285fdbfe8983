// `npm run bench:edge -- --ab=REV`: this checkout's Worker against the one at git revision REV, side by side under
// the same load (a shared machine moves absolute figures more than any change). Both run under
// `wrangler dev` (entry bench/edge/worker.ts of each, state copied from the side-by-side run's), then each route
// is called by autocannon (16 connections, one address) on one Worker then the other, in ROUNDS interleaved
// rounds. Writes the requests/s of each and the ratio to bench/RESULTS.md (section `reads-ab`).
import autocannon from "autocannon";
import { execSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, relative } from "node:path";
import { ROOT, seedState, startWorker, stopWorker } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";
import { UNCACHED_HEADER } from "./uncached";

const REV = process.argv.find((a) => a.startsWith("--ab="))?.split("=")[1] ?? "HEAD";
const ROUNDS = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const OUT = join(ROOT, "bench/out");
const RAISED = "1000000000";
const portOption = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);

async function rps(url: string, uncached: boolean, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 16, duration: seconds, headers: uncached ? { [UNCACHED_HEADER]: "1" } : {} });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${url}: calls failed`);
  return result.requests.total / seconds;
}

async function main(): Promise<void> {
  const load = loadavg();
  const sha = execSync(`git rev-parse --short ${REV}`, { cwd: ROOT }).toString().trim();
  // The other revision's sources with this checkout's bench entry.
  // A hidden folder of this checkout (packages resolve from there; esbuild ignores tsconfig under node_modules,
  // and tsc and Biome read only the folders they list), removed after the run.
  const other = join(ROOT, ".bench-ab", sha);
  rmSync(other, { recursive: true, force: true });
  mkdirSync(other, { recursive: true });
  execSync(`git archive ${REV} src | tar -x -C ${other}`, { cwd: ROOT });
  for (const dir of ["bench/edge", "bench/lib"]) cpSync(join(ROOT, dir), join(other, dir), { recursive: true });
  // src/version.ts reads package.json; esbuild takes the JSX settings from the nearest tsconfig.json.
  for (const file of ["package.json", "tsconfig.json"]) cpSync(join(ROOT, file), join(other, file));
  const side = join(OUT, "side-state");
  if (!existsSync(side)) await seedState(side);
  for (const s of ["ab-state-a", "ab-state-b"]) {
    rmSync(join(OUT, s), { recursive: true, force: true });
    cpSync(side, join(OUT, s), { recursive: true });
  }
  const vars = { ANON_RATE_PER_MINUTE: RAISED, KEY_RATE_PER_MINUTE: RAISED, SITE_RATE_PER_MINUTE: RAISED, EDGE_CACHE_TTL_SECONDS: "60" };
  const [portA, portB] = [portOption("port", 8834), portOption("hello-port", 8835)];
  const a = await startWorker({ port: portA, state: join(OUT, "ab-state-a"), entry: relative(ROOT, join(other, "bench/edge/worker.ts")), vars });
  const b = await startWorker({ port: portB, state: join(OUT, "ab-state-b"), entry: "bench/edge/worker.ts", vars });
  try {
    const list = (await (await fetch(`http://127.0.0.1:${portB}/api/v1/documents`)).json()) as { data: { id: string }[] };
    const routes: [string, string, boolean][] = [
      ["anonymous `/documents`, cached", "/api/v1/documents", false],
      ["document detail, cached", `/api/v1/documents/${list.data[0].id}`, false],
      ["thread list, cached", "/api/v1/forum/threads", false],
      ["site `/en`, cached", "/en", false],
      ["anonymous `/documents`, uncached", "/api/v1/documents", true],
      ["one-query route", "/__bench/one-query", false],
    ];
    const totals = routes.map(() => [0, 0]);
    for (const [, path, uncached] of routes) for (const port of [portA, portB]) await rps(`http://127.0.0.1:${port}${path}`, uncached, 2);
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, [, path, uncached]] of routes.entries()) {
        // Alternate which Worker goes first, so neither always follows the other's load.
        const order = round % 2 ? [1, 0] : [0, 1];
        for (const w of order) totals[i][w] += await rps(`http://127.0.0.1:${[portA, portB][w]}${path}`, uncached, SECONDS);
      }
    const after = loadavg();
    const lines = [
      `| request | ${sha} req/s | this checkout req/s | ratio |`,
      "|---|---|---|---|",
      ...routes.map(([label], i) => {
        const [x, y] = totals[i].map((t) => t / ROUNDS);
        return `| ${label} | ${x.toFixed(0)} | ${y.toFixed(0)} | **${(y / x).toFixed(2)}×** |`;
      }),
    ];
    console.log(lines.join("\n"));
    writeResultsSection(
      "reads-ab",
      [
        `## Reads A/B (issue 33): ${sha} against this checkout`,
        "",
        `Run ${new Date().toISOString()} by \`npm run bench:edge -- --ab=${REV}\` (bench/edge/ab.ts): both Workers under \`wrangler dev\` at once ` +
          `(entry bench/edge/worker.ts of each, same data), autocannon 16 connections from one address, ${ROUNDS} rounds of ${SECONDS} s per route and ` +
          `Worker, interleaved, after a 2 s warm-up of each. ${cpus().length} shared cores; load average before ` +
          `${load.map((l) => l.toFixed(1)).join("/")}, after ${after.map((l) => l.toFixed(1)).join("/")}.`,
        "",
        ...lines,
        "",
      ].join("\n"),
    );
  } finally {
    stopWorker(a);
    stopWorker(b);
    rmSync(join(ROOT, ".bench-ab"), { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
