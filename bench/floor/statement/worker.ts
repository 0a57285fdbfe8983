// The bare Worker of `npx tsx bench/floor/statement/run.ts`: no pipeline, and the very statement the service's anonymous
// `GET /api/v1/documents` runs (its first page and total, as src/db/queries/runtime.ts's rowsWithTotal builds it,
// captured on 2026-11-28 with a D1 proxy), on a copy of the service's database. It splits the uncached list's
// CPU into the platform's D1 call, the statement itself and what the service adds.
import { Hono } from "hono";

const LIST_STATEMENT = `select page_rows.*, (select (coalesce((select n from list_counts where list = ? and key = ?), 0)) from (select 1)) as page_total from (select "documents"."id", "documents"."title", "documents"."type", "documents"."status", "documents"."visibility", "documents"."owner_id", "manufacturers"."name", "document_versions"."extension", "document_versions"."size_bytes", "documents"."page_count", "documents"."downloads", "documents"."created_at", "documents"."board_numbers" from "documents" left join "manufacturers" on "manufacturers"."id" = "documents"."manufacturer_id" left join "document_versions" on ("document_versions"."document_id" = "documents"."id" and "document_versions"."version" = "documents"."current_version") where (("documents"."visibility" = ? and "documents"."status" = ?) and ? < (coalesce((select n from list_counts where list = ? and key = ?), 0))) order by "documents"."created_at" desc, "documents"."id" desc limit ?) as page_rows`;
const LIST_PARAMS = ["documents", "all", "public", "available", 0, "documents", "all", 20];

const app = new Hono<{ Bindings: { DB: D1Database } }>();
app.get("/healthz", (c) => c.text("ok"));
app.get("/one-query", async (c) => c.json(await c.env.DB.prepare("select 1 as one").first()));
app.get("/one-query-session", async (c) => c.json(await c.env.DB.withSession("first-unconstrained").prepare("select 1 as one").first()));
app.get("/list-rows", async (c) => {
  const rows = await c.env.DB.prepare(LIST_STATEMENT)
    .bind(...LIST_PARAMS)
    .raw();
  return c.json({ rows: rows.length });
});
app.get("/list-objects", async (c) => {
  const { results } = await c.env.DB.prepare(LIST_STATEMENT)
    .bind(...LIST_PARAMS)
    .all();
  return c.json(results);
});

export default app;
