// npm run db:migrate [-- --persist-to DIR]: applies pending migrations to the local primary database
// (migrations/) and to every text database named in TEXT_SHARDS (migrations-text/).
import { runMain } from "./lib/cli";
import { applyLocalMigrations } from "./lib/local";

runMain(async () => {
  const i = process.argv.indexOf("--persist-to");
  await applyLocalMigrations(i > 0 ? process.argv[i + 1] : undefined);
  console.log("Local migrations applied (DB and each TEXT_* database).");
});
