// npm run admin -- <command> [options] [--remote | --rehearse | --persist-to DIR]
// The commands live in cli/admin/ (one module per group); this is only the command line around
// them: which database (local state, or the deployed one through wrangler), printing, exit code.
import { runAdmin } from "../cli/admin";
import type { AdminContext } from "../cli/admin/command";
import { unstable_readConfig } from "wrangler";
import { runMain } from "./lib/cli";
import { withLocalBindings } from "./lib/local";
import { deleteObjects } from "./lib/r2-objects";
import { localTextShards, wranglerTextShards } from "./lib/text-shards";
import { LOCAL_SITE_URL } from "./lib/wrangler";
import { WranglerD1 } from "./lib/wrangler-d1";

runMain(async () => {
  const argv = process.argv.slice(2);
  const remote = argv.includes("--remote");
  const rehearse = argv.includes("--rehearse");
  // --persist-to DIR: the local state of a `wrangler dev --persist-to DIR` (the e2e suite's server) instead of .wrangler/state.
  const persistAt = argv.indexOf("--persist-to");
  const persistTo = persistAt === -1 ? undefined : argv[persistAt + 1];
  if (persistAt !== -1 && !persistTo) throw new Error("--persist-to needs a directory");
  const commandArgv = argv.filter((a, i) => a !== "--remote" && a !== "--rehearse" && (persistAt === -1 || (i !== persistAt && i !== persistAt + 1)));
  const now = new Date();
  // Links point at the served site: SITE_URL (the environment's, else wrangler.toml's), else the local server on PORT.
  const siteUrl = process.env.SITE_URL || configuredSiteUrl() || LOCAL_SITE_URL;
  const run = (db: D1Database, files: AdminContext["files"], shards: AdminContext["shards"]) =>
    runAdmin({ db, files, shards, now, siteUrl }, commandArgv);

  let result: Awaited<ReturnType<typeof run>>;
  try {
    const location = remote ? "remote" : "local";
    const wranglerFiles = { delete: (keys: string | string[]) => deleteObjects(location, typeof keys === "string" ? [keys] : keys) };
    result =
      remote || rehearse
        ? await run(new WranglerD1(location).asD1Database(), wranglerFiles, wranglerTextShards(location))
        : await withLocalBindings((b) => run(b.DB, b.FILES, localTextShards(b)), persistTo);
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

/** SITE_URL from wrangler.toml's [vars], if set there. */
function configuredSiteUrl(): string | undefined {
  const value = unstable_readConfig({ config: "wrangler.toml" }).vars?.SITE_URL;
  return typeof value === "string" && value ? value.replace(/\/+$/, "") : undefined;
}
