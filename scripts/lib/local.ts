// The local platform: the same persisted state `wrangler dev` uses (.wrangler/state/v3), reached
// from Node through wrangler's getPlatformProxy. No Cloudflare account or network is needed.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { getPlatformProxy, unstable_readConfig, unstable_startWorker } from "wrangler";
import { runImport, type ImportOutcome } from "../../cli/import/run";
import { objectSource } from "../../cli/import/source";
import { RetryableError, type ImportTarget } from "../../cli/import/target";
import { parseTextShards } from "../../src/text/shards";
import { encodeBatch } from "./import-wire";
import { textShardsVar } from "./text-shards";
import { runWrangler } from "./wrangler";

export const STATE_DIR = join(".wrangler", "state", "v3");

export interface LocalBindings {
  DB: D1Database;
  FILES: R2Bucket;
}

/** Applies pending migrations to the local D1 and to each text database (non-interactive; a no-op when up to date). */
export async function applyLocalMigrations(persistTo?: string): Promise<void> {
  for (const database of ["DB", ...parseTextShards(textShardsVar()).map((s) => s.name)]) {
    await runWrangler(["d1", "migrations", "apply", database, "--local", ...(persistTo ? ["--persist-to", persistTo] : [])], { capture: true });
  }
}

/**
 * A config with only the D1 and R2 bindings of wrangler.toml (same names, same persisted state). The proxy
 * serves no Worker code: given the Limiter Durable Object binding, its workerd would find the Limiter's stored
 * alarms and fail each one with "no such actor class Limiter" (a stack trace on every second `npm run dev`).
 */
function storageOnlyConfig(): string {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const path = join(".wrangler", "tmp", "local-bindings.json");
  mkdirSync(dirname(path), { recursive: true });
  const storage = {
    name: config.name,
    compatibility_date: config.compatibility_date,
    compatibility_flags: config.compatibility_flags,
    d1_databases: config.d1_databases,
    r2_buckets: config.r2_buckets,
  };
  writeFileSync(path, JSON.stringify(storage, null, 2));
  return path;
}

/**
 * Runs `work` with the local DB and FILES bindings, then shuts the local runtime down. `persistTo`: the directory a
 * `wrangler dev --persist-to` was given (its state is under `v3/`), else the default state.
 */
export async function withLocalBindings<T>(work: (bindings: LocalBindings) => Promise<T>, persistTo?: string): Promise<T> {
  const path = persistTo ? join(persistTo, "v3") : STATE_DIR;
  const proxy = await getPlatformProxy<LocalBindings>({ configPath: storageOnlyConfig(), persist: { path }, remoteBindings: false });
  try {
    return await work(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

/** An import target writing through a local workerd with the persisted bindings; dispose when done. */
export interface LocalImportWorker {
  target: ImportTarget;
  dispose(): Promise<void>;
}

/**
 * Starts the import Worker (scripts/lib/import-worker.ts) inside a local workerd with the state
 * `wrangler dev` uses: each batch is one request there, one D1 batch, as in production.
 */
export async function startImportWorker(persistTo?: string): Promise<LocalImportWorker> {
  const restoreStderr = dropStderrLines(/Durable ?Object|queue/i);
  const worker = await unstable_startWorker({
    config: "wrangler.toml",
    entrypoint: "scripts/lib/import-worker.ts",
    dev: {
      remote: false,
      watch: false,
      inspector: false,
      logLevel: "error",
      server: { hostname: "127.0.0.1", port: 0 },
      ...(persistTo ? { persist: persistTo } : {}),
    },
  });
  try {
    await worker.ready;
  } catch (error) {
    restoreStderr();
    throw error;
  }
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    let response: Awaited<ReturnType<typeof worker.fetch>>;
    try {
      response = await worker.fetch(`http://import.local${path}`, { method: "POST", body: JSON.stringify(body ?? null) });
    } catch (error) {
      throw new RetryableError(`the local import Worker did not answer on ${path}: ${(error as Error).message}`);
    }
    // 503: workerd restarted the Worker mid-request; the batch did not commit (or did: it is idempotent).
    const Failure = response.status === 503 ? RetryableError : Error;
    if (!response.ok) throw new Failure(`the local import Worker failed on ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const target: ImportTarget = {
    existing: async (kind, keys) => new Set(await call<string[]>("/existing", { kind, keys })),
    reset: () => call("/reset"),
    write: (batch) => call<number>("/write", encodeBatch(batch)),
    removeUnreferencedFiles: () => call<number>("/sweep"),
    searchIndexSize: async () => (await call<number | null>("/search-size")) ?? undefined,
    dropSearchIndex: () => call("/search-drop"),
    rebuildSearchIndex: () => call<number>("/search-rebuild"),
    syncVocabulary: () => call<number>("/vocabulary-sync"),
  };
  return {
    target,
    async dispose() {
      await worker.dispose();
      restoreStderr();
    },
  };
}

/** Imports content already in memory into the local state (the dev seeder). */
export async function importLocally(content: unknown, reset: boolean): Promise<ImportOutcome> {
  const worker = await startImportWorker();
  try {
    return await runImport(objectSource(content), worker.target, { reset });
  } finally {
    await worker.dispose();
  }
}

/**
 * Deletes the persisted state of the Limiter Durable Object (every rate, download and upload
 * counter), so limits start fresh. Miniflare keeps each class's objects in `do/<worker>-<Class>`.
 */
export function resetLimiterState(): string[] {
  const doDir = join(STATE_DIR, "do");
  if (!existsSync(doDir)) return [];
  const removed = readdirSync(doDir).filter((name) => name.endsWith("-Limiter"));
  for (const name of removed) rmSync(join(doDir, name), { recursive: true, force: true });
  return removed.map((name) => join(doDir, name));
}

function dropStderrLines(pattern: RegExp): () => void {
  const original = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    if (pattern.test(String(chunk))) return true;
    return original(chunk, ...rest);
  }) as typeof process.stderr.write;
  return () => void (process.stderr.write = original);
}
