// `npm run test:readme`: runs every shell example of README.md and of docs/*.md (in that order, the docs by name)
// against `npm run dev` with the demo data, and fails on a command that exits non-zero or answers nothing, `null`,
// a problem (4xx/5xx) or an error status.
//
// Each ```sh block runs as one bash session (so `export KEY=…` and `DOC=$(…)` carry to the next lines), in a
// throw-away copy of the repository: its own .wrangler state, so the admin examples never touch yours. A block
// preceded by `<!-- examples: skip: REASON -->` is listed with its reason and not run (deployment needs an
// account). `localhost:8787` in the examples is rewritten to the free port this check uses.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runMain } from "./lib/cli";
import { shellBlocks, wrongAnswer } from "./lib/readme-blocks";
import { OFFLINE_ENV } from "./lib/wrangler";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The tracked files (and the installed dependencies, linked) in a fresh directory. */
function copyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), "bds-readme-"));
  const files = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
    .stdout.split("\0")
    .filter(Boolean);
  for (const file of files) if (existsSync(file)) cpSync(file, join(dir, file), { recursive: true });
  cpSync("public", join(dir, "public"), { recursive: true }); // with the Swagger UI bundle, which git ignores
  symlinkSync(join(process.cwd(), "node_modules"), join(dir, "node_modules"), "dir");
  if (existsSync("demo/demo.json")) {
    // Saves generating it again; newer than the generator's sources, so it is used as is.
    mkdirSync(join(dir, "demo"), { recursive: true });
    cpSync("demo/demo.json", join(dir, "demo/demo.json"));
    const now = new Date(Date.now() + 60_000);
    utimesSync(join(dir, "demo/demo.json"), now, now);
  }
  return dir;
}

async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm run dev exited (${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`npm run dev did not answer ${url} within 5 minutes:\n${log()}`);
}

/** The markdown files whose shell examples run: the README first, then docs/ by name. */
function exampleFiles(): string[] {
  const docs = readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs];
}

interface Result {
  command: string;
  output: string;
  exitCode: number;
}

/** Runs a block's commands in one bash, each followed by a marker carrying its exit code (and an assigned value). */
function runBlock(commands: string[], cwd: string, env: NodeJS.ProcessEnv): { results: Result[]; stderr: string } {
  const marker = "@@readme-example@@";
  const script = ["set -o pipefail"];
  for (const command of commands) {
    const assigned = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=/.exec(command)?.[1];
    // The admin commands open the SQLite file the running `wrangler dev` writes to (its queue consumer is still
    // processing the upload example); SQLite then answers "database is locked" at once. Tried up to 3 times, as
    // a person would, and the retry is reported on stderr.
    const run = /\bnpm run (-s )?admin\b/.test(command)
      ? `for __try in 1 2 3; do ${command.replace(/\s+#.*$/, "")} && break; [ $__try -lt 3 ] && echo "(retrying an admin command: local database busy?)" >&2 && sleep 2; done`
      : command;
    script.push(run, `__rc=$?; ${assigned ? `printf '%s\\n' "\${${assigned}}"; ` : ""}echo "${marker} $__rc"`);
  }
  const run = spawnSync("bash", ["-c", script.join("\n")], { cwd, env, encoding: "utf8", timeout: 300_000 });
  const results: Result[] = [];
  let rest = run.stdout ?? "";
  for (const command of commands) {
    const at = rest.indexOf(marker);
    if (at === -1) {
      results.push({ command, output: rest, exitCode: run.status ?? -1 });
      break;
    }
    const code = /^ (\d+)/.exec(rest.slice(at + marker.length))?.[1];
    results.push({ command, output: rest.slice(0, at), exitCode: Number(code ?? -1) });
    rest = rest.slice(rest.indexOf("\n", at) + 1);
  }
  return { results, stderr: run.stderr ?? "" };
}

runMain(async () => {
  const blocks = exampleFiles().flatMap((file) => shellBlocks(readFileSync(file, "utf8")).map((block) => ({ ...block, file })));
  const port = await freePort();
  const dir = copyRepository();
  let log = "";
  const server = spawn("npm", ["run", "dev"], { cwd: dir, env: { ...process.env, ...OFFLINE_ENV, PORT: String(port) }, detached: true });
  server.stdout?.on("data", (chunk) => (log += chunk));
  server.stderr?.on("data", (chunk) => (log += chunk));
  let failures = 0;
  try {
    console.log(`README examples: npm run dev on port ${port} in ${dir} …`);
    await waitForServer(`http://localhost:${port}/healthz`, server, () => log);
    const env = { ...process.env, ...OFFLINE_ENV, BDS_URL: `http://localhost:${port}` };
    for (const block of blocks) {
      if (block.skip) {
        console.log(`- ${block.file}:${block.line} skipped (${block.skip})`);
        continue;
      }
      const commands = block.commands.map((c) => c.replaceAll("localhost:8787", `localhost:${port}`));
      const { results, stderr } = runBlock(commands, dir, env);
      for (const [i, result] of results.entries()) {
        const wrong = wrongAnswer(result.output, result.exitCode);
        const shown = block.commands[i].length > 110 ? block.commands[i].slice(0, 110) + "…" : block.commands[i];
        if (!wrong) {
          console.log(`✓ ${shown}`);
          continue;
        }
        failures++;
        console.log(`✗ ${block.file}:${block.line}: ${shown}\n  ${wrong}; output: ${result.output.trim().slice(0, 400) || "(none)"}`);
        if (stderr.trim()) console.log(`  stderr of the block:\n${stderr.trim().split("\n").slice(-15).join("\n")}`);
      }
      if (results.length < block.commands.length) failures++;
    }
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 2000));
    try {
      process.kill(-server.pid!, "SIGKILL");
    } catch {
      // stopped on SIGTERM
    }
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(failures ? `${failures} README example(s) failed.` : "Every README and docs example answered.");
  return failures ? 1 : 0;
});
