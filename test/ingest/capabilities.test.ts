// GET /capabilities: the Capabilities object itself, from the one formats table and the vars.
import { createExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { BLOCKED_EXTENSIONS, FORMATS } from "../../src/content/formats";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, ORIGIN, seedSample } from "../helpers/app";
import { countRows, createUploader, envWith, makePdf, upload } from "../helpers/uploads";

vi.setConfig({ testTimeout: 30_000 });
beforeAll(seedSample);

async function capabilitiesWith(vars: Parameters<typeof envWith>[0], key: string) {
  const res = await worker.fetch(
    new Request(`${ORIGIN}/api/v1/capabilities`, { headers: { Authorization: `Bearer ${key}` } }),
    envWith(vars),
    createExecutionContext(),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

describe("GET /capabilities", () => {
  it("answers the Capabilities object (not wrapped) as the OpenAPI document describes it", async () => {
    const { body, res } = await getJson("/capabilities", { key: KEYS.bob });
    await expectMatchesOpenApi(body, "/capabilities", "get", 200);
    expect(body.data).toBeUndefined();
    expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(body).toMatchObject({ api_version: 1, default_visibility: "private", uploads_per_hour: 30, any_extension: true, can_publish: true });
    // Bob owns sample documents: their stored versions count.
    const stored = await countRows(
      "select coalesce(sum(v.size_bytes), 0) as n from document_versions v join documents d on d.id = v.document_id join users u on u.id = d.owner_id where u.username = 'bob' and d.status <> 'rejected'",
    );
    expect(stored).toBeGreaterThan(0);
    expect(body.quota).toEqual({ used_bytes: stored, limit_bytes: 5368709120 });
    expect(body.formats.map((f: any) => f.extension)).toEqual(FORMATS.map((f) => f.extension));
    expect(body.formats.find((f: any) => f.extension === "pdf")).toEqual({ extension: "pdf", type: "document", max_bytes: 100_000_000 });
    expect(body.blocked).toEqual([...BLOCKED_EXTENSIONS]);
    expect(body.blocked).toEqual(expect.arrayContaining(["exe", "bat", "cmd", "com", "scr", "msi", "ps1", "vbs", "js"]));
    expect(body.other_max_bytes).toBeGreaterThan(0);
  });

  it("can_publish follows the key's library:publish scope", async () => {
    const { body } = await getJson("/capabilities", { key: KEYS.aliceIngest });
    expect(body.can_publish).toBe(false);
  });

  it("no cap is above MAX_UPLOAD_BYTES; QUOTA_BYTES=0 means no limit; UPLOADS_PER_HOUR is passed on", async () => {
    const body = await capabilitiesWith({ MAX_UPLOAD_BYTES: "1000000", QUOTA_BYTES: "0", UPLOADS_PER_HOUR: "7" }, KEYS.bob);
    expect(Math.max(...body.formats.map((f: any) => f.max_bytes), body.other_max_bytes)).toBe(1_000_000);
    expect(body.formats.find((f: any) => f.extension === "txt").max_bytes).toBeLessThanOrEqual(1_000_000);
    expect(body.quota.limit_bytes).toBeNull();
    expect(body.uploads_per_hour).toBe(7);
  });

  it("quota.used_bytes counts the account's stored files", async () => {
    const { key } = await createUploader();
    const pdf = await makePdf(["one page"]);
    const res = await upload(key, { external_id: "used-1" }, { filename: "a.pdf", content: pdf });
    expect(res.status).toBe(201);
    await res.body?.cancel();
    expect((await getJson("/capabilities", { key })).body.quota.used_bytes).toBe(pdf.length);
  });

  it("needs a key with library:ingest", async () => {
    await expectProblem(await api("/capabilities"), 401, "unauthorized");
    const problem = await expectProblem(await api("/capabilities", { key: KEYS.aliceRead }), 403, "forbidden");
    expect(problem.required_scopes).toEqual(["library:ingest"]);
    await expectProblem(await api("/capabilities", { key: KEYS.bobExpired }), 401, "unauthorized");
  });
});

describe("the OpenAPI document", () => {
  it("describes the three ingestion operations with their scope and the upload form", async () => {
    const { body: doc } = await getJson("/openapi.json");
    for (const [path, method] of [
      ["/capabilities", "get"],
      ["/uploads", "post"],
      ["/uploads/{externalId}", "get"],
    ]) {
      expect(doc.paths[path][method]["x-required-scopes"], `${method} ${path}`).toEqual(["library:ingest"]);
    }
    const post = doc.paths["/uploads"].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["200", "201", "401", "403", "409", "410", "422", "429"]));
    // Inline, so generic clients see the form's fields and send `file` as a binary part.
    const form = post.requestBody.content["multipart/form-data"].schema;
    expect(form.required).toEqual(expect.arrayContaining(["external_id", "file"]));
    expect(form.properties.external_id).toMatchObject({ maxLength: 128, pattern: "^[A-Za-z0-9._:-]+$" });
    expect(form.properties.boards).toMatchObject({ type: "array", maxItems: 10 });
    expect(form.properties.file).toMatchObject({ type: "string", format: "binary" });
    expect(Object.keys(doc.paths["/uploads/{externalId}"].get.responses)).toEqual(expect.arrayContaining(["200", "404", "410"]));
  });
});
