// npm run admin -- <command> [options] [--remote | --rehearse]
// The commands live in cli/admin/ (one module per group); this is only the command line around
// them: which database (local state, or the deployed one through wrangler), printing, exit code.
import { runAdmin } from "../cli/admin";
import type { AdminContext } from "../cli/admin/command";
import { runMain } from "./lib/cli";
import { withLocalBindings } from "./lib/local";
import { deleteObjects } from "./lib/r2-objects";
import { localTextShards, wranglerTextShards } from "./lib/text-shards";
import { WranglerD1 } from "./lib/wrangler-d1";

runMain(async () => {
  const argv = process.argv.slice(2);
  const remote = argv.includes("--remote");
  const rehearse = argv.includes("--rehearse");
  const commandArgv = argv.filter((a) => a !== "--remote" && a !== "--rehearse");
  const now = new Date();
  const run = (db: D1Database, files: AdminContext["files"], shards: AdminContext["shards"]) => runAdmin({ db, files, shards, now }, commandArgv);

  let result: Awaited<ReturnType<typeof run>>;
  try {
    const location = remote ? "remote" : "local";
    const wranglerFiles = { delete: (keys: string | string[]) => deleteObjects(location, typeof keys === "string" ? [keys] : keys) };
    result =
      remote || rehearse
        ? await run(new WranglerD1(location).asD1Database(), wranglerFiles, wranglerTextShards(location))
        : await withLocalBindings((b) => run(b.DB, b.FILES, localTextShards(b)));
  } catch (error) {
    if (/no such table/.test(String(error))) {
      throw new Error(
        `${(error as Error).message}\nThe ${remote ? "deployed" : "local"} database has no tables yet: apply the migrations first (${remote ? "wrangler d1 migrations apply DB --remote, and each TEXT_* database" : "npm run db:migrate, or npm run dev"}).`,
      );
    }
    throw error;
  }
  (result.code === 0 ? console.log : console.error)(result.output.join("\n"));
  return result.code;
});
