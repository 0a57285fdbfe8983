// What a point answer with places costs (issue 55, item 7): rows read on the primary and the text databases (D1's
// meta.rows_read, through bench/cost/worker.ts's tally), statements, and CPU per request, for a net and a part of
// a demo board that has both a schematic and a boardview. The demo (scripts/demo) is imported into a fresh local
// state; `wrangler dev` runs uncached (no edge cache) with the limits raised. CPU is the wrangler process group's
// (workerd and its D1) over ROUNDS × REQUESTS sequential requests, the median round reported.
// Usage: npx tsx bench/places/point-cost.ts [--port=8812]
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { importContent } from "../../cli/import";
import { generateDemo } from "../../scripts/demo/generate";
import { median, option, serviceVars } from "../floor/setup";
import { ROOT, startWorker, stopWorker } from "../lib/dev-worker";
import { groupTicks, TICK_US } from "../lib/process-cpu";

const PORT = Number(option("port") ?? 8812);
const STATE = join(ROOT, "bench/out/places-cost-state");
const ROUNDS = 3;
const REQUESTS = 60;

type DemoDoc = { type: string; boards: string[]; pages?: string[]; visibility: string; status: string };

/** A board with a schematic and a boardview, a net and a part its schematic prints (its rails and power parts). */
function pickPoints(docs: DemoDoc[]): { board: string; net: string; part: string } {
  const open = docs.filter((d) => d.visibility === "public" && d.status === "available");
  const withBoardview = new Set(open.filter((d) => d.type === "boardview").flatMap((d) => d.boards));
  const schematic = open.find((d) => d.type === "schematic" && d.boards.some((b) => withBoardview.has(b)) && d.pages?.length);
  if (!schematic?.pages) throw new Error("no demo board with a schematic and a boardview");
  const net = /Power rails: (\S+) /.exec(schematic.pages[0])?.[1];
  const part = /Power parts: (\S+) /.exec(schematic.pages[1])?.[1];
  if (!net || !part) throw new Error("the demo schematic names no rail or part");
  return { board: schematic.boards[0], net, part };
}

interface Cost {
  d1: { rowsRead: number; statements: number };
  shards: { rowsRead: number; statements: number; heaviest: { sql: string; rowsRead: number }[] };
}

async function measure(base: string, group: number, path: string) {
  const once = await fetch(base + path);
  const body = (await once.json()) as { data?: { documents: { places: unknown[] }[] } };
  const cost = JSON.parse(once.headers.get("x-bench-cost") ?? "{}") as Cost;
  if (once.status !== 200) throw new Error(`${path}: ${once.status}`);
  const places = body.data?.documents.reduce((n, d) => n + d.places.length, 0) ?? 0;
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const before = groupTicks(group);
    for (let i = 0; i < REQUESTS; i++) await (await fetch(base + path)).arrayBuffer();
    rounds.push(((groupTicks(group) - before) * TICK_US) / REQUESTS);
  }
  return {
    path,
    places,
    rowsRead: { primary: cost.d1.rowsRead, text: cost.shards.rowsRead },
    statements: { primary: cost.d1.statements, text: cost.shards.statements },
    cpuMicros: Math.round(median(rounds)),
    textStatements: cost.shards.heaviest.map((h) => `${h.rowsRead}: ${h.sql.slice(0, 60)}`),
  };
}

const demo = (await generateDemo()) as { documents: DemoDoc[] };
const { board, net, part } = pickPoints(demo.documents);
rmSync(STATE, { recursive: true, force: true });
execFileSync("npx", ["tsx", "scripts/db-migrate.ts", "--persist-to", STATE], { stdio: "ignore", cwd: ROOT });
const proxy = await getPlatformProxy<Env>({ configPath: join(ROOT, "wrangler.toml"), persist: { path: join(STATE, "v3") } });
try {
  const outcome = await importContent(proxy.env, demo, { reset: true });
  if (!outcome.ok) throw new Error(`the demo did not import: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
} finally {
  await proxy.dispose();
}
const worker = await startWorker({
  port: PORT,
  state: STATE,
  entry: "bench/cost/worker.ts",
  vars: { ...serviceVars(), EDGE_CACHE_TTL_SECONDS: "0" },
});
try {
  const base = `http://127.0.0.1:${PORT}`;
  for (const point of [net, part]) {
    const path = `/api/v1/boards/${encodeURIComponent(board)}/points/${encodeURIComponent(point)}`;
    console.log(JSON.stringify(await measure(base, worker.pid ?? 0, path)));
  }
} finally {
  stopWorker(worker);
}
