/// <reference types="vite/client" />
// The served description itself: the rules of Redocly's recommended set that clients depend on (stable
// operationIds, described tags, a license, a 4xx per operation), the defects of issue 13, and the copy that the
// typed client example is generated from (examples/client/openapi.json) kept equal to what is served.
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE } from "../../src/core/pagination";
import { servedDescription } from "../helpers/contract";
import { api, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import { upload } from "../helpers/uploads";
import generatedTypes from "../../examples/client/schema.d.ts?raw";

beforeAll(seedSample);

let doc: any;
beforeAll(async () => {
  doc = await servedDescription(ORIGIN);
});

const operations = () =>
  Object.entries<any>(doc.paths).flatMap(([path, item]) =>
    Object.entries<any>(item).map(([method, op]) => ({ path, method, op, where: `${method} ${path}` })),
  );

/** Client method names: changing one breaks every generated client, so they are pinned here. */
const OPERATION_IDS = {
  "get /openapi.json": "getOpenApiDescription",
  "get /docs": "getApiReference",
  "get /me": "getMe",
  "get /documents": "listDocuments",
  "get /documents/{document}": "getDocument",
  "get /documents/{document}/boardview": "getDocumentBoardview",
  "get /documents/{document}/boardview/layout": "getDocumentBoardviewLayout",
  "get /documents/{document}/download": "getDownloadLink",
  "get /boards": "listBoards",
  "get /boards/{number}": "getBoard",
  "get /boards/{number}/points/{point}": "getBoardPoint",
  "get /search": "searchSite",
  "get /forum/categories": "listCategories",
  "get /forum/threads": "listThreads",
  "get /forum/threads/{thread}": "getThread",
  "get /posts": "listPosts",
  "get /posts/{post}": "getPost",
  "get /cases": "listCases",
  "get /changes": "listChanges",
  "get /cases/{case}": "getCase",
  "get /capabilities": "getCapabilities",
  "post /uploads": "createUpload",
  "get /uploads/{externalId}": "getUpload",
};

describe("Redocly's recommended rules, as clients rely on them", () => {
  it("every operation has its stable operationId and a summary", () => {
    expect(Object.fromEntries(operations().map(({ where, op }) => [where, op.operationId]))).toEqual(OPERATION_IDS);
    for (const { where, op } of operations()) expect(op.summary, where).toBeTruthy();
  });

  it("every tag used is declared with a description, and the document has a license with a url", () => {
    const declared = new Map<string, string>(doc.tags.map((t: any) => [t.name, t.description]));
    for (const { where, op } of operations()) for (const tag of op.tags) expect(declared.get(tag), `${where}: tag ${tag}`).toBeTruthy();
    expect(doc.info.license).toMatchObject({ name: expect.any(String), url: `${ORIGIN}/llms.txt` });
  });

  it("every operation of the API declares a 4xx answer; the description endpoints only the platform's (4XX)", () => {
    for (const { where, op } of operations()) {
      const fourXx = Object.keys(op.responses).filter((s) => s.startsWith("4"));
      expect(fourXx.length, where).toBeGreaterThan(0);
      if (op.tags.includes("Meta")) expect(fourXx, where).toEqual(["4XX"]);
    }
  });
});

describe("the defects of issue 13", () => {
  it("a nullable reference is anyOf with null, so a thread without a board validates", async () => {
    expect(JSON.stringify(doc.components.schemas)).not.toMatch(/"allOf":\[\{"\$ref":"[^"]+"\},\{"type":\["object","null"\]\}\]/);
    const board = doc.components.schemas.ThreadDetail.allOf[1].properties.board;
    expect(board).toEqual({ anyOf: [{ $ref: "#/components/schemas/Board" }, { type: "null" }] });
    const { body } = await getJson(`/forum/threads/${SAMPLE_IDS.rulesThread}`); // checked against the description by the helper
    expect(body.data.board).toBeNull();
  });

  it("page has a maximum, and a number past it is too large rather than not whole", async () => {
    const page = doc.paths["/documents"].get.parameters.find((p: any) => p.name === "page");
    expect(page.schema).toMatchObject({ type: "integer", minimum: 1, maximum: MAX_PAGE });
    for (const big of [String(MAX_PAGE + 1), "9007199254740992", "1" + "0".repeat(30)]) {
      const { body } = await getJson(`/documents?page=${big}`, { status: 422, lang: "en" });
      expect(body.errors).toEqual({ page: [`must be at most ${MAX_PAGE}`] });
    }
    const { body } = await getJson("/documents?page=1.5", { status: 422, lang: "en" });
    expect(body.errors).toEqual({ page: ["must be a whole number"] });
  });

  it("every answer declares X-Request-Id (required) and its language; limited answers their RateLimit headers", () => {
    for (const { where, op } of operations()) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (status === "413" || status === "4XX") continue; // the platform's answer, not the Worker's
        expect(response.headers?.["X-Request-Id"], `${where} ${status}`).toEqual({ $ref: "#/components/headers/X-Request-Id" });
        expect(response.headers?.["Content-Language"], `${where} ${status}`).toBeDefined();
      }
      if (op.tags.includes("Meta")) continue;
      expect(Object.keys(op.responses["429"].headers), where).toEqual(
        expect.arrayContaining(["Retry-After", "RateLimit", "RateLimit-Policy", "X-RateLimit-Remaining"]),
      );
      expect(Object.keys(op.responses["200"].headers), where).toEqual(expect.arrayContaining(["RateLimit", "Cache-Control", "x-d1-bookmark"]));
    }
    expect(doc.components.headers["X-Request-Id"].required).toBe(true);
  });

  it("the problem descriptions come from the problem table, code by code", () => {
    const download = doc.paths["/documents/{document}/download"].get.responses;
    expect(download["409"].description).toContain("`not-available`");
    expect(download["429"].description).toMatch(/`rate-limited`[\s\S]*`download-cap-reached`/);
    expect(download["503"]).toBeDefined();
    expect(doc.paths["/search"].get.responses["503"].headers["Retry-After"]).toBeDefined();
    expect(doc.paths["/uploads"].post.responses["429"].description).toContain("`upload-rate-exceeded`");
  });

  it("POST /uploads: the form inline with the file part as binary, 413, and a link to the upload's status", () => {
    const op = doc.paths["/uploads"].post;
    const form = op.requestBody.content["multipart/form-data"];
    expect(form.schema.$ref).toBeUndefined();
    expect(form.schema.properties.file).toMatchObject({ type: "string", format: "binary" });
    expect(form.schema.required).toEqual(expect.arrayContaining(["external_id", "file"]));
    expect(form.encoding.file.contentType).toBe("application/octet-stream");
    expect(op.responses["413"]).toBeDefined();
    for (const status of ["200", "201"]) {
      expect(op.responses[status].links.getUpload).toEqual(
        expect.objectContaining({ operationId: "getUpload", parameters: { externalId: "$request.body#/external_id" } }),
      );
    }
    expect(op.responses["200"].headers["Idempotent-Replayed"]).toBeDefined();
  });

  it("an empty file is a declared 422 naming the file", async () => {
    const res = await upload(KEYS.aliceIngest, { external_id: "empty-file-contract" }, { filename: "empty.pdf", content: "" });
    expect(res.status).toBe(422);
    expect(Object.keys(((await res.json()) as any).errors)).toContain("file");
  });

  it("GET /openapi.json is described by the document it serves, with a 304 for a matching ETag", async () => {
    const op = doc.paths["/openapi.json"].get;
    expect(op).toMatchObject({ operationId: "getOpenApiDescription", security: [{}] });
    const first = await api("/openapi.json");
    const again = await api("/openapi.json", { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });
});

describe("the copy the typed client is generated from", () => {
  it("equals the served description (run `npm run openapi:client` after changing the API)", async () => {
    // Vitest writes the file with -u; in CI a difference fails.
    await expect(JSON.stringify(doc, null, 2) + "\n").toMatchFileSnapshot("../../examples/client/openapi.json");
  });

  it("and the client's generated types know every operation and schema of it", () => {
    for (const { op } of operations()) expect(generatedTypes, op.operationId).toContain(`    ${op.operationId}: {`);
    for (const name of Object.keys(doc.components.schemas)) expect(generatedTypes, name).toMatch(new RegExp(`^ {8}${name}: `, "m"));
  });
});
