// The whole Worker's HTTP app: request context first, then the API; errors become problems.
import { Hono } from "hono";
import type { AppEnv } from "./http/context";
import { apiErrorResponse } from "./http/errors";
import { requestContext } from "./http/request-context";
import { ApiError } from "./http/problem";
import { MCP_PATH, serveMcp } from "./mcp/handler";
import { buildApi } from "./routes/api";

export function buildApp() {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext);
  app.onError((err, c) => apiErrorResponse(err, c));
  app.route("/api/v1", buildApi());
  app.all(MCP_PATH, serveMcp);
  app.notFound((c) => apiErrorResponse(new ApiError("not-found", `Nothing at ${c.req.path}.`), c));
  return app;
}
