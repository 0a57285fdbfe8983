// One log line per request: request id, matched route, status and duration. Mounted right after
// requestSetup, so errors turned into problems or error pages by onError are logged with their status.
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "./app-env";
import { logLine } from "./log-line";

export const accessLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  logLine({
    type: "request",
    request_id: c.get("requestId"),
    method: c.req.method,
    // The pattern that answered (`/api/v1/documents/:document`): groups requests without ids in it.
    route: routePath(c),
    // The path only: a signed file link's query string is a credential.
    path: c.req.path,
    status: c.res.status,
    duration_ms: Date.now() - started,
  });
});
