import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";

// Extra forum content on top of the sample: a long thread whose linked document is private to bob,
// a second sticky thread, two threads with the same last activity, an empty category.
const IDS = {
  longThread: "01K0000000000000000000000A",
  oldSticky: "01K0000000000000000000000B",
  tieA: "01K0000000000000000000000C",
  tieB: "01K0000000000000000000000D",
  hiddenInEmpty: "01K0000000000000000000000E",
  bobPrivateDoc: "01K0000000000000000000000F",
} as const;
const LONG_REPLIES = 120;
const minute = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString();

const extra = {
  categories: [{ slug: "empty", name: "Empty", description: "Nothing visible here" }],
  documents: [
    {
      id: IDS.bobPrivateDoc,
      title: "Bob private notes",
      type: "document",
      visibility: "private",
      owner: "bob",
      versions: [{ version: 1, filename: "n.txt", content_text: "n" }],
    },
  ],
  threads: [
    {
      id: IDS.longThread,
      category: "general",
      title: "Long thread about X1C",
      author: "bob",
      body: "many replies",
      board: "x1c-mlb",
      document: IDS.bobPrivateDoc,
      created_at: minute(0),
      posts: [
        ...Array.from({ length: LONG_REPLIES }, (_, i) => ({ author: i % 2 ? "alice" : "bob", body: `reply ${i + 1}`, created_at: minute(i + 1) })),
        { author: "dave", body: "hidden spam", hidden: true, created_at: minute(30) },
      ],
    },
    { id: IDS.oldSticky, category: "general", title: "Old sticky", sticky: true, author: "carol", body: "x", created_at: "2024-01-01T00:00:00Z" },
    { id: IDS.tieA, category: "laptops", title: "Tie A", author: "alice", body: "x", created_at: "2026-10-10T00:00:00Z" },
    { id: IDS.tieB, category: "general", title: "Tie B", author: "alice", body: "x", created_at: "2026-10-10T00:00:00Z" },
    {
      id: IDS.hiddenInEmpty,
      category: "empty",
      title: "Unpublished",
      published: false,
      author: "alice",
      body: "x",
      created_at: "2026-12-01T00:00:00Z",
    },
  ],
};

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, extra);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

const EXPECTED_ORDER = [SAMPLE_IDS.rulesThread, IDS.oldSticky, IDS.longThread, IDS.tieB, IDS.tieA, SAMPLE_IDS.thread];

describe("GET /forum/categories", () => {
  it("lists every category with its count of visible threads", async () => {
    const { body } = await getJson("/forum/categories");
    await expectMatchesOpenApi(body, "/forum/categories", "get", 200);
    const bySlug = Object.fromEntries(body.data.map((c: any) => [c.slug, c]));
    expect(Object.keys(bySlug).sort()).toEqual(["empty", "general", "laptops"]);
    expect(bySlug.laptops).toEqual({ slug: "laptops", name: "Laptops", description: "Laptop board repair", threads: 2 });
    expect(bySlug.general).toEqual({ slug: "general", name: "General", description: null, threads: 4 });
    expect(bySlug.empty.threads).toBe(0);
  });

  it("a key does not reveal unpublished threads in the counts", async () => {
    const { body } = await getJson("/forum/categories", { key: KEYS.carolAdmin });
    expect(body.data.map((c: any) => c.threads).reduce((a: number, b: number) => a + b, 0)).toBe(6);
  });
});

describe("GET /forum/threads", () => {
  it("orders sticky threads first, then latest activity, ties by id; unpublished never listed", async () => {
    const { body } = await getJson("/forum/threads", { lang: "en" });
    await expectMatchesOpenApi(body, "/forum/threads", "get", 200);
    expect(body.data.map((t: any) => t.id)).toEqual(EXPECTED_ORDER);
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 6, last_page: 1 });
    const sample = body.data.find((t: any) => t.id === SAMPLE_IDS.thread);
    expect(sample).toEqual({
      id: SAMPLE_IDS.thread,
      category: "laptops",
      title: "820-00165 no power, PP3V42 missing",
      status: "solved",
      sticky: false,
      author: "bob",
      replies: 2,
      created_at: "2026-10-01T10:00:00.000Z",
      last_activity_at: "2026-10-03T10:00:00.000Z",
      url: `${ORIGIN}/en/forum/${SAMPLE_IDS.thread}/820-00165-no-power-pp3v42-missing`,
    });
    // last_activity_at defaults to the latest visible reply (the hidden one at minute 30 is older anyway).
    expect(body.data.find((t: any) => t.id === IDS.longThread)).toMatchObject({ replies: LONG_REPLIES, last_activity_at: minute(LONG_REPLIES) });
  });

  it("filters by category; an unknown category is an empty page", async () => {
    const laptops = await getJson("/forum/threads?category=laptops");
    expect(laptops.body.data.map((t: any) => t.id)).toEqual([IDS.tieA, SAMPLE_IDS.thread]);
    expect(laptops.body.data.every((t: any) => t.category === "laptops")).toBe(true);
    for (const spelling of ["Laptops", "LAPTOPS", " laptops "]) {
      expect((await getJson(`/forum/threads?category=${encodeURIComponent(spelling)}`)).body.meta.total, spelling).toBe(2);
    }
    const empty = await getJson("/forum/threads?category=empty");
    expect(empty.body).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } });
    const unknown = await getJson("/forum/threads?category=no-such-category");
    expect(unknown.body).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } });
  });

  it("pages walk the same order without overlap; past the end is empty with true meta", async () => {
    const walked: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await getJson(`/forum/threads?per_page=2&page=${page}`);
      expect(body.meta).toEqual({ page, per_page: 2, total: 6, last_page: 3 });
      walked.push(...body.data.map((t: any) => t.id));
    }
    expect(walked).toEqual(EXPECTED_ORDER);
    expect((await getJson("/forum/threads?per_page=1")).body.data.map((t: any) => t.id)).toEqual([SAMPLE_IDS.rulesThread]);
    expect((await getJson("/forum/threads?per_page=100")).body.meta).toEqual({ page: 1, per_page: 100, total: 6, last_page: 1 });
    expect((await getJson("/forum/threads?per_page=2&page=4")).body).toEqual({ data: [], meta: { page: 4, per_page: 2, total: 6, last_page: 3 } });
    for (const query of ["per_page=0", "per_page=101", "page=0", "page=-1", "page=x"]) {
      const problem = await expectProblem(await api(`/forum/threads?${query}`), 422, "validation-failed");
      expect(Object.keys(problem.errors), query).toEqual([query.split("=")[0]]);
    }
  });
});

describe("GET /forum/threads/{thread}", () => {
  it("returns the thread with visible replies oldest first, its board and its document", async () => {
    const { body } = await getJson(`/forum/threads/${SAMPLE_IDS.thread}`, { lang: "es" });
    await expectMatchesOpenApi(body, "/forum/threads/{thread}", "get", 200);
    expect(body.data).toMatchObject({
      id: SAMPLE_IDS.thread,
      replies: 2,
      body: "Board takes **5V only**. PP3V42_G3H is missing.",
      board: { number: "820-00165", norm: "82000165", manufacturer: "Apple", url: `${ORIGIN}/es/placas/82000165` },
      document: { id: SAMPLE_IDS.publicSchematic, title: "820-00165 schematic" },
      url: `${ORIGIN}/es/foro/${SAMPLE_IDS.thread}/820-00165-no-power-pp3v42-missing`,
    });
    expect(Object.keys(body.data.document).sort()).toEqual(["id", "title"]);
    expect(body.data.body_html).toContain("<strong>5V only</strong>");
    expect(body.data.posts.map((p: any) => [p.author, p.body, p.is_solution, p.score])).toEqual([
      ["alice", "Check U7000.", false, 3],
      ["bob", "Replaced U7000, fixed.", true, 5],
    ]);
    expect(body.data.posts.some((p: any) => p.body === "spam")).toBe(false);
    expect(body.meta).toEqual({ page: 1, per_page: 50, total: 2, last_page: 1 });
  });

  it("shows the linked document only to callers who may see it", async () => {
    const path = `/forum/threads/${IDS.longThread}`;
    expect((await getJson(path)).body.data.document).toBeNull();
    expect((await getJson(path, { key: KEYS.aliceRead })).body.data.document).toBeNull();
    expect((await getJson(path, { key: KEYS.carolAdmin })).body.data.document).toBeNull();
    const bob = await getJson(path, { key: KEYS.bob });
    expect(bob.body.data.document).toEqual({ id: IDS.bobPrivateDoc, title: "Bob private notes" });
    await expectMatchesOpenApi(bob.body, "/forum/threads/{thread}", "get", 200);
    // The board was linked by an alias in another spelling.
    expect(bob.body.data.board.number).toBe("820-00165");
  });

  it("pages replies 50 at a time; hidden replies are neither shown nor counted", async () => {
    const path = `/forum/threads/${IDS.longThread}`;
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push((await getJson(`${path}?page=${page}`)).body);
    expect(pages.map((p) => p.data.posts.length)).toEqual([50, 50, 20, 0]);
    for (const [i, p] of pages.entries()) expect(p.meta).toEqual({ page: i + 1, per_page: 50, total: LONG_REPLIES, last_page: 3 });
    expect(pages.every((p) => p.data.replies === LONG_REPLIES)).toBe(true);
    const bodies = pages.flatMap((p) => p.data.posts.map((r: any) => r.body));
    expect(bodies).toEqual(Array.from({ length: LONG_REPLIES }, (_, i) => `reply ${i + 1}`));
    expect(pages[3].data.title).toBe("Long thread about X1C");
    await expectProblem(await api(`${path}?page=0`), 422, "validation-failed");
    await expectProblem(await api(`${path}?page=two`), 422, "validation-failed");
  });

  it("an unpublished, unknown or malformed thread is the same 404 for everyone", async () => {
    const details = new Set<string>();
    for (const [id, key] of [
      [SAMPLE_IDS.hiddenThread, undefined],
      [SAMPLE_IDS.hiddenThread, KEYS.carolAdmin],
      [IDS.hiddenInEmpty, KEYS.aliceRead],
      ["01K0000000000000000000000Z", undefined],
      ["not-a-thread", undefined],
    ] as const) {
      details.add((await expectProblem(await api(`/forum/threads/${id}`, { key }), 404, "not-found")).detail);
    }
    expect(details.size).toBe(1);
    await getJson(`/forum/threads/${SAMPLE_IDS.thread.toLowerCase()}`);
  });
});
