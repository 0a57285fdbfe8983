// `npm run bench:edge -- --profile`: where a read spends the Worker's CPU. The Worker under
// `wrangler dev` (entry bench/edge/worker.ts, no latency model), each route warmed, then the V8 inspector's
// sampling profiler while autocannon (16 connections, one address) calls that route; samples are mapped back to
// the source files through the bundle's source map and summed per file and per function (self time), and per
// function of the service (src/) with its callees (inclusive time). BENCH_ONLY="a|b" profiles the routes whose label
// holds a or b ("edge cache off": the uncached ones).
// Writes bench/RESULTS.md section `profile-LABEL` (--label=before|after|…).
import autocannon from "autocannon";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { freePort, ROOT, seedState, startWorker, stopWorker } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";
import { SourceLines } from "./source-map";
import { UNCACHED_HEADER } from "./uncached";

const STATE = join(ROOT, "bench/out/profile-state");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LABEL = process.argv.find((a) => a.startsWith("--label="))?.split("=")[1] ?? "after";
const TOP = 14;
const RAISED = "1000000000";

interface CallFrame {
  functionName: string;
  url: string;
  scriptId: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** A Chrome DevTools Protocol session over the inspector's WebSocket. */
class Inspector {
  private next = 1;
  private pending = new Map<number, (result: unknown) => void>();
  readonly scripts = new Map<string, { url: string; sourceMapURL: string }>();

  private constructor(private socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.method === "Debugger.scriptParsed") this.scripts.set(message.params.scriptId, message.params);
      const done = this.pending.get(message.id);
      if (done) {
        this.pending.delete(message.id);
        done(message.result ?? message.error);
      }
    });
  }

  static async open(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
    const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
    await new Promise((done, fail) => socket.once("open", done).once("error", fail));
    return new Inspector(socket);
  }

  send<T>(method: string, params: object = {}): Promise<T> {
    const id = this.next++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((done) => this.pending.set(id, done as (r: unknown) => void));
  }

  close(): void {
    this.socket.close();
  }
}

interface Route {
  label: string;
  path: string;
  uncached?: boolean;
}

/** Self time per source file and per function, in % of the samples the Worker was busy. */
async function summarise(
  profile: Profile,
  inspector: Inspector,
): Promise<{ busy: number; console: number; files: [string, number][]; functions: [string, number][]; inclusive: [string, number][] }> {
  const parents = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const maps = new Map<string, SourceLines | null>();
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const locate = async (frame: CallFrame): Promise<{ file: string; where: string } | undefined> => {
    const script = inspector.scripts.get(frame.scriptId);
    if (!script?.sourceMapURL || !frame.url) return undefined;
    if (!maps.has(frame.scriptId)) maps.set(frame.scriptId, await SourceLines.load(script.sourceMapURL, script.url));
    const source = maps.get(frame.scriptId)?.lookup(frame.lineNumber, frame.columnNumber);
    if (!source) return undefined;
    return {
      file: source.file.replace(/^.*?(node_modules\/(?:@[^/]+\/)?[^/]+|src|bench)\//, "$1/").replace(/^(node_modules\/(?:@[^/]+\/)?[^/]+)\/.*/, "$1"),
      where: `${source.file.replace(/^.*?\/(src|bench|node_modules)\//, "$1/")}:${source.line + 1}`,
    };
  };
  let busy = 0;
  let console = 0;
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? 0;
    if (n === 0 || node.callFrame.functionName === "(idle)") continue;
    // console.log itself, under the log line: with an inspector attached workerd also sends every line to it,
    // which costs more than the line (measured: the same run without any log line is no faster). Left out.
    if (!node.callFrame.url && !node.callFrame.functionName && parents.get(node.id)?.callFrame.functionName === "logLine") {
      console += n;
      continue;
    }
    busy += n;
    const frame = node.callFrame;
    const builtIn = !frame.url && !frame.functionName.startsWith("(");
    // A built-in (Response, Headers, URL…) is its caller's work: its file is the caller's.
    const located = await locate(builtIn ? (parents.get(node.id)?.callFrame ?? frame) : frame);
    const file = located?.file ?? (frame.url ? "(runtime JavaScript)" : frame.functionName || "(native)");
    byFile.set(file, (byFile.get(file) ?? 0) + n);
    const fn = builtIn
      ? `${frame.functionName || "(native)"} ← ${located?.where ?? "?"}`
      : `${frame.functionName || "(anonymous)"} ${located?.where ?? ""}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + n);
  }
  // Inclusive time of the service's own functions (src/): a sample counts for every one of them on its stack, once.
  const own = new Map<number, string | undefined>();
  const ownName = async (node: ProfileNode): Promise<string | undefined> => {
    if (!own.has(node.id)) {
      const located = node.callFrame.url ? await locate(node.callFrame) : undefined;
      own.set(node.id, located?.where.startsWith("src/") ? `${node.callFrame.functionName || "(anonymous)"} ${located.where}` : undefined);
    }
    return own.get(node.id);
  };
  const inclusive = new Map<string, number>();
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? 0;
    if (n === 0 || node.callFrame.functionName === "(idle)") continue;
    const seen = new Set<string>();
    for (let at: ProfileNode | undefined = node; at; at = parents.get(at.id)) {
      const name = await ownName(at);
      if (name) seen.add(name);
    }
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + n);
  }
  // The kept profile (BENCH_PROFILE_DIR) names each frame's source file and line, not the bundle's.
  if (process.env.BENCH_PROFILE_DIR) {
    for (const node of profile.nodes) {
      const located = node.callFrame.url ? await locate(node.callFrame) : undefined;
      if (located) node.callFrame.functionName = `${node.callFrame.functionName || "(anonymous)"} ${located.where}`;
    }
  }
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([k, v]) => [k, (100 * v) / busy] as [string, number]);
  return { busy, console, files: top(byFile), functions: top(byFunction), inclusive: top(inclusive) };
}

async function profileRoute(base: string, inspector: Inspector, route: Route): Promise<string[]> {
  const headers: Record<string, string> = route.uncached ? { [UNCACHED_HEADER]: "1" } : {};
  await autocannon({ url: base + route.path, connections: 16, duration: 2, headers }); // warm-up
  await inspector.send("Profiler.setSamplingInterval", { interval: 200 });
  await inspector.send("Profiler.start");
  const result = await autocannon({ url: base + route.path, connections: 16, duration: SECONDS, headers });
  const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
  const { busy, console: logged, files, functions, inclusive } = await summarise(profile, inspector);
  // BENCH_PROFILE_DIR=dir keeps each profile (opens in Chrome DevTools' Performance panel).
  const dir = process.env.BENCH_PROFILE_DIR;
  if (dir) writeFileSync(join(dir, `${route.path.replace(/\W+/g, "_")}${route.uncached ? "-uncached" : ""}.cpuprofile`), JSON.stringify(profile));
  const total = profile.samples.length - logged;
  const perRequestUs = (busy / total) * ((SECONDS * 1e6) / result.requests.total);
  console.log(`${route.label}: ${result.requests.average.toFixed(0)} req/s, Worker thread busy ${((100 * busy) / total).toFixed(0)}%`);
  return [
    `### ${route.label}${route.uncached ? ", edge cache off" : ""}: \`GET ${route.path}\``,
    "",
    `${result.requests.average.toFixed(0)} req/s; the Worker's thread busy ${((100 * busy) / total).toFixed(0)}% of the time, ` +
      `about **${perRequestUs.toFixed(0)} µs of CPU per request** (busy time ÷ requests). Self time, % of busy samples:`,
    "",
    "| source file | % | | function (source line) | % |",
    "|---|---|---|---|---|",
    ...files.map(
      ([f, p], i) => `| ${f} | ${p.toFixed(1)} | | ${functions[i] ? `\`${functions[i][0]}\`` : ""} | ${functions[i]?.[1].toFixed(1) ?? ""} |`,
    ),
    "",
    "The service's own functions with their callees (inclusive time), % of busy samples:",
    "",
    "| function (source line) | % |",
    "|---|---|",
    ...inclusive.map(([f, p]) => `| \`${f}\` | ${p.toFixed(1)} |`),
    "",
  ];
}

async function main(): Promise<void> {
  const load = loadavg();
  const side = join(ROOT, "bench/out/side-state");
  let dataset = "test/fixtures/sample.json (the side-by-side run's state)";
  if (existsSync(side)) {
    rmSync(STATE, { recursive: true, force: true });
    cpSync(side, STATE, { recursive: true });
  } else dataset = await seedState(STATE);
  const port = Number(process.argv.find((a) => a.startsWith("--port="))?.split("=")[1] ?? 0) || (await freePort());
  const inspectorPort = await freePort();
  const vars = { ANON_RATE_PER_MINUTE: RAISED, KEY_RATE_PER_MINUTE: RAISED, SITE_RATE_PER_MINUTE: RAISED, EDGE_CACHE_TTL_SECONDS: "60" };
  const worker = await startWorker({ port, state: STATE, entry: "bench/edge/worker.ts", vars, inspectorPort });
  const inspector = await Inspector.open(inspectorPort);
  try {
    await inspector.send("Debugger.enable");
    await inspector.send("Profiler.enable");
    const base = `http://127.0.0.1:${port}`;
    const list = (await (await fetch(`${base}/api/v1/documents`)).json()) as { data: { id: string }[] };
    const only = process.env.BENCH_ONLY;
    const routes: Route[] = [
      { label: "`/healthz`", path: "/healthz" },
      { label: "unknown API path (404)", path: "/api/v1/no-such-endpoint" },
      { label: "anonymous `/documents`, cached", path: "/api/v1/documents" },
      { label: "document detail, cached", path: `/api/v1/documents/${list.data[0].id}` },
      { label: "thread list, cached", path: "/api/v1/forum/threads" },
      { label: "site `/en`, cached", path: "/en" },
      { label: "anonymous `/documents`", path: "/api/v1/documents", uncached: true },
      { label: "document detail", path: `/api/v1/documents/${list.data[0].id}`, uncached: true },
      { label: "search `power`", path: "/api/v1/search?q=power", uncached: true },
      // BENCH_ONLY="a|b": the routes whose label (", edge cache off" for an uncached one) holds a or b.
    ].filter((r) => !only || only.split("|").some((o) => `${r.label}${r.uncached ? ", edge cache off" : ""}`.includes(o)));
    const parts: string[] = [];
    for (const route of routes) parts.push(...(await profileRoute(base, inspector, route)));
    const after = loadavg();
    writeResultsSection(
      `profile-${LABEL}`,
      [
        `## Read profiles (issue 33): ${LABEL}`,
        "",
        `Run ${new Date().toISOString()} by \`npm run bench:edge -- --profile --label=${LABEL}\` (bench/edge/profile.ts): the V8 sampling profiler ` +
          `(200 µs) of the Worker under \`wrangler dev\` while autocannon (16 connections, one address, ${SECONDS} s, after 2 s of warm-up) calls the route; ` +
          `samples mapped to source files through the bundle's source map; data: ${dataset}. Self time only (a function's own work, not its callees'); ` +
          '"(program)" is the runtime outside JavaScript (HTTP, streams, bindings, the limiter Durable Object in the same process). ' +
          `${cpus().length} shared cores; load average before ${load.map((l) => l.toFixed(1)).join("/")}, after ${after.map((l) => l.toFixed(1)).join("/")}.`,
        "",
        ...parts,
      ].join("\n"),
    );
    console.log("written to bench/RESULTS.md");
  } finally {
    inspector.close();
    stopWorker(worker);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
