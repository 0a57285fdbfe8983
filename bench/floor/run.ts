// `npm run bench:floor`: the service against a separate bare Worker, side by side in one run. Three `wrangler dev`
// processes: the bare Hono Worker (bench/floor/bare.ts: a JSON hello and one D1 `select 1`), the service on the
// sample data, and the service on a generated catalogue of 50,000 documents (page 1 against page 2000). The service
// runs through bench/edge/worker.ts, which only lets `X-Bench-Uncached: 1` turn the edge cache off for a request.
// Every route is warmed, then measured in rounds between two measurements of its yardstick; `--runs=N` repeats the
// whole. Writes the ratios of every run to bench/RESULTS.md (section `floor`, or `floor-LABEL` with --label=).
import { type ChildProcess, execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { existsSync } from "node:fs";
import { loadCatalogue } from "../search/catalogue";
import { DEFAULT_SIZES } from "../search/data";
import { freePort, ROOT, seedState, stopWorker } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";
import { UNCACHED_HEADER } from "../edge/uncached";
import { load, LOAD_GENERATOR } from "./load";
import { benchPorts, median, option, POINT_ROUTES, SAMPLE_STATE, serviceVars, startBare, startService } from "./setup";

const SECONDS = Number(option("seconds") ?? 3);
const ROUNDS = Number(option("rounds") ?? 3);
const RUNS = Number(option("runs") ?? 1);
const CONNECTIONS = Number(option("connections") ?? 16);
const LABEL = option("label");
const CATALOGUE_STATE = join(ROOT, "bench/out/floor-catalogue");
const CATALOGUE_DOCUMENTS = 50_000;

type Where = "bare" | "service" | "catalogue";
interface Target {
  key: string;
  label: string;
  where: Where;
  path: string;
  uncached?: boolean;
  oneShot?: boolean;
  status?: number;
}

const ALL_TARGETS: Target[] = [
  { key: "hello", label: "bare Hono Worker, `c.json({ok: true})`", where: "bare", path: "/" },
  { key: "oneQuery", label: "bare Hono Worker, one D1 `select 1`", where: "bare", path: "/one-query" },
  { key: "healthz", label: "service `GET /healthz`", where: "service", path: "/healthz" },
  { key: "notFound", label: "service, unknown API path (rate check, 404)", where: "service", path: "/api/v1/no-such-endpoint", status: 404 },
  { key: "cached", label: "anonymous `GET /api/v1/documents`, edge cache hit", where: "service", path: "/api/v1/documents" },
  { key: "oneShot", label: "the same, one-shot readers (a new address each)", where: "service", path: "/api/v1/documents", oneShot: true },
  { key: "uncached", label: "anonymous `GET /api/v1/documents`, uncached", where: "service", path: "/api/v1/documents", uncached: true },
  { key: "search", label: "search `power`, uncached", where: "service", path: "/api/v1/search?q=power", uncached: true },
  ...POINT_ROUTES,
  { key: "page1", label: "50,000 documents, page 1, uncached", where: "catalogue", path: "/api/v1/documents?page=1", uncached: true },
  { key: "page2000", label: "50,000 documents, page 2000, uncached", where: "catalogue", path: "/api/v1/documents?page=2000", uncached: true },
];

// `--only=healthz,search`: those routes and their yardsticks (hello, one query; page 1 beside page 2000), for a quick
// look (RESULTS.md is written only for the whole set).
const ONLY = option("only")?.split(",");
const YARDSTICKS = ["hello", "oneQuery", ...(ONLY?.includes("page2000") ? ["page1"] : [])];
const TARGETS = ALL_TARGETS.filter((t) => !ONLY || ONLY.includes(t.key) || YARDSTICKS.includes(t.key));
const measured = (key: string) => TARGETS.some((t) => t.key === key);

const GOALS: { name: string; of: string; over: string; goal: number }[] = [
  { name: "`/healthz` ÷ hello (the pipeline's own cost)", of: "healthz", over: "hello", goal: 0.8 },
  { name: "cached `/documents` ÷ bare one-query", of: "cached", over: "oneQuery", goal: 1.5 },
  { name: "uncached `/documents` ÷ bare one-query", of: "uncached", over: "oneQuery", goal: 0.8 },
  { name: "uncached search ÷ bare one-query", of: "search", over: "oneQuery", goal: 0.5 },
  { name: "cached one-shot readers ÷ bare one-query", of: "oneShot", over: "oneQuery", goal: 1.2 },
  // No goal of its own: read beside uncached `/documents` (≥ 0.8×) and search (≥ 0.5×), the reads it sits between.
  { name: "uncached board point, a net ÷ bare one-query", of: "pointNet", over: "oneQuery", goal: 0 },
  { name: "uncached board point, a part ÷ bare one-query", of: "pointPart", over: "oneQuery", goal: 0 },
  { name: "page 2000 ÷ page 1 of 50,000 documents", of: "page2000", over: "page1", goal: 0.8 },
  { name: "unknown API path (404) ÷ hello", of: "notFound", over: "hello", goal: 0 },
].filter((g) => measured(g.of) && measured(g.over));

async function prepareCatalogue(): Promise<void> {
  if (existsSync(join(CATALOGUE_STATE, "v3")) && !process.argv.includes("--fresh")) {
    // A catalogue made before a newer migration gets it (applied ones are skipped).
    execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", CATALOGUE_STATE], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CI: "true" },
    });
    return;
  }
  console.log(`[floor] generating ${CATALOGUE_DOCUMENTS} documents (once; --fresh regenerates)`);
  await loadCatalogue(CATALOGUE_STATE, { ...DEFAULT_SIZES, documents: CATALOGUE_DOCUMENTS, threads: 2000, cases: 1000, pageWords: 40 });
}

interface RunFigures {
  /** Requests per second per route: the median of its measurements in the run. */
  rps: Record<string, number>;
  /** Per goal: the median over rounds of the route ÷ the mean of its yardstick measured just before and after. */
  ratios: Record<string, number>;
}

async function measure(bases: Record<Where, string>, t: Target, fails: string[]): Promise<number> {
  const f = await load(
    {
      url: bases[t.where] + t.path,
      seconds: SECONDS,
      connections: CONNECTIONS,
      headers: t.uncached ? { [UNCACHED_HEADER]: "1" } : {},
      oneShot: t.oneShot,
    },
    t.status ?? 200,
  );
  if (f.failed > 0) fails.push(`${t.key}: ${f.failed} of ${f.requests}`);
  return f.requestsPerSecond;
}

// Each route is measured between two measurements of its yardstick (y t1 y t2 y …), so a change of the machine's
// load during the run moves both sides of a ratio alike.
async function oneRun(bases: Record<Where, string>): Promise<RunFigures> {
  const samples = new Map<string, number[]>();
  const ratioSamples = new Map<string, number[]>();
  const add = (m: Map<string, number[]>, key: string, value: number) => m.set(key, [...(m.get(key) ?? []), value]);
  const fails: string[] = [];
  const byKey = new Map(TARGETS.map((t) => [t.key, t]));
  const yardsticks = [...new Set(GOALS.map((g) => g.over))];
  for (let round = 0; round < ROUNDS; round++) {
    for (const y of yardsticks) {
      const yardstick = byKey.get(y) as Target;
      let last = await measure(bases, yardstick, fails);
      add(samples, y, last);
      for (const g of GOALS.filter((goal) => goal.over === y)) {
        const value = await measure(bases, byKey.get(g.of) as Target, fails);
        const next = await measure(bases, yardstick, fails);
        add(samples, g.of, value);
        add(samples, y, next);
        add(ratioSamples, g.of, value / ((last + next) / 2));
        last = next;
      }
    }
  }
  if (fails.length) throw new Error(`some calls did not get the expected answer: ${fails.join("; ")}`);
  const medians = (m: Map<string, number[]>) => Object.fromEntries([...m].map(([k, v]) => [k, median(v)]));
  return { rps: medians(samples), ratios: medians(ratioSamples) };
}

async function main(): Promise<void> {
  const before = loadavg();
  const dataset = await seedState(SAMPLE_STATE);
  const catalogueNeeded = TARGETS.some((t) => t.where === "catalogue");
  if (catalogueNeeded) await prepareCatalogue();
  const workers: ChildProcess[] = [];
  try {
    // `--var=NAME=VALUE` (repeatable) sets a var of the service, e.g. LOG_SAMPLE_RATE=0 to see what the sample costs.
    const extra = process.argv.filter((a) => a.startsWith("--var=")).map((a) => a.slice(6).split(/=(.*)/s).slice(0, 2));
    const vars = serviceVars(Object.fromEntries(extra));
    const { ports, inspectors } = await benchPorts(3, freePort);
    const [bare, service, catalogue] = ports;
    workers.push(await startBare(bare, inspectors[0]));
    workers.push(await startService(service, SAMPLE_STATE, vars, inspectors[1]));
    if (catalogueNeeded) workers.push(await startService(catalogue, CATALOGUE_STATE, vars, inspectors[2]));
    const bases: Record<Where, string> = {
      bare: `http://127.0.0.1:${bare}`,
      service: `http://127.0.0.1:${service}`,
      catalogue: `http://127.0.0.1:${catalogue}`,
    };
    for (const t of TARGETS) {
      const res = await fetch(bases[t.where] + t.path, { headers: t.uncached ? { [UNCACHED_HEADER]: "1" } : {} });
      await res.arrayBuffer();
      if (res.status !== (t.status ?? 200)) throw new Error(`${t.path} answered ${res.status}`);
      // Warm-up: the route's code, statements and cache entry.
      await load(
        { url: bases[t.where] + t.path, seconds: 2, connections: CONNECTIONS, headers: t.uncached ? { [UNCACHED_HEADER]: "1" } : {} },
        t.status ?? 200,
      );
    }
    const runs: RunFigures[] = [];
    for (let run = 0; run < RUNS; run++) {
      const figures = await oneRun(bases);
      runs.push(figures);
      console.log(`run ${run + 1}: ${TARGETS.map((t) => `${t.key} ${figures.rps[t.key]?.toFixed(0) ?? "—"}`).join(", ")}`);
      for (const g of GOALS) console.log(`  ${g.name}: ${figures.ratios[g.of].toFixed(2)}×`);
    }
    const after = loadavg();
    const rps = (key: string) => runs.map((r) => r.rps[key]?.toFixed(0) ?? "—").join(" / ");
    const ratio = (g: (typeof GOALS)[number]) => runs.map((r) => r.ratios[g.of].toFixed(2));
    // The command as run (a section written with --only says so).
    const flags = [RUNS > 1 && `--runs=${RUNS}`, ONLY && `--only=${ONLY.join(",")}`, LABEL && `--label=${LABEL}`].filter(Boolean);
    const section = [
      `## The request pipeline against a bare Worker${LABEL ? `: ${LABEL}` : ""}`,
      "",
      `Run ${new Date().toISOString()} by \`npm run bench:floor${flags.length ? ` -- ${flags.join(" ")}` : ""}\` (bench/floor/run.ts): ` +
        `${catalogueNeeded ? "three" : "two"} \`wrangler dev --local\` processes on one machine: a bare Hono Worker (bench/floor/bare.ts), the service on ` +
        `${dataset}${catalogueNeeded ? ` and the service on a generated catalogue of ${CATALOGUE_DOCUMENTS.toLocaleString("en")} documents` : ""} ` +
        `(entry bench/edge/worker.ts; \`${UNCACHED_HEADER}: 1\` turns the edge cache off for one request). ` +
        `${LOAD_GENERATOR}, ${CONNECTIONS} connections, every route warmed, then ${ROUNDS} rounds of ${SECONDS} s per measurement ` +
        "in which every route is measured between two measurements of its yardstick (a ratio is the route over the mean of the two; the median of the rounds is the run's figure). Anonymous, limits raised by `--var` " +
        `(every call still passes the limiter). Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, load generator ` +
        `and Workers share it; load average (1/5/15 min) before ${before.map((l) => l.toFixed(1)).join("/")}, after ` +
        `${after.map((l) => l.toFixed(1)).join("/")}.`,
      "",
      `| route | requests/s (run${RUNS > 1 ? "s 1–" + RUNS : ""}) |`,
      "|---|---|",
      ...TARGETS.map((t) => `| ${t.label} | ${rps(t.key)} |`),
      "",
      "| ratio | goal | per run |",
      "|---|---|---|",
      ...GOALS.map((g) => `| ${g.name} | ${g.goal ? `≥ ${g.goal}×` : "—"} | ${ratio(g).join(", ")} |`),
      "",
    ].join("\n");
    console.log(section);
    if (ONLY) return;
    writeResultsSection(LABEL ? `floor-${LABEL}` : "floor", section);
    console.log("written to bench/RESULTS.md");
  } finally {
    for (const w of workers) stopWorker(w);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
