import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, SAMPLE_IDS, seedSample } from "../helpers/app";

beforeAll(seedSample);

const ids = (body: { data: { id: string }[] }) => body.data.map((d) => d.id).sort();

describe("GET /documents", () => {
  it("anonymous callers see only public, available documents, newest first", async () => {
    const { body } = await getJson("/documents");
    await expectMatchesOpenApi(body, "/documents", "get", 200);
    expect(body.data.map((d: any) => d.id)).toEqual([SAMPLE_IDS.publicSchematic]);
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 1, last_page: 1 });
    expect(body.data[0]).toMatchObject({ is_owner: false, boards: ["820-00165"], extension: "pdf", downloads: 12, manufacturer: "Apple" });
  });

  it("a key sees public plus its owner's own (any status) plus shared with the owner", async () => {
    const alice = await getJson("/documents", { key: KEYS.aliceRead });
    expect(ids(alice.body)).toEqual([SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.publicSchematic].sort());
    const bob = await getJson("/documents", { key: KEYS.bob });
    expect(ids(bob.body)).toEqual([SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.publicSchematic, SAMPLE_IDS.processing, SAMPLE_IDS.takedown].sort());
    await expectMatchesOpenApi(bob.body, "/documents", "get", 200);
  });

  it("an admin's key sees no more than an ordinary member's", async () => {
    const { body } = await getJson("/documents", { key: KEYS.carolAdmin });
    expect(ids(body)).toEqual([SAMPLE_IDS.publicSchematic]);
  });

  it("mine=true lists only the key owner's uploads and needs a key", async () => {
    const { body } = await getJson("/documents?mine=true", { key: KEYS.aliceRead });
    expect(ids(body)).toEqual([SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview].sort());
    expect(body.data.every((d: any) => d.is_owner)).toBe(true);
    await expectProblem(await api("/documents?mine=true"), 401, "unauthorized");
  });

  it("filters by type, visibility and board in any spelling", async () => {
    expect(ids((await getJson("/documents?type=boardview", { key: KEYS.bob })).body)).toEqual([SAMPLE_IDS.sharedBoardview]);
    expect(ids((await getJson("/documents?visibility=shared", { key: KEYS.bob })).body)).toEqual([SAMPLE_IDS.sharedBoardview]);
    expect(ids((await getJson("/documents?visibility=private")).body)).toEqual([]);
    for (const spelling of ["NM-A311", "nma311", "nm a311"]) {
      expect(ids((await getJson(`/documents?board=${encodeURIComponent(spelling)}`, { key: KEYS.aliceRead })).body)).toEqual(
        [SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview].sort(),
      );
    }
    expect(ids((await getJson("/documents?board=no-such-board")).body)).toEqual([]);
  });

  it("pages: per_page 1, a page past the end, and invalid values", async () => {
    const first = await getJson("/documents?per_page=1&page=2", { key: KEYS.bob });
    expect(first.body.data).toHaveLength(1);
    expect(first.body.meta).toEqual({ page: 2, per_page: 1, total: 4, last_page: 4 });
    const all = await getJson("/documents?per_page=100", { key: KEYS.bob });
    expect(all.body.meta.per_page).toBe(100);
    const pages = await Promise.all(
      [1, 2, 3, 4].map(async (p) => (await getJson(`/documents?per_page=1&page=${p}`, { key: KEYS.bob })).body.data[0].id),
    );
    expect(pages).toEqual(all.body.data.map((d: any) => d.id));
    const past = await getJson("/documents?page=50", { key: KEYS.bob });
    expect(past.body).toEqual({ data: [], meta: { page: 50, per_page: 20, total: 4, last_page: 1 } });
    for (const [query, field] of [
      ["per_page=0", "per_page"],
      ["per_page=101", "per_page"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["page=1.5", "page"],
      ["page=99999999999999999999999", "page"],
      ["type=spreadsheet", "type"],
      ["visibility=secret", "visibility"],
      ["mine=maybe", "mine"],
    ]) {
      const body = await expectProblem(await api(`/documents?${query}`), 422, "validation-failed");
      expect(Object.keys(body.errors), query).toContain(field);
    }
  });
});

describe("GET /documents/{document}", () => {
  it("returns the detail with versions, sha256 and boards", async () => {
    const { body } = await getJson(`/documents/${SAMPLE_IDS.sharedBoardview}`, { key: KEYS.bob });
    await expectMatchesOpenApi(body, "/documents/{document}", "get", 200);
    expect(body.data).toMatchObject({
      id: SAMPLE_IDS.sharedBoardview,
      owner: "alice",
      visibility: "shared",
      is_owner: false,
      executable: false,
      boards: ["NM-A311"],
    });
    expect(body.data.versions.map((v: any) => [v.version, v.is_current, v.changelog])).toEqual([
      [2, true, "fixed nets"],
      [1, false, null],
    ]);
    expect(body.data.size_bytes).toBe("BRD v2".length);
    expect(body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ids match in any case; a malformed or invisible id is the same 404", async () => {
    await getJson(`/documents/${SAMPLE_IDS.publicSchematic.toLowerCase()}`);
    const hidden = await expectProblem(await api(`/documents/${SAMPLE_IDS.alicePrivate}`), 404, "not-found");
    const unknown = await expectProblem(await api(`/documents/01JM9S346Q3D25VT4F5V37E3S9`), 404, "not-found");
    const malformed = await expectProblem(await api(`/documents/not-an-id`), 404, "not-found");
    expect(hidden.detail).toBe(unknown.detail);
    expect(malformed.detail).toBe(unknown.detail);
    await expectProblem(await api(`/documents/${SAMPLE_IDS.alicePrivate}`, { key: KEYS.bob }), 404, "not-found");
    await expectProblem(await api(`/documents/${SAMPLE_IDS.alicePrivate}`, { key: KEYS.carolAdmin }), 404, "not-found");
    await getJson(`/documents/${SAMPLE_IDS.alicePrivate}`, { key: KEYS.aliceRead });
  });

  it("a document shared with a member is hidden from them until it is available: detail, list, search, download", async () => {
    const id = SAMPLE_IDS.sharedProcessing;
    await expectProblem(await api(`/documents/${id}`, { key: KEYS.bob }), 404, "not-found");
    await expectProblem(await api(`/documents/${id}/download`, { key: KEYS.bob }), 404, "not-found");
    expect(ids((await getJson("/documents?visibility=shared&per_page=100", { key: KEYS.bob })).body)).not.toContain(id);
    expect((await getJson("/search?q=zephyrcoil", { key: KEYS.bob })).body.data.documents).toEqual([]);
    // Once available, the share shows it.
    await env.DB.prepare("update documents set status = 'available' where id = ?").bind(id).run();
    try {
      expect((await getJson(`/documents/${id}`, { key: KEYS.bob })).body.data).toMatchObject({ id, visibility: "shared", is_owner: false });
      expect((await getJson("/search?q=zephyrcoil", { key: KEYS.bob })).body.data.documents.map((d: any) => d.id)).toEqual([id]);
    } finally {
      await env.DB.prepare("update documents set status = 'processing' where id = ?").bind(id).run();
    }
  });

  it("the owner sees its own document in any status; others do not", async () => {
    await getJson(`/documents/${SAMPLE_IDS.takedown}`, { key: KEYS.bob });
    await expectProblem(await api(`/documents/${SAMPLE_IDS.takedown}`), 404, "not-found");
    await expectProblem(await api(`/documents/${SAMPLE_IDS.processing}`, { key: KEYS.aliceRead }), 404, "not-found");
  });
});
