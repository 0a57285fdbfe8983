// npm run bench:search [-- --reuse] [-- --documents N --threads N --cases N]
//
// 1. Generates the dataset (default 100 000 documents with a page of ~300 words each, 50 000
//    threads with replies, 20 000 repair cases) and loads it into a LOCAL D1 kept in bench/out/search-state
//    (never the dev state), then rebuilds the search index from the base tables.
// 2. Starts the Worker with `wrangler dev` on that state, pinned to one core (taskset -c 0), and runs
//    the fixed mix of 200 queries through GET /api/v1/search: one warm-up pass, then measured passes.
// 3. Prints p50/p95/p99 of the whole request and the database size, and writes bench/RESULTS.md.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { dropStatements, rebuildSearchIndex } from "../../src/search/rebuild";
import { boardNumber, DEFAULT_SIZES, DESIGNATORS, DOCUMENT_TYPES, PART_NUMBERS, prng, TextMaker, ulidAt, type Sizes } from "./data";
import { benchQueries, type BenchQuery } from "./queries";
import { writeResultsSection } from "../lib/results";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const STATE = resolve("bench/out/search-state");
const PORT = Number(option("--port") ?? 8799);
const PASSES = Number(option("--passes") ?? 3);
const BENCH_KEY = "bds_benchReadKey000000000000000000001";
const sizes: Sizes = {
  ...DEFAULT_SIZES,
  documents: Number(option("--documents") ?? DEFAULT_SIZES.documents),
  threads: Number(option("--threads") ?? DEFAULT_SIZES.threads),
  cases: Number(option("--cases") ?? DEFAULT_SIZES.cases),
};

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const log = (msg: string) => console.log(`[bench] ${msg}`);

type Row = (string | number | null)[];

/** Bulk insert: rows travel as one JSON parameter per chunk (D1 allows 100 bound parameters). */
class Loader {
  private pending = new Map<string, { columns: string[]; rows: Row[]; bytes: number }>();
  rowsWritten = 0;
  constructor(private readonly db: D1Database) {}

  async add(table: string, columns: string[], row: Row): Promise<void> {
    let entry = this.pending.get(table);
    if (!entry) this.pending.set(table, (entry = { columns, rows: [], bytes: 0 }));
    entry.rows.push(row);
    entry.bytes += row.reduce<number>((n, v) => n + (typeof v === "string" ? v.length + 3 : 8), 2);
    // Flush every table (parents were registered first), so no child row arrives before its parent.
    if (entry.bytes > 600_000) await this.flush();
  }

  async flush(table?: string): Promise<void> {
    for (const name of table ? [table] : [...this.pending.keys()]) {
      const entry = this.pending.get(name);
      if (!entry || entry.rows.length === 0) continue;
      const select = entry.columns.map((_, i) => `value->>'$[${i}]'`).join(", ");
      await this.db.prepare(`insert into ${name} (${entry.columns.join(", ")}) select ${select} from json_each(?)`).bind(JSON.stringify(entry.rows)).run();
      this.rowsWritten += entry.rows.length;
      entry.rows = [];
      entry.bytes = 0;
    }
  }
}

async function generate(db: D1Database): Promise<void> {
  const rnd = prng(1);
  const text = new TextMaker(rnd, sizes.boards);
  const L = new Loader(db);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const user = () => 1 + Math.floor(rnd() * sizes.users);
  const board = () => 1 + Math.floor(rnd() * sizes.boards);
  const iso = (ms: number) => new Date(ms).toISOString();
  const start = Date.parse("2023-01-01T00:00:00Z");
  const span = Date.parse("2026-06-01T00:00:00Z") - start;

  for (let i = 1; i <= sizes.users; i++) await L.add("users", ["id", "username", "name", "created_at"], [i, `tech${i}`, `Technician ${i}`, iso(start)]);
  await L.flush();
  const tokenHash = createHash("sha256").update(BENCH_KEY).digest("hex");
  await L.add("api_keys", ["user_id", "name", "token_hash", "display_prefix", "scopes", "created_at"], [1, "bench", tokenHash, BENCH_KEY.slice(0, 10), '["api:read"]', iso(start)]);
  const makers = ["Apple", "Lenovo", "Dell", "HP", "Asus", "Acer", "Samsung", "MSI", "Gigabyte", "Toshiba"];
  for (let i = 0; i < makers.length; i++) await L.add("manufacturers", ["id", "name"], [i + 1, makers[i]]);
  for (const [i, slug] of ["laptops", "phones", "desktops", "consoles", "general"].entries()) await L.add("categories", ["id", "slug", "name", "position"], [i + 1, slug, slug, i]);
  await L.flush();
  for (let i = 1; i <= sizes.boards; i++) {
    const number = boardNumber(i - 1);
    const norm = number.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
    await L.add("boards", ["id", "number", "norm", "manufacturer_id", "codename"], [i, number, norm, 1 + (i % makers.length), `X${i}`]);
    if (i % 3 === 0) await L.add("board_aliases", ["norm", "board_id", "alias"], [`${norm}ALT`, i, `${number}-ALT`]);
  }
  await L.flush();

  let t = Date.now();
  for (let i = 0; i < sizes.documents; i++) {
    const created = start + Math.floor((span * i) / sizes.documents);
    const id = ulidAt(created, rnd);
    const roll = rnd();
    const visibility = roll < 0.9 ? "public" : roll < 0.97 ? "private" : "shared";
    const status = rnd() < 0.97 ? "available" : "processing";
    const type = pick(DOCUMENT_TYPES);
    const owner = user();
    const title = `${text.title(5)} ${type.replace("_", " ")}`;
    await L.add(
      "documents",
      ["id", "title", "type", "status", "visibility", "owner_id", "manufacturer_id", "description", "tags", "downloads", "current_version", "page_count", "created_at", "updated_at"],
      [id, title, type, status, visibility, owner, 1 + (i % makers.length), text.text(12), JSON.stringify([text.word(), text.word()]), Math.floor(rnd() * 500), 1, 1, iso(created), iso(created)],
    );
    await L.add("document_versions", ["document_id", "version", "filename", "extension", "content_type", "size_bytes", "sha256", "r2_key", "created_at"], [id, 1, `${id}.pdf`, "pdf", "application/pdf", 100_000 + Math.floor(rnd() * 5e6), "0".repeat(64), `documents/${id}/v1`, iso(created)]);
    if (rnd() < 0.7) await L.add("document_boards", ["document_id", "board_id", "position"], [id, board(), 0]);
    if (visibility === "shared") await L.add("document_shares", ["document_id", "user_id"], [id, 1 + ((owner + 1) % sizes.users)]);
    await L.add("document_pages", ["document_id", "page", "text"], [id, 1, text.text(sizes.pageWords)]);
    if ((i + 1) % 20000 === 0) log(`documents ${i + 1}/${sizes.documents} (${seconds(Date.now() - t)} s)`);
  }
  await L.flush();

  t = Date.now();
  for (let i = 0; i < sizes.threads; i++) {
    const created = start + Math.floor((span * i) / sizes.threads);
    const id = ulidAt(created, rnd);
    const body = text.text(60);
    const replies = Math.floor(rnd() * 6);
    await L.add(
      "threads",
      ["id", "category_id", "title", "status", "sticky", "published", "author_id", "body", "body_html", "board_id", "created_at", "last_activity_at"],
      [id, 1 + (i % 5), text.title(7), "open", 0, rnd() < 0.98 ? 1 : 0, user(), body, `<p>${body}</p>`, rnd() < 0.5 ? board() : null, iso(created), iso(created + replies * 3600_000)],
    );
    for (let r = 0; r < replies; r++) {
      const replyBody = text.text(35);
      await L.add("thread_replies", ["id", "thread_id", "author_id", "body", "body_html", "is_solution", "score", "hidden", "created_at"], [ulidAt(created + (r + 1) * 3600_000, rnd), id, user(), replyBody, `<p>${replyBody}</p>`, 0, 0, rnd() < 0.03 ? 1 : 0, iso(created + (r + 1) * 3600_000)]);
    }
  }
  await L.flush();
  log(`threads ${sizes.threads} (${seconds(Date.now() - t)} s)`);

  t = Date.now();
  for (let i = 0; i < sizes.cases; i++) {
    const created = start + Math.floor((span * i) / sizes.cases);
    const id = ulidAt(created, rnd);
    const diagnosis = text.text(70);
    const fix = text.text(20);
    await L.add(
      "repair_cases",
      ["id", "title", "outcome", "symptom", "device_model", "board_id", "manufacturer_id", "author_id", "published", "published_at", "diagnosis", "diagnosis_html", "fix", "fix_html", "created_at"],
      [id, text.title(6), pick(["fixed", "partially_fixed", "not_fixed", "unknown"]), text.text(10), `Model A${1000 + (i % 900)}`, board(), 1 + (i % makers.length), user(), rnd() < 0.97 ? 1 : 0, iso(created), diagnosis, `<p>${diagnosis}</p>`, fix, `<p>${fix}</p>`, iso(created)],
    );
    const components = 1 + Math.floor(rnd() * 3);
    for (let c = 0; c < components; c++) await L.add("case_components", ["case_id", "position", "designator", "part_number", "action"], [id, c, pick(DESIGNATORS), pick(PART_NUMBERS), "replaced"]);
    await L.add("case_measurements", ["case_id", "position", "point", "expected", "measured"], [id, 0, pick(DESIGNATORS), "3.3 V", "0 V"]);
  }
  for (let i = 0; i < sizes.posts; i++) {
    const created = start + Math.floor((span * i) / sizes.posts);
    const id = ulidAt(created, rnd);
    const body = text.text(400);
    await L.add("blog_posts", ["id", "title", "excerpt", "author_id", "body", "body_html", "published_at", "created_at"], [id, text.title(6), text.text(20), user(), body, `<p>${body}</p>`, iso(created), iso(created)]);
    await L.add("blog_post_tags", ["post_id", "tag", "slug", "position"], [id, "repair", "repair", 0]);
  }
  await L.flush();
  log(`cases ${sizes.cases} and posts ${sizes.posts} (${seconds(Date.now() - t)} s); ${L.rowsWritten} rows in all`);
}

async function databaseSize(db: D1Database): Promise<number> {
  const result = await db.prepare("select 1").run();
  return (result.meta as { size_after?: number }).size_after ?? 0;
}

async function load(): Promise<{ loadMs: number; rebuildMs: number; baseBytes: number; indexedBytes: number; keys: number }> {
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } });
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: { path: join(STATE, "v3") } });
  try {
    const db = proxy.env.DB;
    // Bulk load with the index dropped (no trigger work per row), then rebuild it from the base tables.
    await db.batch(dropStatements().map((s) => db.prepare(s)));
    let started = Date.now();
    await generate(db);
    const loadMs = Date.now() - started;
    const baseBytes = await databaseSize(db);
    started = Date.now();
    const { keys } = await rebuildSearchIndex(db);
    const rebuildMs = Date.now() - started;
    const indexedBytes = await databaseSize(db);
    return { loadMs, rebuildMs, baseBytes, indexedBytes, keys };
  } finally {
    await proxy.dispose();
  }
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`wrangler dev did not answer at ${url}`);
}

interface Sample {
  query: BenchQuery;
  ms: number;
  status: number;
  results: number;
}

async function runQueries(base: string, queries: BenchQuery[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const query of queries) {
    const headers: Record<string, string> = query.keyed ? { Authorization: `Bearer ${BENCH_KEY}` } : {};
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(query.q)}`, { headers });
    const body = (await res.json()) as { data?: Record<string, unknown[] | string> };
    const ms = performance.now() - started;
    const results = body.data ? Object.values(body.data).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0) : 0;
    samples.push({ query, ms, status: res.status, results });
  }
  return samples;
}

/** The floor of this machine: the same path with no search work (one trivial D1 query, and none at all). */
async function baseline(base: string, path: string, n = 100): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`);
    await res.arrayBuffer();
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(samples: Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}

async function main(): Promise<void> {
  const reuse = args.includes("--reuse") && existsSync(STATE);
  let loaded: Awaited<ReturnType<typeof load>> | undefined;
  if (!reuse) {
    log(`generating and loading ${sizes.documents} documents, ${sizes.threads} threads, ${sizes.cases} cases into ${STATE}`);
    loaded = await load();
    log(`loaded in ${seconds(loaded.loadMs)} s, index rebuilt in ${seconds(loaded.rebuildMs)} s, database ${(loaded.indexedBytes / 1e6).toFixed(0)} MB`);
  }

  // Pin the Worker (workerd and wrangler's proxy) to one core; the client runs on the other.
  const wranglerArgs = ["wrangler", "dev", "--local", "--persist-to", STATE, "--port", String(PORT), "--ip", "127.0.0.1", "--var", "ANON_RATE_PER_MINUTE:100000000", "--var", "KEY_RATE_PER_MINUTE:100000000", "--log-level", "error"];
  const pinned = cpus().length > 1;
  const child = pinned ? spawn("taskset", ["-c", "0", "npx", ...wranglerArgs], { stdio: "ignore", detached: true }) : spawn("npx", wranglerArgs, { stdio: "ignore", detached: true });
  if (pinned) execFileSync("taskset", ["-cp", "1", String(process.pid)], { stdio: "ignore" });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitFor(`${base}/api/v1/openapi.json`, child);
    const queries = benchQueries(sizes.boards);
    // First pass: the Worker's per-isolate caches (word probes, board spellings) start empty.
    const cold = summary(await runQueries(base, queries));
    const loadBefore = loadavg()[0];
    const samples: Sample[] = [];
    for (let pass = 0; pass < PASSES; pass++) samples.push(...(await runQueries(base, queries)));
    const loadAfter = loadavg()[0];
    const noDb = await baseline(base, "/api/v1/search?q=--");
    const oneQuery = await baseline(base, "/api/v1/boards/no-such-board");
    const failures = samples.filter((s) => s.status !== 200);
    const all = summary(samples);
    const byKind = Object.fromEntries([...new Set(queries.map((q) => q.kind))].map((kind) => [kind, summary(samples.filter((s) => s.query.kind === kind))]));
    const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, 5);
    const fmt = (x: number) => x.toFixed(1);
    console.log(`\nfirst pass (cold caches) over ${cold.n} requests: p50 ${fmt(cold.p50)} ms, p95 ${fmt(cold.p95)} ms, p99 ${fmt(cold.p99)} ms`);
    console.log(`/search over ${all.n} requests (${PASSES} passes of ${queries.length} queries): p50 ${fmt(all.p50)} ms, p95 ${fmt(all.p95)} ms, p99 ${fmt(all.p99)} ms, max ${fmt(all.max)} ms; non-200: ${failures.length}`);
    for (const [kind, s] of Object.entries(byKind)) console.log(`  ${kind.padEnd(10)} n=${s.n} p50 ${fmt(s.p50)} p95 ${fmt(s.p95)} p99 ${fmt(s.p99)}`);
    console.log(`floor: no D1 query p50 ${fmt(percentile(noDb, 50))} p95 ${fmt(percentile(noDb, 95))}; one trivial D1 query p50 ${fmt(percentile(oneQuery, 50))} p95 ${fmt(percentile(oneQuery, 95))}; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`);
    if (loaded) console.log(`database: ${(loaded.baseBytes / 1e6).toFixed(0)} MB base tables + ${((loaded.indexedBytes - loaded.baseBytes) / 1e6).toFixed(0)} MB search index = ${(loaded.indexedBytes / 1e6).toFixed(0)} MB`);

    const command = `npm run bench:search${args.length ? " -- " + args.join(" ") : ""}`;
    const lines = [
      "## Search (issue 3)",
      "",
      `Command: \`${command}\` (${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, wrangler dev / local D1${pinned ? ", Worker pinned to one core with taskset -c 0" : ""}).`,
      "",
      `Dataset: ${sizes.documents} documents with one page of ~${sizes.pageWords} words each, ${sizes.threads} threads (0–5 replies each), ${sizes.cases} repair cases, ${sizes.posts} blog posts, ${sizes.boards} boards; Zipf-like repair vocabulary of 20 000 words (bench/search/data.ts).`,
      ...(loaded
        ? [
            `Load: ${seconds(loaded.loadMs)} s for the base tables, ${seconds(loaded.rebuildMs)} s to rebuild the search index (${loaded.keys} items) from them.`,
            `Database size (D1 \`size_after\`): ${(loaded.baseBytes / 1e6).toFixed(0)} MB base tables + ${((loaded.indexedBytes - loaded.baseBytes) / 1e6).toFixed(0)} MB search index = **${(loaded.indexedBytes / 1e6).toFixed(0)} MB**.`,
          ]
        : ["(Reused an existing loaded state; load figures not measured in this run.)"]),
      "",
      `Queries: the fixed mix of ${queries.length} in bench/search/queries.ts (every fifth with an API key), one first pass (the Worker's per-isolate caches of word probes and board spellings empty), then ${PASSES} measured passes: time of the whole \`GET /api/v1/search\` request as the client sees it.`,
      "",
      "| queries | n | p50 ms | p95 ms | p99 ms |",
      "|---|---|---|---|---|",
      `| **all** | ${all.n} | **${fmt(all.p50)}** | **${fmt(all.p95)}** | **${fmt(all.p99)}** |`,
      ...Object.entries(byKind).map(([kind, s]) => `| ${kind} | ${s.n} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} |`),
      `| first pass (cold caches) | ${cold.n} | ${fmt(cold.p50)} | ${fmt(cold.p95)} | ${fmt(cold.p99)} |`,
      "",
      `Non-200 answers: ${failures.length}. Slowest: ${slowest.map((s) => `\`${s.query.q}\` ${fmt(s.ms)} ms`).join(", ")}.`,
      "",
      `Floor of the same machine and path in the same run (100 requests each): \`/search?q=--\` (no D1 query) p50 ${fmt(percentile(noDb, 50))} ms, p95 ${fmt(percentile(noDb, 95))} ms; \`/boards/no-such-board\` (one trivial D1 query) p50 ${fmt(percentile(oneQuery, 50))} ms, p95 ${fmt(percentile(oneQuery, 95))} ms. One-minute load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after the measured passes (2 cores shared with other work).`,
      "",
    ];
    writeResultsSection("search", lines.join("\n"));
    log("wrote bench/RESULTS.md");
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
