// Seeds a fresh local persistence directory (the one `wrangler dev --persist-to DIR` uses) with a fixture,
// through the importer, using wrangler's local bindings. Usage: tsx scripts/e2e-seed.ts DIR FIXTURE.json
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { importContent } from "../cli/import";

const [persistDir, fixturePath] = process.argv.slice(2);
if (!persistDir || !fixturePath) {
  console.error("usage: tsx scripts/e2e-seed.ts PERSIST_DIR FIXTURE.json");
  process.exit(2);
}

// `wrangler dev --persist-to DIR` keeps its state under DIR/v3; getPlatformProxy wants that inner path.
const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(persistDir, "v3") } });
try {
  const outcome = await importContent(proxy.env, JSON.parse(readFileSync(fixturePath, "utf8")), { reset: true });
  if (!outcome.ok) {
    console.error(JSON.stringify(outcome.problems, null, 2));
    process.exitCode = 1;
  } else {
    console.log("seeded", JSON.stringify(outcome.counts));
  }
} finally {
  await proxy.dispose();
}
