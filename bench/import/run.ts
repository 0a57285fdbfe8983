// npm run bench:import -- [--scale F] [--keep-file]
//
// Generates a site (bench/import/generate.ts; by default 100,000 documents with page text, 50,000
// threads with 500,000 replies and 20,000 cases; --scale 0.01 for a quick try), imports it with
// `npm run import` into a fresh local state of its own (bench/out/import-state), and reports the
// time, the peak memory of the importer and of workerd (VmHWM from /proc, polled) and the rows
// written. Figures go to bench/RESULTS.md (section "import").
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { CONTENT_TABLES } from "../../cli/import/load";
import { freePort, startWorker, stopWorker } from "../lib/dev-worker";
import { writeResultsSection } from "../lib/results";
import { walkDocuments, type ListingCheck } from "./list-check";
import { FULL_SIZES, writeImportFile, type ImportSizes } from "./generate";

const OUT = resolve("bench/out");
const STATE = join(OUT, "import-state");
const FILE = join(OUT, "import-site.json");

const { values } = parseArgs({ options: { scale: { type: "string" }, "keep-file": { type: "boolean" } } });
const scale = Number(values.scale ?? process.env.BENCH_IMPORT_SCALE ?? 1);
const sizes: ImportSizes = {
  ...FULL_SIZES,
  documents: Math.round(FULL_SIZES.documents * scale),
  threads: Math.round(FULL_SIZES.threads * scale),
  replies: Math.round(FULL_SIZES.replies * scale),
  cases: Math.round(FULL_SIZES.cases * scale),
  users: Math.max(20, Math.round(FULL_SIZES.users * Math.min(1, scale * 10))),
  boards: Math.max(30, Math.round(FULL_SIZES.boards * Math.min(1, scale * 10))),
};

const log = (message: string) => console.error(`[bench:import] ${message}`);
const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

/** Peak resident memory (VmHWM, KiB) of every process under `root`, by name, polled until stopped. */
function watchMemory(root: number) {
  const peaks = new Map<number, { name: string; kb: number }>();
  const children = (): number[] => {
    const parent = new Map<number, number>();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      } catch {
        // gone meanwhile
      }
    }
    const tree = [root];
    for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parent) if (ppid === tree[i]) tree.push(pid);
    return tree;
  };
  const poll = () => {
    for (const pid of children()) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? "?";
        const kb = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
        const seen = peaks.get(pid);
        if (!seen || kb > seen.kb) peaks.set(pid, { name, kb });
      } catch {
        // gone meanwhile
      }
    }
  };
  const timer = setInterval(poll, 250);
  return {
    stop() {
      clearInterval(timer);
      const all = [...peaks.values()];
      const max = (filter: (n: string) => boolean) => Math.max(0, ...all.filter((p) => filter(p.name)).map((p) => p.kb));
      return { importer: max((n) => n.startsWith("node") || n === "MainThread"), workerd: max((n) => n.includes("workerd")) };
    },
  };
}

/** Runs the import CLI; returns its stdout and how long it took. */
function runImport(args: string[]): Promise<{ stdout: string; seconds: number; peaks: { importer: number; workerd: number } }> {
  return new Promise((resolvePromise, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/import.ts", ...args], { stdio: ["ignore", "pipe", "inherit"] });
    const memory = watchMemory(child.pid!);
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      process.stderr.write(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const peaks = memory.stop();
      if (code !== 0) reject(new Error(`import exited with ${code}`));
      else resolvePromise({ stdout, seconds: (Date.now() - started) / 1000, peaks });
    });
  });
}

async function countRows(): Promise<Record<string, number>> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: "wrangler.toml",
    persist: { path: join(STATE, "v3") },
    remoteBindings: false,
  });
  try {
    const counts: Record<string, number> = {};
    for (const table of [...CONTENT_TABLES].reverse()) {
      counts[table] = (await proxy.env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;
    }
    counts["public documents"] = (await proxy.env.DB.prepare(
      "select count(*) as n from documents where visibility = 'public' and status = 'available'",
    ).first<{ n: number }>())!.n;
    counts["search: documents"] = (await proxy.env.DB.prepare("select count(*) as n from search_documents").first<{ n: number }>())!.n;
    counts["search: threads"] = (await proxy.env.DB.prepare("select count(*) as n from search_threads").first<{ n: number }>())!.n;
    return counts;
  } finally {
    await proxy.dispose();
  }
}

const summaryLine = (stdout: string) => /(\d+) batches, ([\d,]+) rows written/.exec(stdout);
const rebuilt = (stdout: string) => (/search index rebuilt once at the end/.test(stdout) ? "rebuilt once at the end" : "kept by triggers");

/** Serves the imported state with `wrangler dev` and walks GET /api/v1/documents by its Link headers. */
async function checkListing(): Promise<ListingCheck> {
  const port = await freePort();
  const worker = await startWorker({ port, state: STATE, vars: { ANON_RATE_PER_MINUTE: "100000000", EDGE_CACHE_TTL_SECONDS: "0" } });
  try {
    return await walkDocuments(`http://127.0.0.1:${port}`);
  } finally {
    stopWorker(worker);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const load = loadavg()[0].toFixed(1);
  log(
    `generating ${sizes.documents} documents (${sizes.pagesPerDocument} pages each), ${sizes.threads} threads, ${sizes.replies} replies, ${sizes.cases} cases → ${FILE}`,
  );
  let started = Date.now();
  const bytes = await writeImportFile(FILE, sizes);
  log(`generated ${(bytes / 1024 / 1024).toFixed(0)} MB in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  rmSync(STATE, { recursive: true, force: true });

  log("first run (fresh local state)");
  const first = await runImport(["--persist-to", STATE, FILE]);
  const firstLine = summaryLine(first.stdout);
  log("second run of the same file (must change nothing)");
  const before = await countRows();
  const second = await runImport(["--persist-to", STATE, FILE]);
  const after = await countRows();
  const unchanged = JSON.stringify(before) === JSON.stringify(after);
  log("listing check: following Link rel=next through GET /api/v1/documents");
  const listing = await checkListing();
  const publicCount = after["public documents"];
  const listingOk = listing.distinct === publicCount && listing.listed === publicCount && listing.inOrder;
  log(
    `listed ${listing.listed} (${listing.distinct} distinct) of ${publicCount} public documents in ${listing.pages} pages, ${listing.seconds.toFixed(0)} s: ${listingOk ? "all, once each, in order" : "MISMATCH"}`,
  );
  started = Date.now();
  const fileMb = (statSync(FILE).size / 1024 / 1024).toFixed(0);
  const rowsTable = Object.entries(after)
    .map(([t, n]) => `| ${t} | ${n.toLocaleString("en")} |`)
    .join("\n");

  const md = `## Import (issue 17)

Command: \`npm run bench:import${scale !== 1 ? ` -- --scale ${scale}` : ""}\` (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores shared with other work, 1-minute load average before the run ${load}, Node ${process.version}). Local: \`npm run import\` into a fresh local state through the local import Worker (workerd, Miniflare D1/R2), default batches (≤ 400 statements, ≤ 4 MB).

Site: ${sizes.documents.toLocaleString("en")} documents with ${sizes.pagesPerDocument} pages of ~${sizes.wordsPerPage} words and one stored file each, ${sizes.threads.toLocaleString("en")} threads with ${sizes.replies.toLocaleString("en")} replies, ${sizes.cases.toLocaleString("en")} repair cases, ${sizes.users.toLocaleString("en")} users, ${sizes.boards.toLocaleString("en")} boards: one ${fileMb} MB JSON file (threads refer forward to documents).

| run | time | batches | rows written (D1's count, search index included) | search index | peak RSS importer | peak RSS workerd |
|---|---|---|---|---|---|---|
| first (empty database) | ${first.seconds.toFixed(0)} s | ${firstLine?.[1] ?? "?"} | ${firstLine?.[2] ?? "?"} | ${rebuilt(first.stdout)} | ${mib(first.peaks.importer)} | ${mib(first.peaks.workerd)} |
| second (same file) | ${second.seconds.toFixed(0)} s | ${summaryLine(second.stdout)?.[1] ?? "?"} | ${summaryLine(second.stdout)?.[2] ?? "?"} | ${rebuilt(second.stdout)} | ${mib(second.peaks.importer)} | ${mib(second.peaks.workerd)} |

Listing check (\`wrangler dev\` on the imported state, anonymous \`GET /api/v1/documents?per_page=100\` followed by its \`Link: rel="next"\` from page 1): **${listing.listed.toLocaleString("en")} documents listed (${listing.distinct.toLocaleString("en")} distinct) of ${publicCount.toLocaleString("en")} public, available ones in the database**, ${listing.inOrder ? "newest first throughout" : "**out of order**"}, ${listing.pages.toLocaleString("en")} pages in ${listing.seconds.toFixed(0)} s (first page's meta.total ${listing.total.toLocaleString("en")}).

Row counts after the runs (${unchanged ? "identical after the first and the second run" : "**changed by the second run**"}):

| table | rows |
|---|---|
${rowsTable}

Times include validation (two streaming passes over the file) and starting the local Worker. Peak RSS is VmHWM of each process, polled every 250 ms; the importer's is bounded by one batch plus the largest record plus the key maps (one entry per id or natural key). The workerd figure includes Miniflare's D1 (SQLite page cache) and R2 simulators, which are not in a deployed Worker's memory.`;
  writeResultsSection("import", md);
  log(`results written to bench/RESULTS.md (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (!values["keep-file"] && existsSync(FILE)) rmSync(FILE);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
