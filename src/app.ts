// The whole Worker's HTTP app: request context first, then the API; errors become problems.
import { Hono } from "hono";
import type { AppEnv } from "./http/context";
import { apiErrorResponse } from "./http/errors";
import { requestContext } from "./http/request-context";
import { ApiError } from "./http/problem";
import { buildApi } from "./routes/api";

export function buildApp() {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext);
  app.onError((err, c) => apiErrorResponse(err, c));
  // Liveness, and the bare route of `npm run bench`: no database, no key, no limit.
  app.get("/healthz", (c) => c.text("ok", 200, { "Cache-Control": "no-store" }));
  app.route("/api/v1", buildApi());
  app.notFound((c) => apiErrorResponse(new ApiError("not-found", `Nothing at ${c.req.path}.`), c));
  return app;
}
