// npm run admin -- <command> [options] [--remote | --rehearse]
// The commands live in src/admin/ (one module per group); this is only the command line around
// them: which database (local state, or the deployed one through wrangler), printing, exit code.
import { runAdmin } from "../src/admin";
import { runMain } from "./lib/cli";
import { withLocalBindings } from "./lib/local";
import { WranglerD1 } from "./lib/wrangler-d1";

runMain(async () => {
  const argv = process.argv.slice(2);
  const remote = argv.includes("--remote");
  const rehearse = argv.includes("--rehearse");
  const commandArgv = argv.filter((a) => a !== "--remote" && a !== "--rehearse");
  const now = new Date();
  const run = (db: D1Database) => runAdmin({ db, now }, commandArgv);

  let result;
  try {
    result = remote || rehearse ? await run(new WranglerD1(remote ? "remote" : "local").asD1Database()) : await withLocalBindings((b) => run(b.DB));
  } catch (error) {
    if (/no such table/.test(String(error))) {
      throw new Error(`${(error as Error).message}\nThe ${remote ? "deployed" : "local"} database has no tables yet: apply the migrations first (${remote ? "wrangler d1 migrations apply DB --remote" : "npm run db:migrate, or npm run dev"}).`);
    }
    throw error;
  }
  (result.code === 0 ? console.log : console.error)(result.output.join("\n"));
  return result.code;
});
