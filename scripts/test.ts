// `npm test`: the type checks (worker-configuration.d.ts up to date, `tsc` of the project and of the viewer) run
// beside the vitest run instead of before it. The test run leaves part of the machine idle (workerd waits, the
// last files), which the checks fill; their output is kept and printed after the tests. Fails when either fails.
// Arguments go to vitest (`npm test -- test/search`).
import { spawn } from "node:child_process";
import { runMain } from "./lib/cli";

interface Outcome {
  code: number;
  output: string;
}

/** Runs `command` with its output kept (printed by the caller), or shown as it comes when `inherit`. */
function run(command: string, args: string[], inherit = false): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ code: 1, output: `${command}: ${error.message}` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** One check after another, stopping at the first that fails (as `a && b && c` would). */
async function inTurn(steps: [string, string[]][]): Promise<Outcome & { step: string }> {
  for (const [command, args] of steps) {
    const outcome = await run(command, args);
    if (outcome.code !== 0) return { ...outcome, step: [command, ...args].join(" ") };
  }
  return { code: 0, output: "", step: "" };
}

runMain(async () => {
  const checks = inTurn([
    ["npx", ["tsx", "scripts/types.ts", "--check"]],
    ["npx", ["tsc", "--noEmit"]],
    ["npx", ["tsc", "-p", "viewer"]],
  ]);
  const tests = run("npx", ["vitest", "run", ...process.argv.slice(2)], true);
  const [checked, tested] = await Promise.all([checks, tests]);
  if (checked.code !== 0) {
    console.error(`\nThe type checks failed (\`${checked.step}\`):\n${checked.output}`);
    return 1;
  }
  console.log("Type checks passed (worker-configuration.d.ts, tsc, viewer).");
  return tested.code;
});
