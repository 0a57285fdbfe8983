// Idempotency on external_id (docs/design.md §7): replay, conflict, in-flight, concurrent first
// requests, and 410 once the document was deleted; plus GET /uploads/{externalId}.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { deleteDocument } from "../../src/ingest/delete";
import { sha256Hex } from "../../src/auth/keys";
import { normaliseMetadata, type UploadMetadata } from "../../src/ingest/upload-metadata";
import { IN_FLIGHT_TTL_MS, payloadFingerprint, samePayload } from "../../src/ingest/idempotency";
import type { UploadFields } from "../../src/schemas/ingest";
import { api, expectMatchesOpenApi, expectProblem, getJson, seedSample } from "../helpers/app";
import { countRows, createUploader, makePdf, runQueue, storedKeys, upload } from "../helpers/uploads";
import { pageRows } from "../helpers/text";
import { textShards } from "../../src/text/shards";

vi.setConfig({ testTimeout: 30_000 });
beforeAll(seedSample);

const pdfBytes = await makePdf(["Idempotent page"]);
const otherPdf = await makePdf(["Another file"]);
const pdf = (content = pdfBytes) => ({ filename: "doc.pdf", content });

describe("replay and conflict", () => {
  it("the same payload again is a 200 replay of the same document, with Idempotent-Replayed", async () => {
    const { key, userId } = await createUploader();
    const fields = { external_id: "rep-1", title: "Replay me", boards: ["820-00165"], tags: ["a"] };
    const first = await upload(key, fields, pdf());
    const created: any = await first.json();
    expect(first.status).toBe(201);
    const objects = await storedKeys();

    // Board spelled differently (same norm) and the fields after the file: still the same payload.
    const form = new FormData();
    form.append("file", new File([pdfBytes], "doc.pdf"));
    for (const [k, v] of Object.entries({ external_id: "rep-1", title: "Replay me", tags: "a", boards: "820 00165" })) form.append(k, v);
    const late = await (await import("../helpers/uploads")).postUpload(form, { key });
    for (const res of [await upload(key, fields, pdf()), late]) {
      const body: any = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.headers.get("Idempotent-Replayed")).toBe("true");
      expect(body).toEqual({ data: created.data, replayed: true });
      await expectMatchesOpenApi(body, "/uploads", "post", 200);
    }
    expect(await countRows("select count(*) as n from documents where owner_id = ?", userId)).toBe(1);
    expect(await storedKeys()).toEqual(objects);
  });

  it("a replay answers the current status after processing", async () => {
    const { key } = await createUploader();
    const created: any = await (await upload(key, { external_id: "rep-2" }, pdf())).json();
    await runQueue([{ documentId: created.data.id, version: 1 }]);
    const replay: any = await (await upload(key, { external_id: "rep-2" }, pdf())).json();
    expect(replay.data).toMatchObject({ id: created.data.id, status: "available", page_count: 1 });
  });

  it.each([
    ["another file", { external_id: "conf-1" }, otherPdf],
    ["another title", { external_id: "conf-1", title: "Changed" }, pdfBytes],
    ["another visibility", { external_id: "conf-1", visibility: "shared" }, pdfBytes],
    ["another board list", { external_id: "conf-1", boards: ["NM-A311"] }, pdfBytes],
  ])("the same id with %s is a 409 conflict", async (_name, fields, content) => {
    const { key, userId } = await createUploader();
    expect((await upload(key, { external_id: "conf-1" }, pdf())).status).toBe(201);
    const objects = await storedKeys();
    const problem = await expectProblem(await upload(key, fields, pdf(content)), 409, "conflict");
    await expectMatchesOpenApi(problem, "/uploads", "post", 409);
    expect(problem.detail).toMatch(/otro archivo u otros metadatos/);
    expect(await countRows("select count(*) as n from documents where owner_id = ?", userId)).toBe(1);
    expect(await storedKeys()).toEqual(objects);
  });

  it("external ids belong to an account: two accounts may use the same one", async () => {
    const a = await createUploader();
    const b = await createUploader();
    const ra: any = await (await upload(a.key, { external_id: "shared-id" }, pdf())).json();
    const rb: any = await (await upload(b.key, { external_id: "shared-id" }, pdf())).json();
    expect(ra.replayed).toBe(false);
    expect(rb.replayed).toBe(false);
    expect(ra.data.id).not.toBe(rb.data.id);
  });
});

describe("in flight and concurrent", () => {
  it("while the first request with an id is in flight, another gets 409 with Retry-After", async () => {
    const { key, userId } = await createUploader();
    const now = new Date().toISOString();
    await env.DB.prepare(
      "insert into uploads (user_id, external_id, fingerprint, state, created_at, updated_at) values (?, 'busy', 'claim:someone-else', 'in_flight', ?, ?)",
    )
      .bind(userId, now, now)
      .run();
    const res = await upload(key, { external_id: "busy" }, pdf());
    const problem = await expectProblem(res, 409, "conflict");
    expect(problem.detail).toMatch(/aún se está recibiendo/);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Until it is done there is nothing to show.
    await expectProblem(await api("/uploads/busy", { key }), 404, "not-found");
  });

  it("a claim left by a request that died is taken over after its time", async () => {
    const { key, userId } = await createUploader();
    const old = new Date(Date.now() - IN_FLIGHT_TTL_MS - 1000).toISOString();
    await env.DB.prepare(
      "insert into uploads (user_id, external_id, fingerprint, state, created_at, updated_at) values (?, 'stale', 'claim:dead', 'in_flight', ?, ?)",
    )
      .bind(userId, old, old)
      .run();
    const res = await upload(key, { external_id: "stale" }, pdf());
    expect(res.status).toBe(201);
    await res.body?.cancel();
    expect((await upload(key, { external_id: "stale" }, pdf())).status).toBe(200);
  });

  it("concurrent first requests with one id create exactly one document", async () => {
    const { key, userId } = await createUploader();
    const before = (await storedKeys()).length;
    const responses = await Promise.all(Array.from({ length: 5 }, () => upload(key, { external_id: "race" }, pdf())));
    const statuses = responses.map((r) => r.status).sort();
    await Promise.all(responses.map((r) => r.body?.cancel()));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
    for (const r of responses.filter((r) => r.status === 409)) expect(r.headers.get("Retry-After")).toBeTruthy();
    expect(await countRows("select count(*) as n from documents where owner_id = ?", userId)).toBe(1);
    expect(await countRows("select count(*) as n from uploads where user_id = ?", userId)).toBe(1);
    expect((await storedKeys()).length).toBe(before + 1);
    // Afterwards every repeat is a replay.
    expect((await upload(key, { external_id: "race" }, pdf())).status).toBe(200);
  });
});

describe("GET /uploads/{externalId} and deletion", () => {
  it("answers this account's upload; unknown ids, other accounts' ids and impossible ids are 404", async () => {
    const a = await createUploader();
    const b = await createUploader();
    const created: any = await (await upload(a.key, { external_id: "st-1:v2.final_x" }, pdf())).json();
    const { body } = await getJson("/uploads/st-1:v2.final_x", { key: a.key });
    await expectMatchesOpenApi(body, "/uploads/{externalId}", "get", 200);
    expect(body).toEqual({ data: created.data });
    await expectProblem(await api("/uploads/st-1:v2.final_x", { key: b.key }), 404, "not-found");
    await expectProblem(await api("/uploads/never-used", { key: a.key }), 404, "not-found");
    await expectProblem(await api(`/uploads/${"x".repeat(129)}`, { key: a.key }), 404, "not-found");
    await expectProblem(await api("/uploads/bad%20id", { key: a.key }), 404, "not-found");
    await expectProblem(await api("/uploads/st-1:v2.final_x"), 401, "unauthorized");
  });

  it("after the document is deleted, POST and GET with its id answer 410 and its files are gone", async () => {
    const { key, userId } = await createUploader();
    const created: any = await (await upload(key, { external_id: "del-1" }, pdf())).json();
    await runQueue([{ documentId: created.data.id, version: 1 }]);
    expect(await pageRows(created.data.id)).toBe(1);

    expect(await deleteDocument({ ...env, shards: textShards(env) }, created.data.id)).toBe(true);
    expect(await deleteDocument({ ...env, shards: textShards(env) }, created.data.id)).toBe(false);

    const gone = await expectProblem(await api("/uploads/del-1", { key }), 410, "gone");
    await expectMatchesOpenApi(gone, "/uploads/{externalId}", "get", 410);
    for (const content of [pdfBytes, otherPdf]) {
      const problem = await expectProblem(await upload(key, { external_id: "del-1" }, pdf(content)), 410, "gone");
      await expectMatchesOpenApi(problem, "/uploads", "post", 410);
    }
    expect(await env.FILES.head(`documents/${created.data.id}/v1`)).toBeNull();
    expect(await pageRows(created.data.id)).toBe(0);
    expect(await countRows("select count(*) as n from documents where owner_id = ?", userId)).toBe(0);
    await expectProblem(await api(`/documents/${created.data.id}`, { key }), 404, "not-found");
    // The queue may still deliver the old job: nothing to do, acknowledged.
    const { result } = await runQueue([{ documentId: created.data.id, version: 1 }]);
    expect(result.explicitAcks).toHaveLength(1);
    // The deleted document no longer counts against the quota.
    expect((await getJson("/capabilities", { key })).body.quota.used_bytes).toBe(0);
  });
});

describe("fingerprints across versions of the upload form", () => {
  const sha256 = async (bytes: Uint8Array) =>
    [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const metadataOf = (title: string) => normaliseMetadata({ external_id: "x", title } as UploadFields, "doc.pdf", "document");

  async function uploadThenStore(externalId: string, fingerprint: (fileSha: string) => Promise<string>) {
    const { key, userId } = await createUploader();
    const created: any = await (await upload(key, { external_id: externalId, title: "Versioned" }, pdf())).json();
    const stored = await fingerprint(await sha256(pdfBytes));
    await env.DB.prepare("update uploads set fingerprint = ? where user_id = ? and external_id = ?").bind(stored, userId, externalId).run();
    return { key, created };
  }

  it("an upload fingerprinted by a form without one of today's optional fields still replays at 200", async () => {
    // As a version of the service that did not know `tags` (or `chipset`) yet would have stored it.
    const { tags: _tags, chipset: _chipset, ...earlier } = metadataOf("Versioned");
    const { key, created } = await uploadThenStore("ver-1", (sha) => payloadFingerprint(sha, earlier as UploadMetadata));
    const replay = await upload(key, { external_id: "ver-1", title: "Versioned" }, pdf());
    const body: any = await replay.json();
    expect(replay.status, JSON.stringify(body)).toBe(200);
    expect(body.data.id).toBe(created.data.id);
    // The new field sent with a value is another payload.
    await expectProblem(await upload(key, { external_id: "ver-1", title: "Versioned", tags: ["new"] }, pdf()), 409, "conflict");
  });

  it("an upload fingerprinted before fingerprints had a version still replays at 200, and a change is still a 409", async () => {
    // The first recipe: every metadata key, sorted, defaults included, no version prefix.
    const legacy = async (sha: string) => {
      const m: Record<string, unknown> = { ...metadataOf("Versioned") };
      return sha256Hex(
        `${sha}\n${JSON.stringify(
          Object.keys(m)
            .sort()
            .map((k) => [k, m[k]]),
        )}`,
      );
    };
    const { key, created } = await uploadThenStore("ver-2", legacy);
    const replay: any = await (await upload(key, { external_id: "ver-2", title: "Versioned" }, pdf())).json();
    expect(replay).toMatchObject({ replayed: true, data: { id: created.data.id } });
    await expectProblem(await upload(key, { external_id: "ver-2", title: "Changed" }, pdf()), 409, "conflict");
  });

  it("an optional field added later with its default (null, empty) leaves the fingerprint unchanged", async () => {
    const sha = await sha256(pdfBytes);
    const today = metadataOf("Versioned");
    const stored = await payloadFingerprint(sha, today);
    const withNewField = (value: unknown) => ({ ...today, licence: value }) as UploadMetadata;
    expect(await samePayload(stored, sha, withNewField(null))).toBe(true);
    expect(await samePayload(stored, sha, withNewField([]))).toBe(true);
    expect(await samePayload(stored, sha, withNewField("cc-by-4.0"))).toBe(false);
    expect(await samePayload(stored, sha, { ...today, title: "Other" })).toBe(false);
    expect(await samePayload("v9:unknown", sha, today)).toBe(false);
  });
});
