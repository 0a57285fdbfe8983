import autocannon from "autocannon";
import { cpSync, rmSync } from "node:fs";
import { startWorker, stopWorker, ROOT } from "../lib/dev-worker";
const path = process.argv[2] ?? "/api/v1/documents";
const extraB = JSON.parse(process.argv[3] ?? '{"BENCH_NO_LOG":"1"}');
const headers = JSON.parse(process.argv[4] ?? "{}");
const vars = { ANON_RATE_PER_MINUTE: "1000000000", SITE_RATE_PER_MINUTE: "1000000000", EDGE_CACHE_TTL_SECONDS: "60" };
for (const s of ["a", "b"]) { rmSync(`/tmp/ab-${s}`, { recursive: true, force: true }); cpSync(`${ROOT}/bench/out/side-state`, `/tmp/ab-${s}`, { recursive: true }); }
const a = await startWorker({ port: 8834, state: "/tmp/ab-a", entry: "bench/edge/worker.ts", vars });
const b = await startWorker({ port: 8835, state: "/tmp/ab-b", entry: "bench/edge/worker.ts", vars: { ...vars, ...extraB } });
try {
  const res: Record<string, number[]> = { a: [], b: [] };
  for (const port of [8834, 8835]) await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 16, duration: 2, headers });
  for (let i = 0; i < 4; i++) for (const [k, port] of [["a", 8834], ["b", 8835]] as const) {
    const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 16, duration: 3, headers });
    res[k].push(Math.round(r.requests.average));
  }
  const sum = (x: number[]) => x.reduce((s, v) => s + v, 0);
  console.log(JSON.stringify(res), "b/a", (sum(res.b) / sum(res.a)).toFixed(2));
} finally { stopWorker(a); stopWorker(b); }
