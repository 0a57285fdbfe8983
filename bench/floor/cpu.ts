// `npm run bench:cpu`: the CPU each route costs per request, against the same bare Worker as bench:floor. Requests
// per second move with everything else the machine runs; CPU time does much less: each `wrangler dev` process
// group (wrangler, workerd, its D1 and Durable Objects) is read from /proc before and after a load of one route,
// and its CPU time divided by the requests answered. Prints µs per request and the ratio to the bare one-query
// Worker (bare ÷ route: the throughput the route would have on a machine doing nothing else, as a share).
// Writes bench/RESULTS.md section `cpu` (or `cpu-LABEL`).
import { cpus, loadavg } from "node:os";
import type { ChildProcess } from "node:child_process";
import { freePort, seedState, stopWorker } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";
import { UNCACHED_HEADER } from "../edge/uncached";
import { load, LOAD_GENERATOR } from "./load";
import { groupTicks, TICK_US } from "../lib/process-cpu";
import { benchPorts, median, option, POINT_ROUTES, SAMPLE_STATE, serviceVars, startBare, startService } from "./setup";

const SECONDS = Number(option("seconds") ?? 4);
const ROUNDS = Number(option("rounds") ?? 3);
const CONNECTIONS = Number(option("connections") ?? 4);
const LABEL = option("label");

interface Route {
  key: string;
  label: string;
  where: "bare" | "service";
  path: string;
  uncached?: boolean;
}

const ROUTES: Route[] = [
  { key: "hello", label: "bare Hono Worker, `c.json({ok: true})`", where: "bare", path: "/" },
  { key: "oneQuery", label: "bare Hono Worker, one D1 `select 1`", where: "bare", path: "/one-query" },
  { key: "healthz", label: "service `GET /healthz`", where: "service", path: "/healthz" },
  { key: "cached", label: "anonymous `GET /api/v1/documents`, edge cache hit", where: "service", path: "/api/v1/documents" },
  { key: "uncached", label: "anonymous `GET /api/v1/documents`, uncached", where: "service", path: "/api/v1/documents", uncached: true },
  { key: "search", label: "search `power`, uncached", where: "service", path: "/api/v1/search?q=power", uncached: true },
  ...POINT_ROUTES,
];
const ONLY = option("only")?.split(",");
const MEASURED = ROUTES.filter((r) => !ONLY || ONLY.includes(r.key) || r.where === "bare");

async function cpuPerRequest(base: string, group: number, route: Route): Promise<number> {
  const before = groupTicks(group);
  const f = await load({
    url: base + route.path,
    seconds: SECONDS,
    connections: CONNECTIONS,
    headers: route.uncached ? { [UNCACHED_HEADER]: "1" } : {},
  });
  const after = groupTicks(group);
  if (f.failed > 0 || f.requests === 0) throw new Error(`${route.path}: ${f.failed} of ${f.requests} failed`);
  return ((after - before) * TICK_US) / f.requests;
}

async function main(): Promise<void> {
  const before = loadavg();
  const dataset = await seedState(SAMPLE_STATE);
  const workers: ChildProcess[] = [];
  try {
    const { ports, inspectors } = await benchPorts(2, freePort);
    const [barePort, servicePort] = ports;
    const bare = await startBare(barePort, inspectors[0]);
    workers.push(bare);
    const service = await startService(servicePort, SAMPLE_STATE, serviceVars(), inspectors[1]);
    workers.push(service);
    const target = {
      bare: { base: `http://127.0.0.1:${barePort}`, group: bare.pid! },
      service: { base: `http://127.0.0.1:${servicePort}`, group: service.pid! },
    };
    for (const r of MEASURED) {
      // Warm-up: the route's code, statements and cache entry.
      await load({ url: target[r.where].base + r.path, seconds: 2, connections: CONNECTIONS, headers: r.uncached ? { [UNCACHED_HEADER]: "1" } : {} });
    }
    const samples = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const r of MEASURED)
        samples.set(r.key, [...(samples.get(r.key) ?? []), await cpuPerRequest(target[r.where].base, target[r.where].group, r)]);
    }
    const us = (key: string) => median(samples.get(key) ?? [NaN]);
    const after = loadavg();
    const rows = MEASURED.map((r) => {
      const over = r.where === "bare" ? "" : ` ${(us("oneQuery") / us(r.key)).toFixed(2)}×`;
      return `| ${r.label} | ${us(r.key).toFixed(0)} | ${(samples.get(r.key) ?? []).map((v) => v.toFixed(0)).join(" / ")} |${over} |`;
    });
    const section = [
      `## CPU per request against a bare Worker${LABEL ? `: ${LABEL}` : ""}`,
      "",
      `Run ${new Date().toISOString()} by \`npm run bench:cpu\` (bench/floor/cpu.ts): a bare Hono Worker (bench/floor/bare.ts) and the service on ${dataset}, ` +
        `each its own \`wrangler dev --local\` process group, whose CPU time (user + system, from /proc, every process of the group: wrangler, workerd, ` +
        `D1 and Durable Objects) is divided by the requests it answered under ${LOAD_GENERATOR} with ${CONNECTIONS} connections for ${SECONDS} s; ` +
        `the median of ${ROUNDS} rounds. The ratio is the bare one-query Worker's CPU over the route's. Machine: ${cpus().length} × ` +
        `${cpus()[0]?.model.trim() ?? "CPU"}; load average before ${before.map((l) => l.toFixed(1)).join("/")}, after ${after.map((l) => l.toFixed(1)).join("/")}.`,
      "",
      "| route | µs CPU per request | rounds | bare one-query ÷ route |",
      "|---|---:|---|---:|",
      ...rows,
    ].join("\n");
    console.log(section);
    if (!ONLY) writeResultsSection(LABEL ? `cpu-${LABEL}` : "cpu", section);
  } finally {
    for (const w of workers) stopWorker(w);
  }
}

await main();
