// npm run dev: everything a new user needs to see the service with data, offline and without a
// Cloudflare account. Creates .dev.vars from the example, prepares the local database
// (scripts/dev-prepare.ts: migrations, demo data when empty), then runs `wrangler dev` on
// http://localhost:8787 with this terminal attached.
//
// The preparation runs in a child process: the local runtime it starts installs exit hooks that
// would end this process on SIGTERM before wrangler dev could be stopped.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { runMain } from "./lib/cli";
import { OFFLINE_ENV, WRANGLER_BIN } from "./lib/wrangler";

const PORT = process.env.PORT ?? "8787";

function ensureDevVars(): void {
  if (existsSync(".dev.vars")) return;
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (development signing key).");
}

/** Runs a child in the foreground; termination signals go to it, its exit code is returned. */
function foreground(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...OFFLINE_ENV } });
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

runMain(async () => {
  ensureDevVars();
  // Same Node, same tsx loader flags as this process.
  const prepared = await foreground([...process.execArgv, "scripts/dev-prepare.ts"]);
  if (prepared !== 0) return prepared;
  console.log(`Starting wrangler dev on http://localhost:${PORT} …`);
  return foreground([WRANGLER_BIN, "dev", "--port", PORT]);
});
