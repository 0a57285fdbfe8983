// The edge cache (src/http/cache/edge-cache.ts) as production runs it: this file's settings keep anonymous answers a few
// seconds (EDGE_CACHE_TTL_SECONDS, long enough for a loaded machine to read an answer again within it) and limit each address and key to 20 calls a minute. Every test uses its own
// client address, so each starts with a full limit.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { edgeCacheKey } from "../../src/http/cache/edge-cache";
import { api, expectProblem, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import { callWorker, EDGE_CACHE_ON, useSettings } from "../helpers/settings";

const settings = useSettings(EDGE_CACHE_ON);
beforeAll(seedSample);

let lastAddress = 0;
/** A client address no other test has used. */
const newAddress = () => `203.0.113.${++lastAddress}`;

function anon(path: string, address: string, headers: Record<string, string> = {}): Promise<Response> {
  return api(path, { headers: { "CF-Connecting-IP": address, ...headers } });
}

function page(path: string, address: string, headers: Record<string, string> = {}): Promise<Response> {
  return callWorker(new Request(`${ORIGIN}${path}`, { headers: { "CF-Connecting-IP": address, ...headers } }));
}

const ids = (body: { data: { id: string }[] }) => body.data.map((d) => d.id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long this file's edge cache keeps an answer (test/helpers/settings.ts). */
const LIFETIME_MS = Number(settings.EDGE_CACHE_TTL_SECONDS) * 1000;

describe("cached anonymous answers stay each their own", () => {
  it("repeated reads carry distinct request ids, are each counted, and share one ETag; If-None-Match still gives 304", async () => {
    const address = newAddress();
    const answers: Response[] = [];
    for (let i = 0; i < 3; i++) answers.push(await anon("/cases", address));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.headers.get("X-Edge-Cache"))).toEqual(["miss", "hit", "hit"]);
    expect(new Set(bodies).size).toBe(1);
    expect(new Set(answers.map((r) => r.headers.get("X-Request-Id"))).size).toBe(3);
    expect(answers.map((r) => r.headers.get("X-RateLimit-Remaining"))).toEqual(["19", "18", "17"]);
    expect(answers.map((r) => r.headers.get("RateLimit"))).toEqual(['"anonymous";r=19;t=60', '"anonymous";r=18;t=60', '"anonymous";r=17;t=60']);
    expect(new Set(answers.map((r) => r.headers.get("ETag"))).size).toBe(1);
    for (const r of answers) expect(r.headers.get("Cache-Control")).toBe("public, max-age=60");

    const notModified = await anon("/cases", address, { "If-None-Match": answers[0].headers.get("ETag")! });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("X-Edge-Cache")).toBe("hit");
    expect(notModified.headers.get("X-RateLimit-Remaining")).toBe("16");
    expect(notModified.headers.get("X-Request-Id")).not.toBe(answers[2].headers.get("X-Request-Id"));
  });

  it("an answer kept in the isolate's memory is sent whole to every reader, with CORS and without the cache's bookkeeping", async () => {
    const address = newAddress();
    const reads: Response[] = [];
    // A path no other test of this file reads, so its first read is a miss whatever ran before.
    const path = `/forum/threads/${SAMPLE_IDS.thread}`;
    for (let i = 0; i < 5; i++) reads.push(await anon(path, address, { Origin: "https://tool.example" }));
    const bodies = await Promise.all(reads.map((r) => r.text()));
    expect(reads.map((r) => r.headers.get("X-Edge-Cache"))).toEqual(["miss", "hit", "hit", "hit", "hit"]);
    expect(bodies[0].length).toBeGreaterThan(100);
    for (const body of bodies) expect(body).toBe(bodies[0]);
    for (const r of reads) {
      expect(r.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(r.headers.get("Access-Control-Expose-Headers")).toContain("ETag");
      expect(r.headers.get("Cache-Control")).toBe("public, max-age=60");
      expect(r.headers.get("Content-Type")).toMatch(/^application\/json/);
      for (const internal of ["X-Edge-Lang", "X-Edge-Cache-Control", "X-Edge-Stored-At"]) expect(r.headers.has(internal), internal).toBe(false);
    }
    const current = await anon(path, address, { "If-None-Match": `W/${reads[0].headers.get("ETag")}` });
    expect(current.status).toBe(304);
    expect(current.headers.get("X-Edge-Cache")).toBe("hit");
    expect(current.headers.has("Content-Type")).toBe(false);
    expect(current.headers.get("ETag")).toBe(reads[0].headers.get("ETag"));
    expect(current.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("the Spanish and English answers of one address never bleed into each other", async () => {
    const address = newAddress();
    for (let round = 0; round < 2; round++) {
      for (const [lang, section] of [
        ["es", "/es/biblioteca/"],
        ["en", "/en/library/"],
      ] as const) {
        const res = await anon("/documents", address, { "Accept-Language": lang });
        const body: any = await res.json();
        expect(res.headers.get("X-Edge-Cache")).toBe(round === 0 ? "miss" : "hit");
        expect(res.headers.get("Content-Language")).toBe(lang);
        expect(body.data[0].url).toContain(section);
      }
    }
  });

  it("a site page keeps the language of its address when served from the cache", async () => {
    const address = newAddress();
    for (const expected of ["miss", "hit"]) {
      const res = await page("/en/forum", address, { "Accept-Language": "es" });
      expect(res.status).toBe(200);
      expect(res.headers.get("X-Edge-Cache")).toBe(expected);
      expect(res.headers.get("Content-Language")).toBe("en");
      expect(await res.text()).toContain('lang="en"');
    }
  });
});

describe("what is never shared", () => {
  it("a keyed answer is never served to an anonymous reader, nor an anonymous one to a key", async () => {
    const address = newAddress();
    // Keyed first on a fresh key of the cache, then anonymous on the same url, then keyed again.
    const keyed = await getJson("/documents?per_page=50", { key: KEYS.aliceRead, headers: { "CF-Connecting-IP": address } });
    expect(ids(keyed.body)).toContain(SAMPLE_IDS.alicePrivate);
    expect(keyed.res.headers.get("X-Edge-Cache")).toBeNull();
    expect(keyed.res.headers.get("Cache-Control")).toBe("private, no-cache");
    for (let i = 0; i < 2; i++) {
      const anonymous = await anon("/documents?per_page=50", address);
      expect(ids((await anonymous.json()) as any)).not.toContain(SAMPLE_IDS.alicePrivate);
      expect(anonymous.headers.get("X-Edge-Cache")).toBe(i === 0 ? "miss" : "hit");
    }
    const keyedAgain = await getJson("/documents?per_page=50", { key: KEYS.aliceRead, headers: { "CF-Connecting-IP": address } });
    expect(ids(keyedAgain.body)).toContain(SAMPLE_IDS.alicePrivate);
    expect(keyedAgain.res.headers.get("X-Edge-Cache")).toBeNull();
  });

  it("problem answers are not cached: a 404 becomes a 200 as soon as the item exists; a 422 is answered afresh", async () => {
    const address = newAddress();
    const { processing } = SAMPLE_IDS;
    await env.DB.prepare("update documents set status = 'processing' where id = ?").bind(processing).run();
    const missing = await anon(`/documents/${processing}`, address);
    await expectProblem(missing, 404, "not-found");
    expect(missing.headers.get("X-Edge-Cache")).toBeNull();
    await env.DB.prepare("update documents set status = 'available' where id = ?").bind(processing).run();
    try {
      const found = await anon(`/documents/${processing}`, address);
      expect(found.status).toBe(200);
      await found.arrayBuffer();
    } finally {
      await env.DB.prepare("update documents set status = 'processing' where id = ?").bind(processing).run();
    }
    for (let i = 0; i < 2; i++) {
      const invalid = await anon("/documents?per_page=0", address);
      await expectProblem(invalid, 422, "validation-failed");
      expect(invalid.headers.get("X-Edge-Cache")).toBeNull();
    }
    const notFoundPage = await page("/en/library/01JM9S346Q3D25VT4F5V37E3S9", address);
    expect(notFoundPage.status).toBe(404);
    expect(notFoundPage.headers.get("X-Edge-Cache")).toBeNull();
    await notFoundPage.arrayBuffer();
  });
});

describe("the cache key", () => {
  it("a document page keeps apart the boardview selections it is asked for (?part=, ?net=, ?find=)", async () => {
    const address = newAddress();
    const { body } = await getJson(`/documents/${SAMPLE_IDS.publicSchematic}`, { lang: "en", headers: { "CF-Connecting-IP": address } });
    const path = new URL(body.data.url).pathname;
    const seen = async (query: string) => (await page(`${path}${query}`, address)).headers.get("X-Edge-Cache");
    // The plain page is kept (stored after its answer is sent: asked again until it is)…
    expect(await seen("")).toBe("miss");
    let plain = await seen("");
    for (let i = 0; i < 20 && plain !== "hit"; i++) {
      await sleep(25);
      plain = await seen("");
    }
    expect(plain).toBe("hit");
    // …and no selection is served its copy.
    for (const query of ["?part=U7000", "?net=PPBUS_G3H", "?find=U7000"]) expect(await seen(query), query).toBe("miss");
  });

  it("unknown query parameters do not split the cache; known ones do", async () => {
    const address = newAddress();
    const plain = await anon("/forum/threads", address);
    expect(plain.headers.get("X-Edge-Cache")).toBe("miss");
    const plainBody: any = await plain.json();
    const tracked = await anon("/forum/threads?utm_source=newsletter&x=1", address);
    expect(tracked.headers.get("X-Edge-Cache")).toBe("hit");
    expect(await tracked.json()).toEqual(plainBody);
    const paged = await anon("/forum/threads?per_page=1", address);
    expect(paged.headers.get("X-Edge-Cache")).toBe("miss");
    expect(((await paged.json()) as any).data).toHaveLength(1);
    // The order the known parameters come in does not matter either.
    await (await anon("/forum/threads?per_page=1&page=2", address)).arrayBuffer();
    const reordered = await anon("/forum/threads?page=2&per_page=1", address);
    expect(reordered.headers.get("X-Edge-Cache")).toBe("hit");
    await reordered.arrayBuffer();
  });

  it("a new public document reaches anonymous lists within the cache lifetime", async () => {
    const address = newAddress();
    const { processing } = SAMPLE_IDS;
    const before = await getJson("/documents?per_page=100", { headers: { "CF-Connecting-IP": address } });
    expect(ids(before.body)).not.toContain(processing);
    await env.DB.prepare("update documents set status = 'available' where id = ?").bind(processing).run();
    try {
      const stale = await getJson("/documents?per_page=100", { headers: { "CF-Connecting-IP": address } });
      expect(stale.res.headers.get("X-Edge-Cache")).toBe("hit"); // within the lifetime: the stored answer
      await sleep(LIFETIME_MS + 500);
      const fresh = await getJson("/documents?per_page=100", { headers: { "CF-Connecting-IP": address } });
      expect(ids(fresh.body)).toContain(processing);
    } finally {
      await env.DB.prepare("update documents set status = 'processing' where id = ?").bind(processing).run();
    }
  });
});

describe("the isolate's own copy", () => {
  it("a small answer is served from the isolate's memory until the stored copy's lifetime ends", async () => {
    const address = newAddress();
    const english = { "Accept-Language": "en" };
    const first = await anon("/posts", address, english);
    expect(first.headers.get("X-Edge-Cache")).toBe("miss");
    const body = await first.text();
    await sleep(100); // the copies are kept after the answer is sent
    // The data centre's copy is gone: the isolate still has its own.
    expect(await caches.default.delete(edgeCacheKey(new URL(`${ORIGIN}/api/v1/posts`), [], "en"))).toBe(true);
    const second = await anon("/posts", address, english);
    expect(second.headers.get("X-Edge-Cache")).toBe("hit");
    expect(await second.text()).toBe(body);
    // No longer than the lifetime: then the answer is made again.
    await sleep(LIFETIME_MS + 100);
    const third = await anon("/posts", address, english);
    expect(third.headers.get("X-Edge-Cache")).toBe("miss");
    await third.arrayBuffer();
  });
});

describe("refused callers", () => {
  it("a refused call gets the 429 problem and nothing of the data: no body, no ETag, no 304; cached or not", async () => {
    const address = newAddress();
    const first = await anon("/documents", address);
    const etag = first.headers.get("ETag")!;
    await first.arrayBuffer();
    for (let i = 0; i < 19; i++) await (await anon("/documents", address)).arrayBuffer();
    for (const headers of [{}, { "If-None-Match": etag }] as Record<string, string>[]) {
      const refused = await anon("/documents", address, headers);
      const body = await expectProblem(refused, 429, "rate-limited");
      expect(body.data).toBeUndefined();
      expect(refused.headers.get("ETag")).toBeNull();
      expect(refused.headers.get("X-Edge-Cache")).toBeNull();
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(refused.headers.get("X-RateLimit-Remaining")).toBe("0");
      expect(refused.headers.get("RateLimit")).toMatch(/^"anonymous";r=0;t=\d+$/);
    }
    // Another address is not affected.
    expect((await anon("/documents", newAddress())).status).toBe(200);
  });

  it("20 parallel cached reads against a limit of 20 let exactly 20 through", async () => {
    const address = newAddress();
    await (await anon("/forum/categories", newAddress())).arrayBuffer(); // fills the cache from another address
    const responses = await Promise.all(Array.from({ length: 25 }, () => anon("/forum/categories", address)));
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(20);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(5);
    // No call is told more than remained (the k-th largest figure told is at most 19 - k), the last is told 0.
    const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("X-RateLimit-Remaining")));
    for (const [k, told] of remaining.sort((a, b) => b - a).entries()) expect(told).toBeLessThanOrEqual(19 - k);
    expect(Math.min(...remaining)).toBe(0);
  });
});

describe("cursor pages", () => {
  it("a cached list never serves the first caller's unknown parameters in its Link header", async () => {
    const address = newAddress();
    const first = await anon("/forum/threads?per_page=1&next=https%3A%2F%2Fevil.example&utm_source=x", address);
    await first.arrayBuffer();
    const plain = await anon("/forum/threads?per_page=1", address);
    await plain.arrayBuffer();
    expect(plain.headers.get("X-Edge-Cache")).toBe("hit");
    for (const res of [first, plain]) {
      expect(res.headers.get("Link")).toMatch(/^<https:\/\/boards\.test\/api\/v1\/forum\/threads\?per_page=1&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    }
  });

  it("invalid percent-encoding never shares a cache entry with the text it decodes to", async () => {
    const address = newAddress();
    const replacement = await anon("/search?q=%EF%BF%BDbattery", address);
    await replacement.arrayBuffer();
    const invalid = await anon("/search?q=%FFbattery", address);
    await invalid.arrayBuffer();
    expect(invalid.headers.get("X-Edge-Cache")).toBe("miss");
    const echoed = await page("/en/search?q=%EF%BF%BDwidgetron", address);
    expect(await echoed.text()).toContain("\uFFFDwidgetron");
    const other = await page("/en/search?q=%FFwidgetron", address);
    expect(other.headers.get("X-Edge-Cache")).not.toBe("hit");
    expect(await other.text()).not.toContain("\uFFFDwidgetron");
    expect(edgeCacheKey(new URL(`${ORIGIN}/x?q=%FFa`), ["q"], "en")).not.toBe(edgeCacheKey(new URL(`${ORIGIN}/x?q=%EF%BF%BDa`), ["q"], "en"));
  });

  it("the cursor is part of the key, and a page served from the cache keeps its Link to the next one", async () => {
    const address = newAddress();
    // Three more public datasheets (the sample has none), so per_page=1 spans three pages.
    for (let i = 0; i < 3; i++) {
      await env.DB.prepare(
        "insert into documents (id, title, type, status, visibility, created_at, updated_at) values (?, ?, 'datasheet', 'available', 'public', ?, ?)",
      )
        .bind(`01KEDGECVRS0R00000000000${i}0`, `Edge cursor ${i}`, `2025-03-0${i + 1}T00:00:00.000Z`, `2025-03-0${i + 1}T00:00:00.000Z`)
        .run();
    }
    const walk = async () => {
      const seen: { id: string; cache: string | null; link: string | null }[] = [];
      let path: string | undefined = "/documents?type=datasheet&per_page=1";
      while (path && seen.length < 10) {
        const res = await anon(path, address);
        const body: any = await res.json();
        const link = res.headers.get("Link");
        seen.push({ id: body.data[0].id, cache: res.headers.get("X-Edge-Cache"), link });
        const next = link && /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
        path = next ? new URL(next).pathname.replace("/api/v1", "") + new URL(next).search : undefined;
      }
      return seen;
    };
    const first = await walk();
    expect(first.map((s) => s.id)).toEqual(["01KEDGECVRS0R0000000000020", "01KEDGECVRS0R0000000000010", "01KEDGECVRS0R0000000000000"]);
    expect(first.map((s) => s.cache)).toEqual(["miss", "miss", "miss"]);
    const again = await walk();
    expect(again.map((s) => s.cache)).toEqual(["hit", "hit", "hit"]);
    expect(again.map((s) => [s.id, s.link])).toEqual(first.map((s) => [s.id, s.link]));
    expect(first.at(-1)!.link).toBeNull();
  });
});
