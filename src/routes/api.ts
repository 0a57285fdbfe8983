// The JSON API under /api/v1: middleware order, every operation, the OpenAPI document and the docs page.
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { apiValidators, cacheHeaders } from "../http/cache/caching";
import { edgeCache, knownParamsFromRoutes } from "../http/cache/edge-cache";
import { ApiError, quoteInput } from "../http/problem";
import { limitHeadersMiddleware, rateLimit } from "../http/rate-limit";
import { getBoardRoute } from "./boards/get";
import { listBoardsRoute } from "./boards/list";
import { getBoardPointRoute } from "./boards/point";
import { getCaseRoute } from "./cases/get";
import { listChangesRoute } from "./changes/list";
import { listCasesRoute } from "./cases/list";
import { createRouter } from "./define";
import { describeApi } from "./describe";
import { getDocumentBoardviewRoute } from "./documents/boardview";
import { getDocumentBoardviewLayoutRoute } from "./documents/boardview-layout";
import { downloadDocumentRoute } from "./documents/download";
import { getDocumentRoute } from "./documents/get";
import { listDocumentsRoute } from "./documents/list";
import { listCategoriesRoute } from "./forum/categories";
import { getThreadRoute } from "./forum/get";
import { fileRoute } from "./files/get";
import { capabilitiesRoute } from "./ingest/capabilities";
import { createUploadRoute } from "./ingest/create-upload";
import { getUploadRoute } from "./ingest/get-upload";
import { listThreadsRoute } from "./forum/list";
import { getMeRoute } from "./me/get";
import { getPostRoute } from "./posts/get";
import { listPostsRoute } from "./posts/list";
import { searchRoute } from "./search/get";
import { msg } from "../core/messages/errors";

/** CORS of the API: any origin, these request headers, and the response headers a browser script may read. */
const CORS = {
  origin: "*",
  allowMethods: ["GET", "POST", "OPTIONS"],
  allowHeaders: ["Authorization", "Accept-Language", "Content-Type", "If-None-Match", "X-Request-Id"],
  exposeHeaders: [
    "X-Request-Id",
    "ETag",
    "Retry-After",
    "RateLimit",
    "RateLimit-Policy",
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
    "Idempotent-Replayed",
    "Content-Language",
    "x-d1-bookmark",
    "Link",
  ],
  maxAge: 86400,
};
const preflight = cors(CORS);
const EXPOSED = CORS.exposeHeaders.join(",");

/**
 * Preflights are Hono's cors(); any other call gets its two headers on the answer it ends with (errors
 * included). Set after the handler, not before as cors() does: headers set before the answer exists make Hono
 * build a placeholder Response and copy its headers into the real one, on every call.
 */
const apiCors = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === "OPTIONS") return preflight(c, next);
  await next();
  try {
    c.res.headers.set("Access-Control-Allow-Origin", CORS.origin);
  } catch {
    c.res = new Response(c.res.body, c.res); // headers of a response passed through are immutable
    c.res.headers.set("Access-Control-Allow-Origin", CORS.origin);
  }
  c.res.headers.set("Access-Control-Expose-Headers", EXPOSED);
});

/** Sub-apps mounted under /api/v1, in the order of the spec. */
const OPERATIONS = [
  getMeRoute,
  listDocumentsRoute,
  getDocumentRoute,
  downloadDocumentRoute,
  getDocumentBoardviewRoute,
  getDocumentBoardviewLayoutRoute,
  listBoardsRoute,
  getBoardRoute,
  getBoardPointRoute,
  searchRoute,
  listCategoriesRoute,
  listThreadsRoute,
  getThreadRoute,
  listPostsRoute,
  getPostRoute,
  listCasesRoute,
  getCaseRoute,
  listChangesRoute,
  capabilitiesRoute,
  createUploadRoute,
  getUploadRoute,
];

export function buildApi() {
  const api = createRouter();
  api.use("*", apiCors);
  api.use("*", cacheHeaders);

  // Registered before authenticate: the description of the API needs no key, and a bad key does not hide it.
  describeApi(api);

  // Limits: headers written on the way out (errors included); a bad key costs its address (in authenticate);
  // then each call counts against its key or its address. The description above is not limited.
  api.use("*", limitHeadersMiddleware);
  api.use("*", authenticate);
  // Signed links, outside OpenAPI, before the per-caller limit: they count per link (src/http/link-limit.ts).
  api.route("/", fileRoute);
  api.use("*", rateLimit);
  // Inside the rate check, which runs beside it: a cached anonymous answer is still counted.
  api.use(
    "*",
    edgeCache(
      knownParamsFromRoutes("/api/v1", () => queryParamsOf(api)),
      apiValidators,
    ),
  );
  for (const operation of OPERATIONS) api.route("/", operation);

  // A catch-all route, not notFound(): Hono ignores a sub-app's notFound once it is mounted.
  api.all("*", (c) => {
    const allowed = allowedMethods(api.routes, c.req.path.replace(/^\/api\/v1/, ""), c.req.method);
    if (allowed.length) {
      throw new ApiError("method-not-allowed", msg.methodNotAllowed({ method: c.req.method, allowed }), {
        headers: { Allow: allowed.join(", ") },
      });
    }
    throw new ApiError("not-found", msg.noEndpoint({ path: quoteInput(c.req.path) }));
  });
  return api;
}

/** Each operation's query parameters, from its zod query schema: the edge cache key keeps these, in this order. */
function queryParamsOf(api: ReturnType<typeof createRouter>): { path: string; query: readonly string[] | null }[] {
  return api.openAPIRegistry.definitions.flatMap((d) => {
    if (d.type !== "route" || d.route.method !== "get") return [];
    const query = d.route.request?.query;
    // A schema that is not a plain object (a pipe) does not list its keys: such a route is not edge-cached.
    return [{ path: d.route.path, query: query === undefined ? [] : "shape" in query ? Object.keys(query.shape) : null }];
  });
}

/** Methods that have a handler for this path (for 405 + Allow instead of a bare 404). */
function allowedMethods(routes: { method: string; path: string }[], path: string, method: string): string[] {
  const methods = new Set<string>();
  for (const r of routes) {
    if (r.method === "ALL" || r.method === method) continue;
    const pattern = new RegExp("^" + r.path.replace(/^\/api\/v1/, "").replace(/:[^/]+/g, "[^/]+") + "$");
    if (pattern.test(path)) methods.add(r.method);
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods];
}
