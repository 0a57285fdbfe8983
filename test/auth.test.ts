import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, seedSample } from "./helpers/app";

beforeAll(seedSample);
afterEach(() => vi.useRealTimers());

const OPEN_READS = [
  "/documents",
  "/documents/01JM9S346Q3D25VT4F5V37E3S3",
  "/boards/820-00165",
  "/forum/categories",
  "/forum/threads",
  "/forum/threads/01JBGJ09TQM83XSSSS6YS3C4DW",
  "/posts",
  "/cases",
];

type Expect = { open: number; me: number; code?: string };
const MATRIX: [string, Record<string, string> | undefined, Expect][] = [
  ["anonymous", undefined, { open: 200, me: 401 }],
  ["alice, api:read", { Authorization: `Bearer ${KEYS.aliceRead}` }, { open: 200, me: 200 }],
  ["alice, library:ingest only", { Authorization: `Bearer ${KEYS.aliceIngest}` }, { open: 403, me: 403, code: "forbidden" }],
  ["bob", { Authorization: `Bearer ${KEYS.bob}` }, { open: 200, me: 200 }],
  ["bob, expired", { Authorization: `Bearer ${KEYS.bobExpired}` }, { open: 401, me: 401, code: "unauthorized" }],
  ["bob, revoked", { Authorization: `Bearer ${KEYS.bobRevoked}` }, { open: 401, me: 401, code: "unauthorized" }],
  ["carol, admin", { Authorization: `Bearer ${KEYS.carolAdmin}` }, { open: 200, me: 200 }],
  ["dave, inactive", { Authorization: `Bearer ${KEYS.daveInactive}` }, { open: 403, me: 403, code: "forbidden" }],
  ["unknown key", { Authorization: "Bearer bds_nobodyHasThisKey000000000000000" }, { open: 401, me: 401, code: "unauthorized" }],
  ["garbage token", { Authorization: "Bearer !!not a key!!" }, { open: 401, me: 401, code: "unauthorized" }],
  ["Basic scheme", { Authorization: "Basic YWxpY2U6cHc=" }, { open: 401, me: 401, code: "unauthorized" }],
  ["Bearer alone", { Authorization: "Bearer" }, { open: 401, me: 401, code: "unauthorized" }],
  ["Bearer and spaces", { Authorization: "Bearer    " }, { open: 401, me: 401, code: "unauthorized" }],
  ["two tokens", { Authorization: `Bearer ${KEYS.aliceRead} ${KEYS.bob}` }, { open: 401, me: 401, code: "unauthorized" }],
  // An empty header carries no key at all: the caller is anonymous (decision; the spec is silent).
  ["empty header", { Authorization: "" }, { open: 200, me: 401 }],
  ["key without scheme", { Authorization: KEYS.aliceRead }, { open: 401, me: 401, code: "unauthorized" }],
];

describe("the key matrix", () => {
  for (const [who, headers, expected] of MATRIX) {
    it(`${who}: open reads ${expected.open}, /me ${expected.me}`, async () => {
      for (const path of [...OPEN_READS, "/me"]) {
        const status = path === "/me" ? expected.me : expected.open;
        const res = await api(path, { headers });
        if (status === 200) {
          expect(res.status, path).toBe(200);
          await res.body?.cancel();
          continue;
        }
        const code = expected.code ?? "unauthorized";
        const problem = await expectProblem(res, status, code);
        if (status === 403) expect(problem.required_scopes, path).toEqual(["api:read"]);
        else expect(problem.required_scopes, path).toBeUndefined();
        if (status === 401) expect(res.headers.get("WWW-Authenticate"), path).toMatch(/^Bearer /);
      }
    });
  }

  it("a refused key is refused before the query is validated", async () => {
    await expectProblem(await api("/documents?per_page=0", { key: KEYS.bobRevoked }), 401, "unauthorized");
    await expectProblem(await api("/documents?per_page=0", { key: KEYS.daveInactive }), 403, "forbidden");
    await expectProblem(await api("/documents?per_page=0", { key: KEYS.aliceRead }), 422, "validation-failed");
  });

  it("the scheme is case-insensitive", async () => {
    const res = await api("/me", { headers: { Authorization: `bearer ${KEYS.aliceRead}` } });
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });

  it("the OpenAPI document and docs page stay readable whatever key is sent", async () => {
    for (const path of ["/openapi.json", "/docs"]) {
      const res = await api(path, { key: KEYS.bobRevoked });
      expect(res.status, path).toBe(200);
      await res.body?.cancel();
    }
  });
});

describe("expiry follows the clock", () => {
  it("a key works until its expires_at and is refused after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2019-12-31T23:59:59Z"));
    await getJson("/me", { key: KEYS.bobExpired });
    vi.setSystemTime(new Date("2020-01-01T00:00:01Z"));
    await expectProblem(await api("/me", { key: KEYS.bobExpired }), 401, "unauthorized");
    vi.setSystemTime(new Date("2099-01-01T00:00:01Z"));
    await expectProblem(await api("/forum/categories", { key: KEYS.aliceIngest }), 401, "unauthorized");
  });
});

describe("GET /me", () => {
  it("describes the key's owner and the key, never its secret", async () => {
    const { res, body } = await getJson("/me", { key: KEYS.aliceRead });
    await expectMatchesOpenApi(body, "/me", "get", 200);
    expect(body).toEqual({
      data: { username: "alice", name: "Alice Moreno", role: "user", locale: "es", key: { name: "laptop", scopes: ["api:read"], expires_at: null } },
    });
    expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
    const bob = await getJson("/me", { key: KEYS.bob });
    expect(bob.body.data).toMatchObject({
      username: "bob",
      role: "verified_technician",
      locale: "en",
      key: { name: "cli", scopes: ["api:read", "library:ingest", "library:publish"] },
    });
    const carol = await getJson("/me", { key: KEYS.carolAdmin });
    expect(carol.body.data.role).toBe("admin");
    const text = JSON.stringify([body, bob.body, carol.body]);
    expect(text).not.toContain("bds_");
  });

  it("without a key is 401 with a Bearer challenge", async () => {
    const res = await api("/me");
    await expectProblem(res, 401, "unauthorized");
    expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer /);
  });
});

describe("an admin's key sees no more than an ordinary member's", () => {
  it("carol (admin, owns nothing) sees exactly what an anonymous visitor sees", async () => {
    for (const path of [
      ...OPEN_READS,
      "/boards/NM-A311",
      "/documents?visibility=private",
      "/documents?visibility=shared",
      "/documents/01JE28JT97KB6CQ643DZVMXXQK",
    ]) {
      const anonymous = await api(path);
      const admin = await api(path, { key: KEYS.carolAdmin });
      expect(admin.status, path).toBe(anonymous.status);
      const [a, b] = [await anonymous.json<any>(), await admin.json<any>()];
      if (anonymous.status === 200) expect(b, path).toEqual(a);
    }
  });
});
