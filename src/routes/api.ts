// The JSON API under /api/v1: middleware order, every operation, the OpenAPI document and the docs page.
import { cors } from "hono/cors";
import { authenticate } from "../auth/viewer";
import { cacheHeaders } from "../http/caching";
import { ApiError, quoteInput } from "../http/problem";
import { apiBaseUrl } from "../http/urls";
import { limitHeadersMiddleware, rateLimit } from "../limits/rate-limit";
import { getBoardRoute } from "./boards/get";
import { getCaseRoute } from "./cases/get";
import { listCasesRoute } from "./cases/list";
import { createRouter } from "./define";
import { DOCS_PAGE_CSP, docsPage } from "./docs-page";
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

export const API_VERSION = "1.1.0";

/** Sub-apps mounted under /api/v1, in the order of the spec. */
const OPERATIONS = [
  getMeRoute,
  listDocumentsRoute,
  getDocumentRoute,
  downloadDocumentRoute,
  getBoardRoute,
  searchRoute,
  listCategoriesRoute,
  listThreadsRoute,
  getThreadRoute,
  listPostsRoute,
  getPostRoute,
  listCasesRoute,
  getCaseRoute,
  capabilitiesRoute,
  createUploadRoute,
  getUploadRoute,
];

export function buildApi() {
  const api = createRouter();
  api.use(
    "*",
    cors({
      origin: "*",
      allowMethods: ["GET", "POST", "OPTIONS"],
      allowHeaders: ["Authorization", "Accept-Language", "Content-Type", "If-None-Match", "X-Request-Id"],
      exposeHeaders: ["X-Request-Id", "ETag", "Retry-After", "RateLimit", "RateLimit-Policy", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Idempotent-Replayed", "Content-Language"],
      maxAge: 86400,
    }),
  );
  api.use("*", cacheHeaders);

  // Registered before authenticate: the description of the API needs no key, and a bad key does not hide it.
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "Personal API key (bds_…). Open reads work without one; a key that is sent must be valid.",
  });
  // Generated once per isolate (the routes are fixed once built); only `servers` depends on the request.
  let description: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  api.get("/openapi.json", (c) => {
    description ??= api.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Board Documentation Service API",
        version: API_VERSION,
        description: "Read API for a hardware-repair community: forum, blog, repair cases, boards and the document library. Cite what you use by its url and credit its author; bulk downloading of files is forbidden; member content may be wrong.",
      },
      tags: [{ name: "Account" }, { name: "Library" }, { name: "Forum" }, { name: "Blog" }, { name: "Repair cases" }, { name: "Search" }, { name: "Ingestion" }],
    });
    return c.json({ ...description, servers: [{ url: apiBaseUrl(c.get("siteUrl")) }] });
  });
  api.get("/docs", (c) => c.html(docsPage(`${apiBaseUrl(c.get("siteUrl"))}/openapi.json`), 200, { "Content-Security-Policy": DOCS_PAGE_CSP }));

  // Limits: headers written on the way out (errors included); a bad key costs its address (in authenticate);
  // then each call counts against its key or its address. The description above is not limited.
  api.use("*", limitHeadersMiddleware);
  api.use("*", authenticate);
  api.use("*", rateLimit);
  for (const operation of OPERATIONS) api.route("/", operation);
  api.route("/", fileRoute); // signed links, outside OpenAPI (see src/routes/files/get.ts)

  // A catch-all route, not notFound(): Hono ignores a sub-app's notFound once it is mounted.
  api.all("*", (c) => {
    const allowed = allowedMethods(api.routes, c.req.path.replace(/^\/api\/v1/, ""), c.req.method);
    if (allowed.length) {
      throw new ApiError("method-not-allowed", `${c.req.method} is not supported here; use ${allowed.join(", ")}.`, { headers: { Allow: allowed.join(", ") } });
    }
    throw new ApiError("not-found", `No endpoint at ${quoteInput(c.req.path)}. The API is described at /api/v1/openapi.json.`);
  });
  return api;
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
