// npm run dev: everything a new user needs to see the service with data, offline and without a
// Cloudflare account. Creates .dev.vars from the example, prepares the local database
// (scripts/dev-prepare.ts: migrations, demo data when empty), builds the boardview viewer's script, then runs `wrangler dev` on
// http://localhost:8787 with this terminal attached.
//
// The preparation runs in a child process: the local runtime it starts installs exit hooks that
// would end this process on SIGTERM before wrangler dev could be stopped.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { copyFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { runMain } from "./lib/cli";
import { DEV_PORT as PORT, OFFLINE_ENV, WRANGLER_BIN } from "./lib/wrangler";

function ensureDevVars(): void {
  if (existsSync(".dev.vars")) return;
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (development signing key).");
}

// wrangler's own line per request ("[wrangler:info] GET /path 200 OK (12ms)") repeats the Worker's JSON access
// log line (src/http/access-log.ts), which says more; only wrangler's is dropped.
const WRANGLER_REQUEST_LINE = /^(?:\x1b\[[0-9;]*m)*\[wrangler:info\](?:\x1b\[[0-9;]*m)* (?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ \d{3}\b/;

// workerd reports a client that hung up (or a request body the Worker refused unread) as an exception with a
// stack line: the peer went away, the service did nothing wrong, so the pair is dropped.
const PEER_GONE = /^exception = kj\/\S+: (?:disconnected|Broken pipe)|Broken pipe|read end of pipe was aborted/;
const STACK_LINE = /^stack: /;

/** Copies a child's output line by line, leaving out wrangler's request lines and workerd's peer-gone reports. */
function passOn(from: NodeJS.ReadableStream, to: NodeJS.WriteStream): void {
  let droppingStack = false;
  createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
    if (droppingStack && STACK_LINE.test(line)) return;
    droppingStack = PEER_GONE.test(line);
    if (droppingStack || WRANGLER_REQUEST_LINE.test(line)) return;
    to.write(`${line}\n`);
  });
}

/**
 * Runs a child in the foreground; termination signals go to it, its exit code is returned. With `quietRequests`
 * its output passes through passOn (no longer a terminal: wrangler then shows no hotkey bar; Ctrl-C still stops it).
 */
function foreground(args: string[], quietRequests = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const stdio = quietRequests ? (["inherit", "pipe", "pipe"] as const) : "inherit";
    const child = spawn(process.execPath, args, { stdio: stdio as never, env: { ...process.env, ...OFFLINE_ENV } });
    if (quietRequests) {
      passOn(child.stdout!, process.stdout);
      passOn(child.stderr!, process.stderr);
    }
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
    for (const signal of signals) process.on(signal, forward);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(code ?? (signal === "SIGINT" ? 130 : 143));
    });
  });
}

/**
 * True when something already listens on the port (another `npm run dev`, most likely). Checked before anything
 * else: the preparation would otherwise migrate the running server's database and wrangler would then fail with a
 * workerd stack.
 */
function portBusy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    // No host: the IPv6 wildcard, which clashes with a listener on 127.0.0.1, ::1 or any address of that port.
    const probe = createServer()
      .once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "EADDRINUSE" || error.code === "EACCES"))
      .once("listening", () => probe.close(() => resolve(false)))
      .listen(port);
  });
}

runMain(async () => {
  if (await portBusy(Number(PORT))) {
    console.error(`error: port ${PORT} is in use (another npm run dev?); stop it, or start this one with PORT=<another port> npm run dev.`);
    return 1;
  }
  ensureDevVars();
  // Same Node, same tsx loader flags as this process.
  const prepared = await foreground([...process.execArgv, "scripts/dev-prepare.ts"]);
  if (prepared !== 0) return prepared;
  // The viewer's script from viewer/*.ts into public/ (scripts/build-viewer.ts), so a change is served at once.
  const viewer = await foreground([...process.execArgv, "scripts/build-viewer.ts"]);
  if (viewer !== 0) return viewer;
  console.log(`Starting wrangler dev on http://localhost:${PORT} …`);
  // --test-scheduled adds /__scheduled, which runs the scheduled handler; Miniflare's /cdn-cgi/handler/scheduled
  // reaches the static-assets router in front of the Worker, which has none, and answers 500 (docs/uploads.md).
  // Every request logged locally (production logs a sample: LOG_SAMPLE_RATE in wrangler.toml).
  return foreground([WRANGLER_BIN, "dev", "--port", PORT, "--test-scheduled", "--var", "LOG_SAMPLE_RATE:1"], true);
});
