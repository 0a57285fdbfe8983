// The yardstick of `npm run bench:floor`: a bare Hono Worker beside the service under the same `wrangler dev`.
// `/` answers a small JSON and nothing else (the platform's floor); `/one-query` makes one D1 `select 1`.
import { Hono } from "hono";

const app = new Hono<{ Bindings: { DB: D1Database } }>();
app.get("/", (c) => c.json({ ok: true }));
app.get("/healthz", (c) => c.text("ok"));
app.get("/one-query", async (c) => c.json(await c.env.DB.prepare("select 1 as one").first()));

export default app;
