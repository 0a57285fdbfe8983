// Download links and the signed file route, end to end through the Worker with real D1 and R2.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "../../src/auth/keys";
import { api, expectMatchesOpenApi, expectProblem, fetchWorker, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";

beforeAll(seedSample);

const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

async function issueLink(id: string, key: string): Promise<{ url: string; expires_at: string }> {
  const { body } = await getJson(`/documents/${id}/download`, { key });
  return body.data;
}

function fetchFile(url: string, init: { headers?: Record<string, string>; method?: string } = {}): Promise<Response> {
  return fetchWorker(new Request(url, { method: init.method ?? "GET", headers: init.headers }));
}

/** The same link with one query or path part changed. */
function altered(url: string, change: (u: URL) => void): string {
  const u = new URL(url);
  change(u);
  return u.toString();
}

async function downloadsOf(id: string, key: string): Promise<number> {
  return (await getJson(`/documents/${id}`, { key })).body.data.downloads;
}

describe("GET /documents/{document}/download", () => {
  it("needs a key", async () => {
    await expectProblem(await api(`/documents/${SAMPLE_IDS.publicSchematic}/download`), 401, "unauthorized");
  });

  it("a document the caller cannot see is 404, like an unknown or malformed id", async () => {
    await expectProblem(await api(`/documents/${SAMPLE_IDS.alicePrivate}/download`, { key: KEYS.bob }), 404, "not-found");
    await expectProblem(await api(`/documents/${SAMPLE_IDS.takedown}/download`, { key: KEYS.aliceRead }), 404, "not-found");
    await expectProblem(await api(`/documents/01JM9S346Q3D25VT4F5V37E3S9/download`, { key: KEYS.bob }), 404, "not-found");
    await expectProblem(await api(`/documents/nope/download`, { key: KEYS.bob }), 404, "not-found");
  });

  it("a visible document that is processing or taken down is 409 not-available, and not counted", async () => {
    for (const id of [SAMPLE_IDS.processing, SAMPLE_IDS.takedown]) {
      const before = await downloadsOf(id, KEYS.bob);
      const body = await expectProblem(await api(`/documents/${id}/download`, { key: KEYS.bob }), 409, "not-available");
      expect(body.detail).toMatch(/processing|takedown/);
      expect(await downloadsOf(id, KEYS.bob)).toBe(before);
    }
  });

  it("issues a signed link to the current version that expires when expires_at says, and counts one download", async () => {
    const before = await downloadsOf(SAMPLE_IDS.sharedBoardview, KEYS.bob);
    const res = await api(`/documents/${SAMPLE_IDS.sharedBoardview}/download`, { key: KEYS.bob });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body: any = await res.json();
    await expectMatchesOpenApi(body, "/documents/{document}/download", "get", 200);
    const { url, expires_at } = body.data;
    const m = url.match(/^(.+)\/files\/([0-9A-Z]{26})\/(\d+)\?expires=(\d+)&signature=([0-9a-f]{64})$/);
    expect(m, url).not.toBeNull();
    expect(m[1]).toBe(`${ORIGIN}/api/v1`);
    expect(m[2]).toBe(SAMPLE_IDS.sharedBoardview);
    expect(m[3]).toBe("2"); // the current version
    expect(Number(m[4])).toBe(NOW / 1000 + 300);
    expect(expires_at).toBe(new Date(Number(m[4]) * 1000).toISOString());
    expect(await downloadsOf(SAMPLE_IDS.sharedBoardview, KEYS.bob)).toBe(before + 1);
    // Fetching the file is not another download: the count is per issued link.
    await (await fetchFile(url)).arrayBuffer();
    expect(await downloadsOf(SAMPLE_IDS.sharedBoardview, KEYS.bob)).toBe(before + 1);
  });
});

describe("GET /documents/{document}/download: method and description", () => {
  it("HEAD issues nothing and counts nothing (405 with Allow: GET)", async () => {
    const before = await downloadsOf(SAMPLE_IDS.publicSchematic, KEYS.bob);
    const res = await api(`/documents/${SAMPLE_IDS.publicSchematic}/download`, { key: KEYS.bob, method: "HEAD" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
    await res.arrayBuffer();
    expect(await downloadsOf(SAMPLE_IDS.publicSchematic, KEYS.bob)).toBe(before);
  });

  it("the OpenAPI document lists the operation with its errors and the limit headers of a 429; not the file route", async () => {
    const doc: any = await (await api("/openapi.json")).json();
    const op = doc.paths["/documents/{document}/download"].get;
    expect(op["x-required-scopes"]).toEqual(["api:read"]);
    // 405 for HEAD (no link without a counted download), 503 while no signing key is configured; never a 304.
    expect(Object.keys(op.responses).sort()).toEqual(["200", "401", "403", "404", "405", "409", "429", "500", "503"]);
    expect(Object.keys(op.responses["429"].headers)).toEqual(
      expect.arrayContaining(["Retry-After", "RateLimit", "RateLimit-Policy", "X-RateLimit-Reset"]),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith("/files"))).toBe(false);
  });
});

describe("GET /files/{id}/{version} (signed)", () => {
  it("streams the exact bytes of the document as an attachment, without a key", async () => {
    const detail = (await getJson(`/documents/${SAMPLE_IDS.publicSchematic}`)).body.data;
    const { url } = await issueLink(SAMPLE_IDS.publicSchematic, KEYS.carolAdmin);
    const res = await fetchFile(url);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(await sha256Hex(bytes)).toBe(detail.sha256);
    expect(bytes.length).toBe(detail.size_bytes);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(res.headers.get("ETag")).toBe(`"${detail.sha256}"`);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="820-00165.pdf"; filename*=UTF-8''820-00165.pdf`);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("HEAD answers the headers without a body", async () => {
    const { url } = await issueLink(SAMPLE_IDS.publicSchematic, KEYS.bob);
    const res = await fetchFile(url, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect(res.headers.get("Content-Length")).toMatch(/^[1-9]\d*$/);
    expect(res.headers.get("ETag")).toMatch(/^"[0-9a-f]{64}"$/);
  });

  it("Range: an exact slice (206), suffix and open ranges, 416 past the end, several ranges get the whole file", async () => {
    const { url } = await issueLink(SAMPLE_IDS.publicSchematic, KEYS.bob);
    const full = new Uint8Array(await (await fetchFile(url)).arrayBuffer());
    const size = full.length;
    const cases: [string, number, number][] = [
      ["bytes=10-19", 10, 19],
      ["bytes=-5", size - 5, size - 1],
      [`bytes=${size - 3}-`, size - 3, size - 1],
      [`bytes=0-${size + 100}`, 0, size - 1],
      [`bytes=-${size * 2}`, 0, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetchFile(url, { headers: { Range: range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get("Content-Range"), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get("Content-Length"), range).toBe(String(end - start + 1));
      expect(new Uint8Array(await res.arrayBuffer()), range).toEqual(full.slice(start, end + 1));
    }
    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 9}`, "bytes=-0"]) {
      const res = await fetchFile(url, { headers: { Range: range } });
      await expectProblem(res, 416, "range-not-satisfiable");
      expect(res.headers.get("Content-Range"), range).toBe(`bytes */${size}`);
    }
    for (const range of ["bytes=0-1,5-6", "bytes=9-3", "items=0-5", "bytes=abc"]) {
      const res = await fetchFile(url, { headers: { Range: range } });
      expect(res.status, range).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(full);
    }
    // If-Range with another validator: the file may have changed, so the whole of it.
    const stale = await fetchFile(url, { headers: { Range: "bytes=0-1", "If-Range": '"other"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("If-None-Match with the ETag (strong or weak) is 304 without a body", async () => {
    const { url } = await issueLink(SAMPLE_IDS.publicSchematic, KEYS.bob);
    const first = await fetchFile(url);
    await first.arrayBuffer();
    const etag = first.headers.get("ETag")!;
    for (const tag of [etag, `W/${etag}`, `"x", ${etag}`]) {
      const res = await fetchFile(url, { headers: { "If-None-Match": tag } });
      expect(res.status, tag).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("ETag")).toBe(etag);
    }
    const changed = await fetchFile(url, { headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });

  it("a tampered signature, another id, another version, a changed expiry or a missing part is 403", async () => {
    const { url } = await issueLink(SAMPLE_IDS.sharedBoardview, KEYS.aliceRead); // version 2
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith("0") ? "1" : "0");
    const variants = {
      tampered: altered(url, (u) => u.searchParams.set("signature", flip(u.searchParams.get("signature")!))),
      otherId: url.replace(SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.publicSchematic),
      otherVersion: url.replace(`/${SAMPLE_IDS.sharedBoardview}/2?`, `/${SAMPLE_IDS.sharedBoardview}/1?`),
      lowerCaseId: url.replace(SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.sharedBoardview.toLowerCase()),
      longerLife: altered(url, (u) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 3600))),
      noSignature: altered(url, (u) => u.searchParams.delete("signature")),
      noExpiry: altered(url, (u) => u.searchParams.delete("expires")),
      shortSignature: altered(url, (u) => u.searchParams.set("signature", "abcd")),
      versionZero: url.replace(`/${SAMPLE_IDS.sharedBoardview}/2?`, `/${SAMPLE_IDS.sharedBoardview}/0?`),
    };
    for (const [name, bad] of Object.entries(variants)) {
      const body = await expectProblem(await fetchFile(bad), 403, "forbidden");
      expect(body.detail, name).toMatch(/firma no coincide/);
    }
    const ok = await fetchFile(url);
    expect(ok.status).toBe(200);
    expect(new TextDecoder().decode(await ok.arrayBuffer())).toBe("BRD v2");
  });

  it("an expired link is 403, a moment before it is not", async () => {
    const { url, expires_at } = await issueLink(SAMPLE_IDS.publicSchematic, KEYS.bob);
    vi.setSystemTime(Date.parse(expires_at) - 1000);
    const still = await fetchFile(url);
    expect(still.status).toBe(200);
    await still.arrayBuffer();
    vi.setSystemTime(Date.parse(expires_at));
    const body = await expectProblem(await fetchFile(url), 403, "forbidden");
    expect(body.detail).toMatch(/caducó/);
  });

  it("a file removed after the link was issued is 410 gone", async () => {
    const { url } = await issueLink(SAMPLE_IDS.sharedBoardview, KEYS.aliceRead);
    const older = (await issueLink(SAMPLE_IDS.alicePrivate, KEYS.aliceRead)).url;
    await env.DB.prepare("update documents set status = 'removed' where id = ?").bind(SAMPLE_IDS.sharedBoardview).run();
    await expectProblem(await fetchFile(url), 410, "gone");
    const head = await fetchFile(url, { method: "HEAD" });
    expect(head.status).toBe(410);
    await head.arrayBuffer();
    await env.DB.prepare("delete from documents where id = ?").bind(SAMPLE_IDS.alicePrivate).run();
    await expectProblem(await fetchFile(older), 410, "gone");
  });

  it("names the attachment safely whatever the stored filename holds", async () => {
    await env.DB.prepare("update document_versions set filename = ? where document_id = ?")
      .bind('Esquemático "final" 100%.pdf', SAMPLE_IDS.publicSchematic)
      .run();
    const { url } = await issueLink(SAMPLE_IDS.publicSchematic, KEYS.bob);
    const res = await fetchFile(url);
    await res.arrayBuffer();
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Esquematico _final_ 100_.pdf"; filename*=UTF-8''Esquem%C3%A1tico%20%22final%22%20100%25.pdf`,
    );
  });

  it("a stored JSON file keeps the file's own ETag and caching", async () => {
    await env.DB.prepare("update document_versions set content_type = 'application/json' where document_id = ?")
      .bind(SAMPLE_IDS.publicSchematic)
      .run();
    const detail = (await getJson(`/documents/${SAMPLE_IDS.publicSchematic}`)).body.data;
    const res = await fetchFile((await issueLink(SAMPLE_IDS.publicSchematic, KEYS.bob)).url);
    await res.arrayBuffer();
    expect(res.headers.get("Content-Type")).toBe("application/json");
    expect(res.headers.get("ETag")).toBe(`"${detail.sha256}"`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("a key sent to the file route must still be valid", async () => {
    const { url } = await issueLink(SAMPLE_IDS.publicSchematic, KEYS.bob);
    await expectProblem(await fetchFile(url, { headers: { Authorization: `Bearer ${KEYS.bobRevoked}` } }), 401, "unauthorized");
    const withKey = await fetchFile(url, { headers: { Authorization: `Bearer ${KEYS.bob}` } });
    expect(withKey.status).toBe(200);
    await withKey.arrayBuffer();
  });
});
