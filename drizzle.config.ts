import { defineConfig } from "drizzle-kit";

// Flat migrations/*.sql (read by wrangler and by the tests' readD1Migrations); FTS5 lives in hand-written files.
export default defineConfig({ dialect: "sqlite", schema: "./src/db/schema.ts", out: "./migrations", breakpoints: true });
