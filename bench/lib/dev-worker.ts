// The Worker under `wrangler dev` for the benchmarks: a fresh local state seeded with the demo data (or the
// sample fixture), a free loopback port, start and stop of our own wrangler process group.
// Every loop is bounded by a deadline.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";
import { importContent } from "../../cli/import";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");

// Offline: Miniflare would otherwise try to download the `request.cf` sample on every start.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function run(args: string[]): void {
  const result = spawnSync(WRANGLER, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CI: "1" } });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed`);
}

/** The demo dataset when there is one, else the sample fixture. */
function dataset(): { name: string; content: unknown } {
  for (const candidate of ["fixtures/demo.json", "test/fixtures/demo.json", "test/fixtures/sample.json"]) {
    const path = join(ROOT, candidate);
    if (existsSync(path)) return { name: candidate, content: JSON.parse(readFileSync(path, "utf8")) };
  }
  throw new Error("no dataset to seed");
}

/** The D1 bindings of a wrangler config: DB and every text database (TEXT_SHARDS). */
export function databasesOf(config: string): string[] {
  const toml = readFileSync(config, "utf8").replace(/#.*$/gm, "");
  return [...toml.matchAll(/binding\s*=\s*"([^"]+)"\s*\n\s*database_name/g)].map((m) => m[1]);
}

/**
 * A fresh local state in `state` (migrations of DB and of every text database, then the dataset through the
 * importer); returns the dataset's name. `config`: another wrangler config than wrangler.toml (more text databases).
 */
export async function seedState(state: string, config = join(ROOT, "wrangler.toml")): Promise<string> {
  rmSync(state, { recursive: true, force: true });
  for (const database of databasesOf(config)) run(["d1", "migrations", "apply", database, "--local", "--persist-to", state, "--config", config]);
  const proxy = await getPlatformProxy<Env>({ configPath: config, persist: { path: join(state, "v3") }, remoteBindings: false });
  try {
    const { name, content } = dataset();
    const outcome = await importContent(proxy.env, content, { reset: true });
    if (!outcome.ok) throw new Error(`${name} did not import: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
    return name;
  } finally {
    await proxy.dispose();
  }
}

export interface WorkerOptions {
  port: number;
  state: string;
  vars: Record<string, string>;
  /** Entry point other than wrangler.toml's `main` (a benchmark's own wrapper). */
  entry?: string;
  /** Another wrangler config than wrangler.toml. */
  config?: string;
  /** The V8 inspector's port (a CPU profile of the Worker, bench/edge/profile.ts); a free one when not given. */
  inspectorPort?: number;
}

export async function startWorker(options: WorkerOptions): Promise<ChildProcess> {
  const { port } = options;
  const inspectorPort = options.inspectorPort ?? (await freePort());
  const vars = Object.entries(options.vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const child = spawn(
    WRANGLER,
    [
      "dev",
      ...(options.entry ? [options.entry] : []),
      ...(options.config ? ["--config", options.config] : []),
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      options.state,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
      ...vars,
    ],
    { cwd: ROOT, detached: true, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CI: "1" } },
  );
  try {
    await waitForAnswer(`http://127.0.0.1:${port}/healthz`, child, 90_000);
  } catch (error) {
    stopWorker(child);
    throw error;
  }
  return child;
}

/** Waits until `url` answers 2xx from the wrangler dev started as `child`; fails if it exits or the time is up. */
export async function waitForAnswer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`wrangler dev did not answer at ${url} within ${timeoutMs / 1000} s`);
}

export function stopWorker(child: ChildProcess): void {
  // The process group of the wrangler we started (wrangler and its workerd), nothing else.
  if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
}
