// The whole Worker's HTTP app: request context first, then the API and the site; errors become problems or pages.
import { Hono } from "hono";
import type { AppEnv } from "./http/app-env";
import { apiErrorResponse } from "./http/errors";
import { requestPipeline } from "./http/request-setup";
import { htmlSecurityHeaders } from "./http/secure-headers";
import { ApiError, quoteInput } from "./http/problem";
import { limitHeadersMiddleware } from "./http/rate-limit";
import { SITE_PATHS, siteRateLimit } from "./site/rate-limit";
import { MCP_PATH, serveMcp } from "./mcp/transport/handler";
import { buildApi } from "./routes/api";
import { buildSite } from "./site";
import { notFoundPage, servesHtml, siteErrorResponse } from "./site/errors";
import { STYLE } from "./site/style";
import { msg } from "./core/messages/errors";

/**
 * What every request passes first: its id, language and config; after: its headers (and an HTML answer's security
 * headers: the CSP and its companions; a page that sets its own CSP keeps it), bookmark and log line.
 */
export const REQUEST_PIPELINE = [requestPipeline(htmlSecurityHeaders({ styles: [STYLE], scripts: [] }))] as const;

export function buildApp() {
  const app = new Hono<AppEnv>();
  for (const middleware of REQUEST_PIPELINE) app.use("*", middleware);
  // Pages answer errors as HTML; the API (and /mcp) keep problem+json.
  app.onError((err, c) => (servesHtml(c.req.path) ? siteErrorResponse(err, c) : apiErrorResponse(err, c)));
  // Liveness, and the bare route of `npm run bench`: no database, no key, no limit.
  app.get("/healthz", (c) => c.text("ok", 200, { "Cache-Control": "no-store" }));
  app.route("/api/v1", buildApi());
  // No key, read-only, with the assistants' own per-address budget (MCP_RATE_PER_MINUTE), apart from the API's:
  // every tool call and resource read counts, while it is served (src/mcp/transport/rate-limit.ts).
  app.use(MCP_PATH, limitHeadersMiddleware);
  app.all(MCP_PATH, serveMcp);
  for (const path of SITE_PATHS) app.use(path, siteRateLimit); // the site's own per-address limit
  app.route("/", buildSite());
  app.notFound((c) =>
    servesHtml(c.req.path) ? notFoundPage(c) : apiErrorResponse(new ApiError("not-found", msg.nothingAt({ path: quoteInput(c.req.path) })), c),
  );
  return app;
}
