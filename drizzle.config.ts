import { defineConfig } from "drizzle-kit";

// Flat migrations/*.sql (read by wrangler and by the tests' readD1Migrations), one ordered sequence: hand-written
// ones (the FTS5 index and its triggers) are registered in the journal with `drizzle-kit generate --custom`.
export default defineConfig({ dialect: "sqlite", schema: "./src/db/schema.ts", out: "./migrations", breakpoints: true });
