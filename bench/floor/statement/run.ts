// `npx tsx bench/floor/statement/run.ts [--rounds=3] [--write]`: where the uncached list's CPU goes. Beside the service, a
// bare Worker (worker.ts) on a copy of the service's database answers `select 1`, then the very statement the
// service's anonymous `GET /api/v1/documents` runs (rows as arrays, then as objects turned to JSON), with no
// pipeline. CPU per request of each process group as bench:cpu reads it (wrk, 4 connections, 4 s a round, the
// median of the rounds). The gap between the bare statement and the service is all the service adds; the gap
// between `select 1` and the statement is the statement's own. `--write`: bench/RESULTS.md section `statement-split`.
import { cpSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { UNCACHED_HEADER } from "../../edge/uncached";
import { freePort, ROOT, seedState, startWorker, stopWorker } from "../../lib/dev-worker";
import { groupTicks, TICK_US } from "../../lib/process-cpu";
import { writeResultsSection } from "../../lib/results";
import { load, LOAD_GENERATOR } from "../load";
import { median, option, SAMPLE_STATE, serviceVars, startService } from "../setup";

const ROUNDS = Number(option("rounds") ?? 3);
const SECONDS = 4;
const CONNECTIONS = 4;
const COPY = join(ROOT, "bench/out/statement-state");

interface Target {
  label: string;
  where: "bare" | "service";
  path: string;
  uncached?: boolean;
}
const TARGETS: Target[] = [
  { label: "bare Worker, `select 1`", where: "bare", path: "/one-query" },
  { label: "bare Worker, `select 1` in a D1 session", where: "bare", path: "/one-query-session" },
  { label: "bare Worker, the list's statement, rows as arrays", where: "bare", path: "/list-rows" },
  { label: "bare Worker, the list's statement, rows as objects, as JSON", where: "bare", path: "/list-objects" },
  { label: "service, anonymous `GET /api/v1/documents`, uncached", where: "service", path: "/api/v1/documents", uncached: true },
  { label: "service `GET /healthz`", where: "service", path: "/healthz" },
];

async function main(): Promise<void> {
  const before = loadavg();
  const dataset = await seedState(SAMPLE_STATE);
  rmSync(COPY, { recursive: true, force: true });
  cpSync(SAMPLE_STATE, COPY, { recursive: true });
  const [barePort, servicePort] = [await freePort(), await freePort()];
  const bare = await startWorker({ port: barePort, state: COPY, config: join(ROOT, "bench/floor/statement/worker.toml"), vars: {} });
  const service = await startService(servicePort, SAMPLE_STATE, serviceVars()).catch((error) => {
    stopWorker(bare);
    throw error;
  });
  const at = {
    bare: { base: `http://127.0.0.1:${barePort}`, group: bare.pid! },
    service: { base: `http://127.0.0.1:${servicePort}`, group: service.pid! },
  };
  const headers = (t: Target): Record<string, string> => (t.uncached ? { [UNCACHED_HEADER]: "1" } : {});
  try {
    for (const t of TARGETS) await load({ url: at[t.where].base + t.path, seconds: 2, connections: CONNECTIONS, headers: headers(t) });
    const samples = new Map<Target, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of TARGETS) {
        const ticks = groupTicks(at[t.where].group);
        const f = await load({ url: at[t.where].base + t.path, seconds: SECONDS, connections: CONNECTIONS, headers: headers(t) });
        if (f.failed > 0 || f.requests === 0) throw new Error(`${t.path}: ${f.failed} of ${f.requests} failed`);
        samples.set(t, [...(samples.get(t) ?? []), ((groupTicks(at[t.where].group) - ticks) * TICK_US) / f.requests]);
      }
    }
    const after = loadavg();
    const rows = TARGETS.map((t) => {
      const us = samples.get(t) ?? [];
      return `| ${t.label} | ${median(us).toFixed(0)} | ${us.map((v) => v.toFixed(0)).join(" / ")} |`;
    });
    const section = [
      "## Where the uncached list's CPU goes: the platform's D1 call, the statement, the service",
      "",
      `Run ${new Date().toISOString()} by \`npx tsx bench/floor/statement/run.ts\`: the service on ${dataset} and a bare Hono Worker ` +
        "(bench/floor/statement/worker.ts) on a copy of its database running the service's own list statement with no pipeline, each its own " +
        `\`wrangler dev --local\` process group; CPU time (user + system, every process of the group) over the requests answered under ${LOAD_GENERATOR}, ` +
        `${CONNECTIONS} connections, ${SECONDS} s, the median of ${ROUNDS} rounds. Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}; ` +
        `load average before ${before.map((l) => l.toFixed(1)).join("/")}, after ${after.map((l) => l.toFixed(1)).join("/")}.`,
      "",
      "| route | µs CPU per request | rounds |",
      "|---|---:|---|",
      ...rows,
    ].join("\n");
    console.log(section);
    if (process.argv.includes("--write")) writeResultsSection("statement-split", section);
  } finally {
    stopWorker(bare);
    stopWorker(service);
  }
}

await main();
