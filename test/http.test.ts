import { beforeAll, describe, expect, it } from "vitest";
import { api, expectProblem, fetchWorker, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "./helpers/app";

beforeAll(seedSample);

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const rawFetch = (path: string, init: RequestInit = {}) => fetchWorker(new Request(`${ORIGIN}${path}`, init));
const vary = (res: Response) => (res.headers.get("Vary") ?? "").split(",").map((v) => v.trim().toLowerCase());

describe("language negotiation", () => {
  const CASES: [string | undefined, "es" | "en"][] = [
    [undefined, "es"],
    ["en", "en"],
    ["es", "es"],
    ["es-AR", "es"],
    ["EN-us", "en"],
    ["fr, en;q=0.5", "en"],
    ["fr-CA, fr;q=0.9, es;q=0.2, en;q=0.1", "es"],
    ["en;q=0.3, es;q=0.8", "es"],
    ["es;q=0, en", "en"],
    ["en;q=0.5, es;q=0.5", "en"],
    ["fr", "es"],
    ["*", "es"],
    ["en;q=abc", "es"],
  ];
  for (const [header, lang] of CASES) {
    it(`Accept-Language ${JSON.stringify(header)} → ${lang}`, async () => {
      const { res, body } = await getJson("/forum/threads?per_page=1", { lang: header });
      expect(res.headers.get("Content-Language")).toBe(lang);
      expect(vary(res)).toContain("accept-language");
      expect(body.data[0].url.startsWith(`${ORIGIN}/${lang}/${lang === "en" ? "forum" : "foro"}/`)).toBe(true);
    });
  }

  it("every url field follows the language", async () => {
    const sections = { en: ["forum", "library", "boards", "repairs", "blog"], es: ["foro", "biblioteca", "placas", "reparaciones", "blog"] };
    for (const lang of ["en", "es"] as const) {
      const [thread, doc, board, repair, post] = sections[lang].map((s) => `${ORIGIN}/${lang}/${s}/`);
      expect((await getJson("/forum/threads", { lang })).body.data[0].url.startsWith(thread)).toBe(true);
      expect((await getJson("/documents", { lang })).body.data[0].url).toBe(`${doc}${SAMPLE_IDS.publicSchematic}/820-00165-schematic`);
      expect((await getJson("/boards/82000165", { lang })).body.data.url).toBe(`${board}82000165`);
      expect((await getJson("/cases", { lang })).body.data[0].url.startsWith(repair)).toBe(true);
      expect((await getJson("/posts", { lang })).body.data[0].url.startsWith(post)).toBe(true);
      const detail = (await getJson(`/forum/threads/${SAMPLE_IDS.thread}`, { lang })).body.data;
      expect(detail.board.url).toBe(`${board}82000165`);
    }
  });

  it("problems carry Content-Language and Vary too; the label is the body's language, the caller's", async () => {
    for (const lang of ["en", "es"]) {
      const res = await api("/documents/nope", { lang });
      const body = await expectProblem(res, 404, "not-found");
      expect(body.title).toBe(lang === "en" ? "Not found" : "No encontrado");
      expect(res.headers.get("Content-Language"), lang).toBe(lang);
      expect(vary(res)).toContain("accept-language");
    }
  });
});

describe("X-Request-Id", () => {
  const responses: [string, () => Promise<Response>][] = [
    ["200", () => api("/documents")],
    ["304", async () => api("/documents", { headers: { "If-None-Match": (await api("/documents")).headers.get("ETag")! } })],
    ["401", () => api("/me")],
    ["403", () => api("/me", { key: KEYS.daveInactive })],
    ["404", () => api("/documents/01JM9S346Q3D25VT4F5V37E3S9")],
    ["404 unknown route", () => api("/nothing/here")],
    ["404 outside the API", () => rawFetch("/no-such-page")],
    ["405", () => api("/documents", { method: "DELETE" })],
    ["422", () => api("/documents?page=0")],
    ["preflight", () => api("/documents", { method: "OPTIONS", headers: { Origin: "https://a.example", "Access-Control-Request-Method": "GET" } })],
    ["openapi", () => api("/openapi.json")],
    ["docs", () => api("/docs")],
  ];
  for (const [name, call] of responses) {
    it(`is on every response: ${name}`, async () => {
      const res = await call();
      expect(res.headers.get("X-Request-Id")).toMatch(ULID);
      await res.body?.cancel();
    });
  }

  it("keeps a well-formed incoming id and replaces a malformed one", async () => {
    for (const id of ["trace-1234.abc_Z", "A".repeat(128)]) {
      const res = await api("/documents/not-an-id", { headers: { "X-Request-Id": id } });
      expect(res.headers.get("X-Request-Id")).toBe(id);
      expect((await res.json<any>()).request_id).toBe(id);
    }
    for (const id of ["short", "has space in it", "A".repeat(129), "semi;colon;id", "id/with/slashes"]) {
      const res = await api("/documents", { headers: { "X-Request-Id": id } });
      expect(res.headers.get("X-Request-Id"), id).toMatch(ULID);
      await res.body?.cancel();
    }
  });

  it("two requests get two different ids", async () => {
    const [a, b] = await Promise.all([api("/forum/categories"), api("/forum/categories")]);
    expect(a.headers.get("X-Request-Id")).not.toBe(b.headers.get("X-Request-Id"));
    await Promise.all([a.body?.cancel(), b.body?.cancel()]);
  });
});

describe("ETag, 304 and Cache-Control", () => {
  it("the same body gives the same ETag; another body another", async () => {
    const a = await api("/documents");
    const b = await api("/documents");
    const en = await api("/documents", { lang: "en" });
    const [ta, tb, ten] = [a, b, en].map((r) => r.headers.get("ETag"));
    expect(ta).toMatch(/^"[0-9a-f]+"$/);
    expect(ta).toBe(tb);
    expect(ten).not.toBe(ta);
    // The same body whoever asks: carol (a key) sees what anonymous sees, so the tag is the same.
    const carol = await api("/documents", { key: KEYS.carolAdmin });
    expect(carol.headers.get("ETag")).toBe(ta);
    await Promise.all([a, b, en, carol].map((r) => r.body?.cancel()));
  });

  it("If-None-Match (strong, weak, in a list, or *) answers 304 with no body", async () => {
    const first = await api(`/forum/threads/${SAMPLE_IDS.thread}`);
    const etag = first.headers.get("ETag")!;
    await first.body?.cancel();
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await api(`/forum/threads/${SAMPLE_IDS.thread}`, { headers: { "If-None-Match": inm } });
      expect(res.status, inm).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("ETag")).toBe(etag);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
      expect(res.headers.get("Content-Type")).toBeNull();
    }
    const miss = await api(`/forum/threads/${SAMPLE_IDS.thread}`, { headers: { "If-None-Match": '"nope", W/"other"' } });
    expect(miss.status).toBe(200);
    expect((await miss.json<any>()).data.id).toBe(SAMPLE_IDS.thread);
  });

  it("anonymous answers are public for a minute; keyed ones private; errors never stored", async () => {
    const anon = await api("/posts");
    expect(anon.headers.get("Cache-Control")).toBe("public, max-age=60");
    const keyed = await api("/posts", { key: KEYS.aliceRead });
    expect(keyed.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(vary(keyed)).toEqual(expect.arrayContaining(["authorization", "accept-language"]));
    const keyed304 = await api("/posts", { key: KEYS.aliceRead, headers: { "If-None-Match": keyed.headers.get("ETag")! } });
    expect(keyed304.status).toBe(304);
    expect(keyed304.headers.get("Cache-Control")).toBe("private, no-cache");
    const problem = await api("/posts?page=0");
    expect(problem.headers.get("Cache-Control")).toBe("no-store");
    expect(problem.headers.get("ETag")).toBeNull();
    await Promise.all([anon, keyed, keyed304, problem].map((r) => r.body?.cancel()));
  });
});

describe("CORS", () => {
  it("answers a preflight for Authorization from any origin", async () => {
    const res = await api("/documents", {
      method: "OPTIONS",
      headers: {
        Origin: "https://tool.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "Authorization, Accept-Language",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const allowed = (res.headers.get("Access-Control-Allow-Headers") ?? "").toLowerCase();
    expect(allowed).toContain("authorization");
    expect(allowed).toContain("accept-language");
    expect(res.headers.get("Access-Control-Allow-Methods")).toContain("GET");
    await res.body?.cancel();
  });

  it("lets any origin read answers, errors included, and the useful headers", async () => {
    for (const [path, key] of [
      ["/documents", undefined],
      ["/me", undefined],
      ["/documents?page=0", undefined],
      ["/me", KEYS.bobRevoked],
    ] as const) {
      const res = await api(path, { key, headers: { Origin: "https://tool.example" } });
      expect(res.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
      const exposed = (res.headers.get("Access-Control-Expose-Headers") ?? "").toLowerCase();
      expect(exposed, path).toContain("x-request-id");
      expect(exposed, path).toContain("link"); // a browser client follows a list by its Link header
      await res.body?.cancel();
    }
  });
});

describe("unknown routes and wrong methods", () => {
  it("an unknown path under /api/v1 is a 404 problem, not HTML", async () => {
    for (const path of ["/nothing", "/", "/documents/01JM9S346Q3D25VT4F5V37E3S3/extra/parts", "/forum", "/DOCUMENTS"]) {
      const problem = await expectProblem(await api(path), 404, "not-found");
      expect(problem.detail, path).toContain("openapi.json");
    }
    await expectProblem(await rawFetch("/api/v1"), 404, "not-found");
    await expectProblem(await rawFetch("/api/v2/documents"), 404, "not-found");
  });

  it("a wrong method is a 405 problem with Allow", async () => {
    for (const [method, path] of [
      ["POST", "/documents"],
      ["DELETE", "/documents"],
      ["PUT", "/documents"],
      ["PATCH", "/forum/threads"],
      ["DELETE", `/documents/${SAMPLE_IDS.publicSchematic}`],
      ["POST", "/me"],
      ["POST", "/openapi.json"],
    ] as const) {
      const res = await api(path, { method });
      await expectProblem(res, 405, "method-not-allowed");
      expect(res.headers.get("Allow"), `${method} ${path}`).toBe("GET, HEAD");
    }
  });

  it("HEAD works where GET does, without a body", async () => {
    const res = await api("/documents", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("ETag")).toBeTruthy();
    expect(await res.text()).toBe("");
  });
});
