// The local platform: the same persisted state `wrangler dev` uses (.wrangler/state/v3), reached
// from Node through wrangler's getPlatformProxy. No Cloudflare account or network is needed.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { runWrangler } from "./wrangler";

export const STATE_DIR = join(".wrangler", "state", "v3");

export interface LocalBindings {
  DB: D1Database;
  FILES: R2Bucket;
}

/** Applies pending migrations to the local D1 (non-interactive; a no-op when up to date). */
export async function applyLocalMigrations(): Promise<void> {
  await runWrangler(["d1", "migrations", "apply", "DB", "--local"], { capture: true });
}

/** Runs `work` with the local DB and FILES bindings, then shuts the local runtime down. */
export async function withLocalBindings<T>(work: (bindings: LocalBindings) => Promise<T>): Promise<T> {
  // The proxy serves no Worker code, so wrangler and workerd warn that the Limiter class is not
  // served here; only DB and FILES are used, so those two warnings are noise and are dropped.
  process.env.WRANGLER_LOG ??= "error";
  const restoreStderr = dropStderrLines(/Durable ?Object/i);
  const proxy = await getPlatformProxy<LocalBindings>({ persist: true, remoteBindings: false });
  try {
    return await work(proxy.env);
  } finally {
    await proxy.dispose();
    restoreStderr();
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
