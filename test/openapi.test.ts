/// <reference types="vite/client" />
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectMatchesOpenApi, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "./helpers/app";

beforeAll(seedSample);

const SCOPES = ["api:read", "library:ingest", "library:publish"];
const LIST_OPERATIONS = ["/documents", "/forum/threads", "/posts", "/cases"];
const SAMPLE_PATH_VALUES: Record<string, string> = {
  "{document}": SAMPLE_IDS.publicSchematic,
  "{thread}": SAMPLE_IDS.thread,
  "{number}": "820-00165",
};

let doc: any;
beforeAll(async () => {
  const { res, body } = await getJson("/openapi.json");
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  doc = body;
});

function operations(): { path: string; method: string; op: any }[] {
  return Object.entries(doc.paths).flatMap(([path, item]: [string, any]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
}

/** The operations of the spec's endpoints (the description and its reference page are open to all, unlimited). */
const apiOperations = () => operations().filter(({ op }) => !op.tags.includes("Meta"));

/** Spec §4 (paths relative to the base url). */
const SPEC_PATHS = [
  "/openapi.json",
  "/me",
  "/documents",
  "/documents/{document}",
  "/documents/{document}/download",
  "/boards/{number}",
  "/forum/categories",
  "/forum/threads",
  "/forum/threads/{thread}",
  "/posts",
  "/posts/{post}",
  "/cases",
  "/cases/{case}",
];
/** Spec §5.7: a key is required for /me, download links, /capabilities and the upload endpoints. */
const KEY_REQUIRED_PATHS = ["/me", "/documents/{document}/download", "/capabilities", "/uploads", "/uploads/{externalId}"];

describe("the served OpenAPI document", () => {
  it("is OpenAPI 3.1 at version 1.1.0 with a bearer scheme and this site's server", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe("1.1.0");
    expect(doc.info.title).toBeTruthy();
    const schemes = Object.values(doc.components.securitySchemes) as any[];
    expect(schemes).toContainEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
    expect(doc.servers[0].url).toBe(`${ORIGIN}/api/v1`);
  });

  it("describes every endpoint of the spec", () => {
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(SPEC_PATHS));
  });

  it("gives every operation its scopes, security and problem responses", () => {
    const schemeName = Object.keys(doc.components.securitySchemes)[0];
    for (const { path, method, op } of apiOperations()) {
      const where = `${method} ${path}`;
      expect(Array.isArray(op["x-required-scopes"]), where).toBe(true);
      expect(op["x-required-scopes"].length, where).toBeGreaterThan(0);
      for (const scope of op["x-required-scopes"]) expect(SCOPES, where).toContain(scope);
      const open = op.security.some((s: object) => Object.keys(s).length === 0);
      expect(op.security, where).toContainEqual({ [schemeName]: [] });
      expect(open, where).toBe(!KEY_REQUIRED_PATHS.includes(path));
      for (const status of ["401", "403", "429"]) {
        expect(op.responses[status]?.content?.["application/problem+json"]?.schema, `${where} ${status}`).toEqual({
          $ref: "#/components/schemas/Problem",
        });
      }
      expect(op.responses["200"].content["application/json"].schema, where).toBeDefined();
      if (path.includes("{")) expect(op.responses["404"], `${where} 404`).toBeDefined();
      if (LIST_OPERATIONS.includes(path)) expect(op.responses["422"], `${where} 422`).toBeDefined();
      // Whatever validates query parameters can answer 422, and must say so.
      if ((op.parameters ?? []).some((p: any) => p.in === "query")) expect(op.responses["422"], `${where} 422`).toBeDefined();
    }
  });

  it("documents the list parameters with their limits and the id pattern", () => {
    const params = Object.fromEntries(doc.paths["/documents"].get.parameters.map((p: any) => [p.name, p]));
    expect(Object.keys(params).sort()).toEqual(["board", "cursor", "mine", "page", "per_page", "type", "visibility"]);
    expect(params.per_page.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(params.page.schema).toMatchObject({ type: "integer", minimum: 1 });
    // The cursor is an opaque string; its 200 declares the Link header that carries the next one.
    expect(params.cursor.schema).toMatchObject({ type: "string" });
    expect(doc.paths["/documents"].get.responses["200"].headers.Link).toEqual({ $ref: "#/components/headers/Link" });
    const id = doc.paths["/documents/{document}"].get.parameters[0];
    expect(id).toMatchObject({ in: "path", required: true });
    expect(new RegExp(id.schema.pattern).test(SAMPLE_IDS.publicSchematic)).toBe(true);
    expect(new RegExp(id.schema.pattern).test("not-an-id")).toBe(false);
    expect(doc.paths["/cases"].get.parameters.map((p: any) => p.name).sort()).toEqual(["board", "cursor", "outcome", "page", "per_page"]);
    expect(doc.paths["/posts"].get.parameters.map((p: any) => p.name).sort()).toEqual(["author", "cursor", "page", "per_page", "tag"]);
    expect(doc.paths["/forum/threads"].get.parameters.map((p: any) => p.name).sort()).toEqual(["category", "cursor", "page", "per_page"]);
    expect(doc.paths["/forum/threads/{thread}"].get.parameters.map((p: any) => p.name).sort()).toEqual(["cursor", "page", "thread"]);
  });

  it("has the Problem schema, and every $ref resolves", () => {
    const problem = doc.components.schemas.Problem;
    expect(problem.required).toEqual(expect.arrayContaining(["type", "title", "status", "detail"]));
    expect(Object.keys(problem.properties)).toEqual(expect.arrayContaining(["request_id", "errors", "required_scopes", "message"]));
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(10);
    for (const name of new Set(refs)) expect(doc.components.schemas[name], name).toBeDefined();
  });

  it("every documented operation is served", async () => {
    for (const { path, method } of operations()) {
      const concrete = path.replace(/\{[^}]+\}/g, (p) => SAMPLE_PATH_VALUES[p] ?? "01K0000000000000000000000Z");
      const res = await api(concrete, { method: method.toUpperCase(), key: KEYS.aliceRead });
      // Whatever the answer (200, 403 for a scope this key lacks, 422 for an empty upload…), a route answered it.
      expect(res.status, `${method} ${concrete}`).not.toBe(405);
      expect(res.status, `${method} ${concrete}`).toBeLessThan(500);
      if (res.status === 404) expect(((await res.json()) as any).detail, concrete).not.toMatch(/No endpoint/);
    }
  });

  it("problem bodies match the documented Problem schema", async () => {
    const cases: [string, string, number, string | undefined][] = [
      ["/documents?per_page=0", "/documents", 422, undefined],
      ["/documents/nope", "/documents/{document}", 404, undefined],
      ["/me", "/me", 401, undefined],
      ["/me", "/me", 403, KEYS.daveInactive],
    ];
    for (const [url, path, status, key] of cases) {
      const res = await api(url, { key });
      expect(res.status).toBe(status);
      await expectMatchesOpenApi(await res.json(), path, "get", status);
    }
  });
});

describe("GET /docs", () => {
  it("is an HTML page that loads this API's openapi.json, with nothing from third parties", async () => {
    const res = await api("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`${ORIGIN}/api/v1/openapi.json`);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).not.toMatch(/<script[^>]+src="(https?:)?\/\//i);
    expect(html).not.toMatch(/<link[^>]+href="(https?:)?\/\//i);
  });

  it("runs under a Content-Security-Policy without inline script, from files the Worker's assets hold", async () => {
    const res = await api("/docs");
    const html = await res.text();
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain("unsafe-");
    expect(html, "no inline script").not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    // Static assets (wrangler.toml [assets] = public/); vendor/ is copied from swagger-ui-dist at install.
    const assets = Object.keys(import.meta.glob("../public/**/*")).map((f) => f.replace("../public", ""));
    const loaded = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]);
    expect(loaded.length).toBeGreaterThanOrEqual(4);
    for (const path of loaded) expect(assets, path).toContain(path);
  });
});
