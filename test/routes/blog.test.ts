import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { importContent } from "../../cli/import";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, ORIGIN, seedSample } from "../helpers/app";

const IDS = { lenovo: "01K1000000000000000000000A", english: "01K1000000000000000000000B", anonymous: "01K1000000000000000000000C" } as const;
const extra = {
  blog_posts: [
    {
      id: IDS.lenovo,
      title: "Placas base Lenovo",
      excerpt: "Todo sobre NM-A311",
      author: "bob",
      tags: ["Placa Base", "lenovo"],
      likes: 7,
      body: Array.from({ length: 1000 }, (_, i) => `palabra${i}`).join(" "),
      published_at: "2026-10-01T00:00:00Z",
      edited_at: "2026-10-02T00:00:00Z",
      comments: [
        { author: "carol", body: "Second", created_at: "2026-10-03T00:00:00Z" },
        { author: "alice", body: "First", created_at: "2026-10-02T00:00:00Z" },
        { author: "bob", body: "Third", created_at: "2026-10-04T00:00:00Z" },
      ],
    },
    { id: IDS.english, title: "An English guide", author: "bob", tags: ["apple"], body: "Short.", published_at: "2026-08-01T00:00:00Z" },
    { id: IDS.anonymous, title: "Sin autor", author: null, body: "x", published_at: "2026-07-01T00:00:00Z" },
  ],
};

let sampleIds: Record<string, string>;
beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, extra);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  const rows = await env.DB.prepare("select id, title from blog_posts").all<{ id: string; title: string }>();
  sampleIds = Object.fromEntries(rows.results.map((r) => [r.title, r.id]));
});
afterEach(() => vi.useRealTimers());

const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title);
const PUBLISHED_NEWEST_FIRST = ["Placas base Lenovo", "Diagnóstico de línea PP3V3", "An English guide", "Sin autor"];

describe("GET /posts", () => {
  it("lists published posts newest first with derived counts", async () => {
    const { body } = await getJson("/posts", { lang: "en" });
    await expectMatchesOpenApi(body, "/posts", "get", 200);
    expect(titles(body)).toEqual(PUBLISHED_NEWEST_FIRST);
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 4, last_page: 1 });
    const sample = body.data[1];
    expect(sample).toEqual({
      id: sampleIds["Diagnóstico de línea PP3V3"],
      title: "Diagnóstico de línea PP3V3",
      excerpt: "Cómo medir",
      author: "alice",
      tags: ["diagnostico", "apple"],
      reading_minutes: 1,
      likes: 4,
      comments: 1,
      published_at: "2026-09-01T00:00:00.000Z",
      url: `${ORIGIN}/en/blog/${sampleIds["Diagnóstico de línea PP3V3"]}/diagnostico-de-linea-pp3v3`,
    });
    expect(body.data[0]).toMatchObject({ tags: ["Placa Base", "lenovo"], reading_minutes: 5, comments: 3, likes: 7 });
    expect(body.data[3]).toMatchObject({ author: null, excerpt: "", reading_minutes: 1, comments: 0 });
    expect(body.data.every((p: any) => Number.isInteger(p.reading_minutes) && p.reading_minutes >= 1)).toBe(true);
  });

  it("never lists drafts or scheduled posts, whoever asks", async () => {
    for (const key of [undefined, KEYS.aliceRead, KEYS.carolAdmin]) {
      expect(titles((await getJson("/posts?per_page=100", { key })).body), String(key)).toEqual(PUBLISHED_NEWEST_FIRST);
    }
  });

  it("a scheduled post appears once its time has come", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2099-01-01T00:00:01Z"));
    const { body } = await getJson("/posts");
    expect(titles(body)).toEqual(["Scheduled post", ...PUBLISHED_NEWEST_FIRST]);
    await getJson(`/posts/${sampleIds["Scheduled post"]}`);
    await expectProblem(await api(`/posts/${sampleIds["Draft post"]}`), 404, "not-found");
  });

  it("filters by tag slug, forgiving case, spaces and diacritics", async () => {
    for (const tag of ["diagnostico", "Diagnóstico", "DIAGNÓSTICO", " diagnostico "]) {
      expect(titles((await getJson(`/posts?tag=${encodeURIComponent(tag)}`)).body), tag).toEqual(["Diagnóstico de línea PP3V3"]);
    }
    for (const tag of ["placa-base", "Placa Base", "placa_base"]) {
      expect(titles((await getJson(`/posts?tag=${encodeURIComponent(tag)}`)).body), tag).toEqual(["Placas base Lenovo"]);
    }
    expect(titles((await getJson("/posts?tag=apple")).body)).toEqual(["Diagnóstico de línea PP3V3", "An English guide"]);
    expect((await getJson("/posts?tag=nothing-tagged")).body).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } });
  });

  it("filters by author username in any case, combined with tags and pages", async () => {
    expect(titles((await getJson("/posts?author=bob")).body)).toEqual(["Placas base Lenovo", "An English guide"]);
    expect(titles((await getJson("/posts?author=BOB&tag=apple")).body)).toEqual(["An English guide"]);
    expect(titles((await getJson("/posts?author=alice")).body)).toEqual(["Diagnóstico de línea PP3V3"]);
    expect((await getJson("/posts?author=nobody")).body.meta.total).toBe(0);
    const second = await getJson("/posts?author=bob&per_page=1&page=2");
    expect(second.body.meta).toEqual({ page: 2, per_page: 1, total: 2, last_page: 2 });
    expect(titles(second.body)).toEqual(["An English guide"]);
    for (const query of ["per_page=0", "page=0", "per_page=1e3"]) {
      await expectProblem(await api(`/posts?${query}`), 422, "validation-failed");
    }
  });
});

describe("GET /posts/{post}", () => {
  it("returns the body, its sanitised HTML and the comments oldest first", async () => {
    const { body } = await getJson(`/posts/${IDS.lenovo}`, { lang: "es" });
    await expectMatchesOpenApi(body, "/posts/{post}", "get", 200);
    expect(body.data).toMatchObject({
      id: IDS.lenovo,
      author: "bob",
      comments: 3,
      edited_at: "2026-10-02T00:00:00.000Z",
      url: `${ORIGIN}/es/blog/${IDS.lenovo}/placas-base-lenovo`,
    });
    expect(body.data.comment_list.map((c: any) => [c.author, c.body])).toEqual([
      ["alice", "First"],
      ["carol", "Second"],
      ["bob", "Third"],
    ]);
    expect(body.data.comment_list.every((c: any) => Number.isInteger(c.id))).toBe(true);
    expect(new Set(body.data.comment_list.map((c: any) => c.id)).size).toBe(3);

    const sample = await getJson(`/posts/${sampleIds["Diagnóstico de línea PP3V3"]}`);
    expect(sample.body.data).toMatchObject({
      body: "# Paso 1\nMedir la línea.",
      body_html: "<h1>Paso 1</h1>\n<p>Medir la línea.</p>\n",
      edited_at: null,
      comment_list: [{ id: 1, author: "bob", body: "Great!", created_at: "2026-09-02T00:00:00.000Z" }],
    });
  });

  it("drafts, scheduled, unknown and malformed ids are the same 404, even for the author", async () => {
    const details = new Set<string>();
    for (const [id, key] of [
      [sampleIds["Draft post"], undefined],
      [sampleIds["Draft post"], KEYS.aliceRead],
      [sampleIds["Scheduled post"], undefined],
      [sampleIds["Scheduled post"], KEYS.aliceRead],
      ["01K1000000000000000000000Z", undefined],
      ["01K1000000000000000000000", undefined],
    ] as const) {
      details.add((await expectProblem(await api(`/posts/${id}`, { key }), 404, "not-found")).detail);
    }
    expect(details.size).toBe(1);
  });
});
