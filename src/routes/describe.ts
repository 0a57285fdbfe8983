// The API's description of itself: GET /openapi.json and GET /docs, both operations of the description they serve,
// and the document's metadata (tags, license, security scheme, header components).
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env";
import { apiBaseUrl, openapiUrl } from "../core/urls";
import { USAGE_TEXT } from "../content/usage";
import { SERVICE_VERSION } from "../version";
import { DOCS_PAGE_CSP, docsPage } from "./docs-page";
import { registerResponseHeaders, successHeaders } from "./response-headers";

const TAGS = [
  { name: "Meta", description: "This description (OpenAPI 3.1) and its interactive reference page. No key, no limit." },
  { name: "Account", description: "The caller: the key's owner, role and the key's scopes." },
  { name: "Library", description: "The document library: documents with their versions, boards with their documents, and signed download links." },
  { name: "Forum", description: "Forum categories, threads and their replies." },
  { name: "Blog", description: "Published blog posts with their comments." },
  { name: "Repair cases", description: "Published repair cases: symptom, diagnosis, measurements, replaced components and fix." },
  { name: "Changes", description: "The change feed: what changed since a position, as upserts and deletes per caller, to keep a copy exact." },
  { name: "Search", description: "Full-text search over boards, documents (page text included), threads, posts and cases." },
  { name: "Ingestion", description: "Uploading files into the library with a key holding library:ingest: limits, uploads and their status." },
];

const INFO = {
  title: "Board Documentation Service API",
  version: SERVICE_VERSION,
  description: `Read API for a hardware-repair community: forum, blog, repair cases, boards and the document library. ${USAGE_TEXT}`,
};

const OPEN = { security: [{}] as Record<string, string[]>[], "x-required-scopes": [] as string[] };

/**
 * The only 4xx these two can give: the platform's, before the Worker runs (the Worker itself answers them
 * without a key, a limit or a parameter). Declared so a client and a linter know no other 4xx exists.
 */
const PLATFORM_4XX = {
  "4XX": {
    description:
      "Refused by the platform before this service runs (a malformed request, an address or headers too large): the platform's own answer, not a problem body",
  },
};

const describeRoute = createRoute({
  operationId: "getOpenApiDescription",
  method: "get",
  path: "/openapi.json",
  tags: ["Meta"],
  summary: "This description",
  description: "The OpenAPI 3.1 description of this API (this document). Its servers entry is the base url of the site that answered.",
  ...OPEN,
  responses: {
    200: {
      description: "The OpenAPI document",
      headers: successHeaders(true),
      content: { "application/json": { schema: z.record(z.string(), z.unknown()).openapi({ description: "An OpenAPI 3.1 document" }) } },
    },
    304: { description: "Not modified: the If-None-Match sent matches the current ETag", headers: successHeaders(true) },
    ...PLATFORM_4XX,
  },
});

const docsRoute = createRoute({
  operationId: "getApiReference",
  method: "get",
  path: "/docs",
  tags: ["Meta"],
  summary: "Interactive reference",
  description: "An HTML page that renders this description and lets a reader try each GET operation, with an optional key.",
  ...OPEN,
  responses: {
    200: { description: "The reference page", headers: successHeaders(false), content: { "text/html": { schema: z.string() } } },
    ...PLATFORM_4XX,
  },
});

export function describeApi(api: OpenAPIHono<AppEnv>): void {
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "Personal API key (bds_…). Open reads work without one; a key that is sent must be valid.",
  });
  registerResponseHeaders(api.openAPIRegistry);

  // Generated once per isolate (the routes are fixed once built); only the site's urls depend on the request.
  let description: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  api.openapi(describeRoute, (c) => {
    description ??= api.getOpenAPI31Document({ openapi: "3.1.0", info: INFO, tags: TAGS });
    const siteUrl = c.get("siteUrl");
    // No open-source license: the content is the community's, used under the usage rules of /llms.txt.
    const license = { name: "Usage rules: cite by url, credit the author, no bulk downloading", url: `${siteUrl}/llms.txt` };
    return c.json({ ...description, info: { ...description.info, license }, servers: [{ url: apiBaseUrl(siteUrl) }] }, 200);
  });
  api.openapi(docsRoute, (c) => c.html(docsPage(openapiUrl(c.get("siteUrl"))), 200, { "Content-Security-Policy": DOCS_PAGE_CSP }));
}
