// Runs the project's own wrangler (node_modules, pinned version) as a child process.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// wrangler's exports map allows its package.json but not bin/wrangler.js: the bin path comes from package.json.
const require = createRequire(import.meta.url);
const WRANGLER_PACKAGE = require.resolve("wrangler/package.json");
const { bin } = require(WRANGLER_PACKAGE) as { bin: string | Record<string, string> };
export const WRANGLER_BIN = join(dirname(WRANGLER_PACKAGE), typeof bin === "string" ? bin : bin.wrangler);

/**
 * Offline by default: no metrics, and no download of the Request.cf sample (Miniflare falls back to
 * a placeholder). No banner: it is where wrangler asks the registry for a newer release and nags about
 * it on every start, and the pinned version is deliberate (upgrades are a reviewed commit, see README, Decisions). Applied to this
 * process (getPlatformProxy, startWorker) and to every child.
 */
export const OFFLINE_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true" } as const;
for (const [name, value] of Object.entries(OFFLINE_ENV)) process.env[name] ??= value;

/** The local server's port (`npm run dev`): PORT, else 8787. */
export const DEV_PORT = process.env.PORT || "8787";
/** The served local site: where admin commands point their links when SITE_URL names no other. */
export const LOCAL_SITE_URL = `http://localhost:${DEV_PORT}`;

export class WranglerError extends Error {
  constructor(
    readonly args: string[],
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    const command = `wrangler ${args.join(" ")}`.replace(/\s+/g, " ");
    super(`${command.length > 100 ? command.slice(0, 100) + "…" : command} failed (exit ${exitCode}):\n${output.trim()}`);
  }
}

/**
 * Runs `wrangler ...args`. With `capture`, stdout is returned (for --json); otherwise the child
 * writes to this terminal.
 */
export function runWrangler(args: string[], options: { capture?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRANGLER_BIN, ...args], {
      stdio: ["ignore", options.capture ? "pipe" : "inherit", options.capture ? "pipe" : "inherit"],
      // stdin is not a terminal, so wrangler takes each prompt's default instead of waiting.
      env: { ...process.env, ...OFFLINE_ENV },
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => (stdout += chunk));
    child.stderr?.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(stdout) : reject(new WranglerError(args, code, stdout + stderr))));
  });
}

/** `wrangler ...args --json`: the parsed JSON, or the error wrangler printed as JSON. */
export async function runWranglerJson<T>(args: string[]): Promise<T> {
  try {
    return JSON.parse(await runWrangler([...args, "--json"], { capture: true })) as T;
  } catch (error) {
    if (error instanceof WranglerError) {
      const reported = tryParse(error.output)?.error?.text;
      if (reported) throw new WranglerError(error.args, error.exitCode, reported);
    }
    throw error;
  }
}

function tryParse(text: string): { error?: { text?: string } } | undefined {
  const start = text.indexOf("{");
  if (start === -1) return undefined;
  try {
    return JSON.parse(text.slice(start));
  } catch {
    return undefined;
  }
}
