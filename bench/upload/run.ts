// npm run bench:upload — uploads a 95 MiB file through `wrangler dev` (local, offline) and reports
// the peak RSS growth of the workerd processes (must stay under 64 MiB: the file is streamed, never
// held whole) and the upload throughput. Writes its section of bench/RESULTS.md.
//   options: --size-mib N (default 95)  --runs N (default 1)  --no-write (do not touch RESULTS.md)
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { promisify } from "node:util";
import { uploadFile } from "../../scripts/lib/upload-client";
import { PART_SIZE } from "../../src/ingest/receive/file-sink";
import { writeResultsSection } from "../lib/results";

const MiB = 1024 * 1024;
const RSS_LIMIT_MIB = 64;
const ROOT = resolve(import.meta.dirname, "../..");
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ENV = { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false", NO_D1_WARNING: "true" };

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
    server.on("error", reject);
  });
}

async function wrangler(args: string[]): Promise<string> {
  const { stdout } = await run(WRANGLER, args, { cwd: ROOT, env: ENV, maxBuffer: 16 * MiB });
  return stdout;
}

/** pid → parent pid and command name, from /proc. */
async function processTable(): Promise<Map<number, { ppid: number; comm: string }>> {
  const table = new Map<number, { ppid: number; comm: string }>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      table.set(Number(entry), { ppid, comm });
    } catch {
      // the process ended while we looked
    }
  }
  return table;
}

async function workerdDescendants(root: number): Promise<number[]> {
  const table = await processTable();
  const isDescendant = (pid: number): boolean => {
    for (let p = table.get(pid)?.ppid; p !== undefined && p > 1; p = table.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  return [...table].filter(([pid, info]) => info.comm === "workerd" && isDescendant(pid)).map(([pid]) => pid);
}

async function rssBytes(pid: number): Promise<number> {
  try {
    const match = (await readFile(`/proc/${pid}/status`, "utf8")).match(/^VmRSS:\s+(\d+) kB/m);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples every workerd's RSS until stopped; keeps the peak of each and of their sum. */
function sampler(pids: number[]) {
  const peak = new Map(pids.map((p) => [p, 0]));
  let peakSum = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const values = await Promise.all(pids.map(rssBytes));
      for (const [i, v] of values.entries()) peak.set(pids[i], Math.max(peak.get(pids[i])!, v));
      peakSum = Math.max(
        peakSum,
        values.reduce((a, b) => a + b, 0),
      );
      await sleep(20);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peak, peakSum };
    },
  };
}

async function steadyRss(pids: number[]): Promise<Map<number, number>> {
  const samples = new Map(pids.map((p) => [p, [] as number[]]));
  for (let i = 0; i < 10; i++) {
    for (const p of pids) samples.get(p)!.push(await rssBytes(p));
    await sleep(100);
  }
  return new Map([...samples].map(([p, values]) => [p, Math.min(...values)]));
}

async function writeRandomFile(path: string, bytes: number): Promise<string> {
  const hash = createHash("sha256");
  const out = createWriteStream(path);
  for (let written = 0; written < bytes; ) {
    const chunk = randomBytes(Math.min(MiB, bytes - written));
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
    written += chunk.length;
  }
  await new Promise<void>((r, j) => out.end((err?: Error | null) => (err ? j(err) : r())));
  return hash.digest("hex");
}

async function main() {
  const { values } = parseArgs({
    options: { "size-mib": { type: "string", default: "95" }, runs: { type: "string", default: "1" }, "no-write": { type: "boolean" } },
  });
  const sizeMiB = Number(values["size-mib"]);
  const runs = Number(values.runs);
  const dir = await mkdtemp(join(tmpdir(), "bds-bench-upload-"));
  let dev: ChildProcess | undefined;
  try {
    const persist = join(dir, "state");
    console.error("applying migrations to a fresh local D1…");
    await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
    const token = `bds_bench${randomBytes(16).toString("hex")}`;
    const tokenHash = createHash("sha256").update(token).digest("hex");
    const now = new Date().toISOString();
    await wrangler([
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      persist,
      "--command",
      `insert into users (username, name, role, locale, active, created_at) values ('bench', 'Bench', 'user', 'en', 1, '${now}');` +
        `insert into api_keys (user_id, name, token_hash, display_prefix, scopes, created_at) values ((select id from users where username = 'bench'), 'bench', '${tokenHash}', '${token.slice(0, 10)}', '["library:ingest"]', '${now}');`,
    ]);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    console.error(`starting wrangler dev on ${baseUrl}…`);
    dev = spawn(
      WRANGLER,
      [
        "dev",
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
        "--persist-to",
        persist,
        "--var",
        "UPLOADS_PER_HOUR:100000",
        "--var",
        "QUOTA_BYTES:0",
        "--show-interactive-dev-session=false",
      ],
      {
        cwd: ROOT,
        env: ENV,
        detached: true,
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let devErrors = "";
    dev.stderr!.on("data", (c: Buffer) => (devErrors = (devErrors + c.toString()).slice(-4000)));
    for (let i = 0; ; i++) {
      if (dev.exitCode !== null) throw new Error(`wrangler dev exited: ${devErrors}`);
      try {
        if ((await fetch(`${baseUrl}/api/v1/openapi.json`, { signal: AbortSignal.timeout(3000) })).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 240) throw new Error("wrangler dev did not become ready in 120 s");
      await sleep(500);
    }
    const pids = await workerdDescendants(dev.pid!);
    if (!pids.length) throw new Error("no workerd process found under wrangler dev");

    // Warm up: the first upload loads the multipart parser, the R2 and D1 paths and the consumer.
    const warm = join(dir, "warmup.bin");
    await writeRandomFile(warm, 12 * MiB);
    const warmed = await uploadFile({ baseUrl, apiKey: token, path: warm, fields: { external_id: "warmup" } });
    if (warmed.status !== 201) throw new Error(`warm-up upload failed: ${warmed.status} ${JSON.stringify(warmed.body)}`);
    await sleep(4000);

    const file = join(dir, "payload.bin");
    console.error(`writing a ${sizeMiB} MiB file…`);
    const sha256 = await writeRandomFile(file, sizeMiB * MiB);

    const results = [];
    for (let r = 1; r <= runs; r++) {
      const baseline = await steadyRss(pids);
      const watch = sampler(pids);
      const result = await uploadFile({
        baseUrl,
        apiKey: token,
        path: file,
        fields: { external_id: `bench-${Date.now()}-${r}`, title: "Upload benchmark" },
      });
      const { peak, peakSum } = await watch.stop();
      const data = (result.body as { data?: { sha256?: string; size_bytes?: number } }).data;
      if (result.status !== 201 || data?.sha256 !== sha256 || data?.size_bytes !== sizeMiB * MiB) {
        throw new Error(`upload ${r} failed or was stored wrong: ${result.status} ${JSON.stringify(result.body)}`);
      }
      const growth = new Map(pids.map((p) => [p, peak.get(p)! - baseline.get(p)!]));
      const baselineSum = [...baseline.values()].reduce((a, b) => a + b, 0);
      const run = {
        seconds: result.elapsedMs / 1000,
        mibPerSecond: sizeMiB / (result.elapsedMs / 1000),
        maxGrowthMiB: Math.max(...growth.values()) / MiB,
        sumGrowthMiB: (peakSum - baselineSum) / MiB,
        perProcess: pids.map((p) => ({ pid: p, baselineMiB: baseline.get(p)! / MiB, peakMiB: peak.get(p)! / MiB, growthMiB: growth.get(p)! / MiB })),
      };
      results.push(run);
      console.error(
        `run ${r}: ${run.seconds.toFixed(2)} s, ${run.mibPerSecond.toFixed(1)} MiB/s, peak RSS growth ${run.maxGrowthMiB.toFixed(1)} MiB (largest workerd), ${run.sumGrowthMiB.toFixed(1)} MiB (all workerd)`,
      );
      await sleep(3000); // let the consumer finish before the next baseline
    }

    const worst = Math.max(...results.map((r) => r.maxGrowthMiB));
    const pass = worst < RSS_LIMIT_MIB;
    const section = [
      "## Upload (issue 5): 95 MiB through `wrangler dev`",
      "",
      `\`npm run bench:upload\` — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}, wrangler dev (local, offline), one ${sizeMiB} MiB random file uploaded with \`scripts/lib/upload-client.ts\` (streamed, exact Content-Length), after a 12 MiB warm-up upload. RSS sampled every 20 ms from /proc for each workerd process under wrangler dev (the request proxy and the Worker); growth = peak during the upload − steady RSS before it.`,
      "",
      "| run | time | throughput | peak RSS growth, largest workerd | peak RSS growth, all workerd | limit |",
      "|---|---|---|---|---|---|",
      ...results.map(
        (r, i) =>
          `| ${i + 1}${i === 0 ? " (first large upload since start)" : ""} | ${r.seconds.toFixed(2)} s | ${r.mibPerSecond.toFixed(1)} MiB/s | ${r.maxGrowthMiB.toFixed(1)} MiB | ${r.sumGrowthMiB.toFixed(1)} MiB | < ${RSS_LIMIT_MIB} MiB |`,
      ),
      "",
      `Per process (last run): ${results[results.length - 1].perProcess.map((p) => `pid ${p.pid} ${p.baselineMiB.toFixed(0)} → ${p.peakMiB.toFixed(0)} MiB`).join("; ")}.`,
      `Result: ${pass ? "PASS" : "FAIL"} — the file reaches R2 as a multipart upload of ${PART_SIZE / MiB} MiB parts; the stored SHA-256 and size were checked against the file. The request body is read with a BYOB reader into one reused 256 KiB buffer; what growth remains is mostly Miniflare's R2 simulator, which runs in the same workerd process (in production R2 is not in the Worker's memory).`,
    ].join("\n");
    console.log(section);
    if (!values["no-write"]) {
      writeResultsSection("upload", section);
    }
    if (!pass) process.exitCode = 1;
  } finally {
    if (dev?.pid && dev.exitCode === null) {
      try {
        process.kill(-dev.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await sleep(1000);
      try {
        process.kill(-dev.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
