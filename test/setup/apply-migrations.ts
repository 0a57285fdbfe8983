import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { textShards } from "../../src/text/shards";

// Setup files run outside per-file storage isolation and may run more than once;
// applyD1Migrations skips what is already applied. Every text database gets its own migrations.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (const shard of textShards(env)) await applyD1Migrations(shard.db, env.TEST_TEXT_MIGRATIONS);
