// Every page a client can name answers, and every list walks to its end (issue 23). On each of the five
// lists (documents anonymous and keyed, threads, posts, cases, the replies of a thread), with more rows than
// the deep-page threshold (so the last pages are read from the back of the list): page 1, last_page,
// last_page + 1 and 9,999 answer 200; the pages by number put together are exactly the visible items in
// the list's order (straight from the database); following Link from page 1 yields the same items, each
// once, as many as meta.total.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEEP_OFFSET } from "../../src/db/queries/runtime";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, ORIGIN, seedSample } from "../helpers/app";
import { nextPath } from "../helpers/links";

/** More rows than DEEP_OFFSET, so per_page=100 reaches pages read from the back. */
const N = DEEP_OFFSET + 400;
const REPLIES = 130;

const ulid = (prefix: string, i: number) => `01K${prefix}${String(i).padStart(22, "0")}`;
// Three rows share each time, so the id decides their order (the tie-break pages and cursors must keep).
const iso = (i: number) => new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();
const future = new Date(Date.now() + 30 * 86_400_000).toISOString();

async function insertRows(sqlText: string, rows: unknown[][]): Promise<void> {
  await env.DB.prepare(sqlText).bind(JSON.stringify(rows)).run();
}

let thread = "";

beforeAll(async () => {
  await seedSample();
  const user = async (name: string) => (await env.DB.prepare("select id from users where username = ?").bind(name).first<number>("id"))!;
  const [alice, bob] = [await user("alice"), await user("bob")];
  const category = (await env.DB.prepare("select id from categories order by id limit 1").first<number>("id"))!;
  await insertRows(
    `insert into documents (id, title, type, status, visibility, owner_id, created_at, updated_at)
     select value->>'$[0]', value->>'$[1]', 'schematic', value->>'$[2]', value->>'$[3]', value->>'$[4]', value->>'$[5]', value->>'$[5]' from json_each(?)`,
    Array.from({ length: N }, (_, i) => [
      ulid("D", i),
      `Walk ${i}`,
      i % 13 === 5 ? "processing" : "available",
      i % 11 === 3 ? "private" : i % 17 === 4 ? "shared" : "public",
      i % 2 ? alice : bob,
      iso(i),
    ]),
  );
  await insertRows(
    `insert into document_shares (document_id, user_id) select value->>'$[0]', value->>'$[1]' from json_each(?)`,
    Array.from({ length: N }, (_, i) => i)
      .filter((i) => i % 17 === 4 && i % 11 !== 3 && i % 2)
      .map((i) => [ulid("D", i), bob]),
  );
  await insertRows(
    `insert into threads (id, category_id, title, sticky, published, author_id, body, body_html, created_at, last_activity_at)
     select value->>'$[0]', ${category}, value->>'$[1]', value->>'$[2]', value->>'$[3]', ${alice}, 'b', '<p>b</p>', value->>'$[4]', value->>'$[4]' from json_each(?)`,
    Array.from({ length: N }, (_, i) => [ulid("T", i), `Thread ${i}`, i % 97 === 1 ? 1 : 0, i % 19 === 2 ? 0 : 1, iso(i)]),
  );
  await insertRows(
    `insert into blog_posts (id, title, author_id, body, body_html, published_at, created_at)
     select value->>'$[0]', value->>'$[1]', ${alice}, 'b', '<p>b</p>', value->>'$[2]', value->>'$[3]' from json_each(?)`,
    Array.from({ length: N }, (_, i) => [ulid("P", i), `Post ${i}`, i % 23 === 6 ? null : i % 29 === 7 ? future : iso(i), iso(i)]),
  );
  await insertRows(
    `insert into repair_cases (id, title, symptom, diagnosis, diagnosis_html, published, published_at, created_at)
     select value->>'$[0]', value->>'$[1]', 's', 'd', '<p>d</p>', value->>'$[2]', value->>'$[3]', value->>'$[4]' from json_each(?)`,
    Array.from({ length: N }, (_, i) => [
      ulid("C", i),
      `Case ${i}`,
      i % 31 === 8 ? 0 : 1,
      i % 7 === 2 ? null : i % 37 === 9 ? future : iso(i),
      iso(i + 5),
    ]),
  );
  thread = ulid("T", 0);
  await insertRows(
    `insert into thread_replies (id, thread_id, author_id, body, body_html, hidden, created_at)
     select value->>'$[0]', '${thread}', ${bob}, 'r', '<p>r</p>', value->>'$[1]', value->>'$[2]' from json_each(?)`,
    Array.from({ length: REPLIES }, (_, i) => [ulid("R", i), i % 9 === 4 ? 1 : 0, iso(i)]),
  );
});

const now = () => new Date().toISOString();

interface List {
  name: string;
  path: string;
  key?: string;
  perPage: number;
  /** The visible ids in the list's order, straight from the database. */
  expected: () => Promise<string[]>;
  /** The ids of an answer's items. */
  ids: (body: any) => string[];
}

const ids = async (sqlText: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sqlText)
      .bind(...params)
      .all<{ id: string }>()
  ).results.map((r) => r.id);
const dataIds = (body: any) => body.data.map((d: { id: string }) => d.id);

const LISTS: List[] = [
  {
    name: "documents, anonymous",
    path: "/documents",
    perPage: 100,
    expected: () => ids("select id from documents where visibility = 'public' and status = 'available' order by created_at desc, id desc"),
    ids: dataIds,
  },
  {
    name: "documents, bob's key (own, shared and public)",
    path: "/documents",
    key: KEYS.bob,
    perPage: 100,
    expected: () =>
      ids(`select d.id from documents d where (d.visibility = 'public' and d.status = 'available') or d.owner_id = (select id from users where username = 'bob')
        or (d.visibility = 'shared' and d.status = 'available' and exists (select 1 from document_shares s where s.document_id = d.id and s.user_id = (select id from users where username = 'bob')))
        order by d.created_at desc, d.id desc`),
    ids: dataIds,
  },
  {
    name: "threads",
    path: "/forum/threads",
    perPage: 100,
    expected: () => ids("select id from threads where published = 1 order by sticky desc, last_activity_at desc, id desc"),
    ids: dataIds,
  },
  {
    name: "posts",
    path: "/posts",
    perPage: 100,
    expected: () => ids("select id from blog_posts where published_at is not null and published_at <= ? order by published_at desc, id desc", now()),
    ids: dataIds,
  },
  {
    name: "cases",
    path: "/cases",
    perPage: 100,
    expected: () =>
      ids(
        "select id from repair_cases where published = 1 and (published_at is null or published_at <= ?) order by coalesce(published_at, created_at) desc, id desc",
        now(),
      ),
    ids: dataIds,
  },
];

/** The replies of the seeded thread: a list whose page size is fixed (50). */
const REPLY_LIST: List = {
  name: "replies of a thread",
  path: "",
  perPage: 50,
  expected: () => ids("select id from thread_replies where thread_id = ? and hidden = 0 order by created_at, id", thread),
  ids: (body) => body.data.posts.map((p: { id: string }) => p.id),
};

const pagePath = (list: List, page: number) =>
  list === REPLY_LIST ? `/forum/threads/${thread}?page=${page}` : `${list.path}?per_page=${list.perPage}&page=${page}`;

async function walk(list: List): Promise<{ ids: string[]; total: number; pages: number }> {
  const seen: string[] = [];
  let path: string | undefined = pagePath(list, 1);
  let total = -1;
  let pages = 0;
  while (path) {
    const { res, body } = await getJson(path, { key: list.key });
    seen.push(...list.ids(body));
    total = body.meta.total;
    pages++;
    expect(body.meta.page).toBe(pages);
    path = nextPath(res);
    expect(pages).toBeLessThan(100);
  }
  return { ids: seen, total, pages };
}

describe("every page a client can name answers", () => {
  for (const list of [...LISTS, REPLY_LIST]) {
    it(`${list.name}: pages 1 … last_page are the list in order; last_page + 1 and 9,999 are empty with the true meta`, async () => {
      const want = await list.expected();
      expect(want.length).toBeGreaterThan(list === REPLY_LIST ? 2 * list.perPage : DEEP_OFFSET + list.perPage);
      const first = await getJson(pagePath(list, 1), { key: list.key });
      const meta = { per_page: list.perPage, total: want.length, last_page: Math.ceil(want.length / list.perPage) };
      expect(first.body.meta).toEqual({ page: 1, ...meta });
      const got: string[] = [];
      for (let page = 1; page <= meta.last_page; page++) {
        const { body } = await getJson(pagePath(list, page), { key: list.key });
        expect(body.meta).toEqual({ page, ...meta });
        got.push(...list.ids(body));
      }
      expect(got).toEqual(want);
      for (const page of [meta.last_page + 1, 9999]) {
        const { body } = await getJson(pagePath(list, page), { key: list.key });
        expect(list.ids(body)).toEqual([]);
        expect(body.meta).toEqual({ page, ...meta });
      }
    });
  }
});

describe("every list walks by Link", () => {
  for (const list of [...LISTS, REPLY_LIST]) {
    it(`${list.name}: following Link from page 1 yields every item once, as many as meta.total`, async () => {
      const want = await list.expected();
      const { ids: walked, total } = await walk(list);
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked.length).toBe(total);
      expect(walked).toEqual(want);
    });
  }

  it("a cursor is bound to its list, filters, per_page and caller: anything else is a 422 naming the field", async () => {
    for (const list of LISTS.filter((l) => l.path !== "/documents")) {
      const first = await api(`${list.path}?per_page=3`);
      const body = await first.json();
      await expectMatchesOpenApi(body, list.path, "get", 200);
      const next = nextPath(first)!;
      expect(next).toMatch(/[?&]per_page=3&cursor=[A-Za-z0-9_-]+$/);
      const cursor = new URL(next, ORIGIN).searchParams.get("cursor")!;
      for (const [path, key] of [
        [`${list.path}?per_page=4&cursor=${cursor}`],
        [next, KEYS.aliceRead],
        [`${next}&page=2`],
        [`${list.path}?cursor=not-a-cursor`],
      ] as const) {
        const problem = await expectProblem(await api(path, { key }), 422, "validation-failed");
        expect(Object.keys(problem.errors).length, path).toBe(1);
        expect(["cursor", "page"]).toContain(Object.keys(problem.errors)[0]);
      }
      // A cursor of another list is refused too.
      const other = list.path === "/posts" ? "/cases" : "/posts";
      await expectProblem(await api(`${other}?per_page=3&cursor=${cursor}`), 422, "validation-failed");
    }
    const replies = await api(`/forum/threads/${thread}`);
    await replies.body?.cancel();
    const next = nextPath(replies)!;
    expect(next).toMatch(new RegExp(`^/forum/threads/${thread}\\?cursor=[A-Za-z0-9_-]+$`));
    await expectProblem(await api(`/forum/threads/${ulid("T", 3)}?${new URL(next, ORIGIN).search.slice(1)}`), 422, "validation-failed");
  });

  it("the Link address carries only parameters the handler read, never another the request carried", async () => {
    const res = await api("/forum/threads?per_page=2&next=https%3A%2F%2Fevil.example&utm_source=x");
    await res.body?.cancel();
    expect(res.headers.get("Link")).not.toMatch(/evil|utm_source|next=/);
    expect(nextPath(res)).toMatch(/^\/forum\/threads\?per_page=2&cursor=/);
  });
});
