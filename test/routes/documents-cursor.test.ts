// Keyset continuation of GET /documents: following `Link: <…>; rel="next"` from page 1 lists every
// visible document exactly once, newest first, far past page 50 (once the deepest page number), for
// anonymous and keyed callers; a cursor that is malformed, edited or sent with other filters is a 422.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, ORIGIN, seedSample } from "../helpers/app";
import { nextPath as nextLinkPath } from "../helpers/links";

const PER_PAGE = 2;
/** Page 50 was the deepest page number before issue 23; the walk runs well past it. */
const MAX_PAGE = 50;
/** Enough documents that the walk runs well past MAX_PAGE pages of PER_PAGE. */
const DOCUMENTS = 150;

const id = (i: number) => `01KCAR${String(i).padStart(20, "0")}`;
// Three documents share each time, so the id decides their order (the tie-break a cursor must keep).
const iso = (i: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();

beforeAll(async () => {
  await seedSample();
  const alice = (await env.DB.prepare("select id from users where username = 'alice'").first<number>("id"))!;
  const rows = Array.from({ length: DOCUMENTS }, (_, i) => [
    id(i),
    `Cursor ${i}`,
    "schematic",
    i % 10 === 7 ? "processing" : "available",
    i % 10 === 3 ? "private" : "public",
    alice,
    iso(i),
    iso(i),
  ]);
  await env.DB.prepare(
    `insert into documents (id, title, type, status, visibility, owner_id, created_at, updated_at)
     select value->>'$[0]', value->>'$[1]', value->>'$[2]', value->>'$[3]', value->>'$[4]', value->>'$[5]', value->>'$[6]', value->>'$[7]' from json_each(?)`,
  )
    .bind(JSON.stringify(rows))
    .run();
});

const nextPath = (res: Response) => nextLinkPath(res, "/documents");

/** Follows `next` from the first page; returns the ids in the order served and each page's meta. */
async function walk(first: string, key?: string) {
  const ids: string[] = [];
  const metas: { page: number; total: number; last_page: number }[] = [];
  let path: string | undefined = first;
  while (path) {
    const { res, body } = await getJson(path, { key });
    ids.push(...body.data.map((d: { id: string }) => d.id));
    metas.push(body.meta);
    path = nextPath(res);
    expect(metas.length).toBeLessThan(500);
  }
  return { ids, metas };
}

/** The ids a caller may see, newest first, straight from the database. */
async function expected(where: string, ...params: unknown[]): Promise<string[]> {
  const rows = await env.DB.prepare(`select d.id from documents d where ${where} order by d.created_at desc, d.id desc`)
    .bind(...params)
    .all<{ id: string }>();
  return rows.results.map((r) => r.id);
}

describe("GET /documents walked through Link rel=next", () => {
  it("anonymous: every public, available document exactly once, newest first, past page MAX_PAGE", async () => {
    const want = await expected("d.visibility = 'public' and d.status = 'available'");
    expect(want.length).toBeGreaterThan(MAX_PAGE * PER_PAGE);
    const { ids, metas } = await walk(`/documents?per_page=${PER_PAGE}`);
    expect(ids).toEqual(want);
    // meta stays the spec's four integers and keeps counting pages through the cursor pages.
    expect(metas.map((m) => m.page)).toEqual(metas.map((_, i) => i + 1));
    expect(metas.at(-1)).toEqual({
      page: Math.ceil(want.length / PER_PAGE),
      per_page: PER_PAGE,
      total: want.length,
      last_page: Math.ceil(want.length / PER_PAGE),
    });
  });

  it("a key: its owner's own (any status), the shared and the public ones, each once, in order", async () => {
    const alice = (await env.DB.prepare("select id from users where username = 'alice'").first<number>("id"))!;
    const bob = (await env.DB.prepare("select id from users where username = 'bob'").first<number>("id"))!;
    const visible = `(d.visibility = 'public' and d.status = 'available') or d.owner_id = ?
      or (d.visibility = 'shared' and d.status = 'available' and exists (select 1 from document_shares s where s.document_id = d.id and s.user_id = ?))`;
    const forAlice = await expected(visible, alice, alice);
    expect((await walk(`/documents?per_page=${PER_PAGE}`, KEYS.aliceRead)).ids).toEqual(forAlice);
    const forBob = await expected(visible, bob, bob);
    expect(forBob.length).toBeGreaterThan(MAX_PAGE * PER_PAGE);
    expect((await walk(`/documents?per_page=${PER_PAGE + 1}`, KEYS.bob)).ids).toEqual(forBob);
  });

  it("filters travel in the Link address; a page-number answer links on too, and the last page has no Link", async () => {
    const want = await expected("d.visibility = 'public' and d.status = 'available' and d.type = 'schematic'");
    const { ids } = await walk(`/documents?type=schematic&per_page=7&page=3`);
    expect(ids).toEqual(want.slice(14));
    const res = await api(`/documents?type=schematic&per_page=7&page=1`);
    const body = await res.json();
    await expectMatchesOpenApi(body, "/documents", "get", 200);
    expect(nextPath(res)).toMatch(/^\/documents\?type=schematic&per_page=7&cursor=[A-Za-z0-9_-]+$/);
    const last = await api(`/documents?per_page=100&page=${Math.ceil(want.length / 100) + 1}`);
    expect(last.headers.get("Link")).toBeNull();
    await last.body?.cancel();
  });

  it("a malformed, edited or misused cursor is a 422 problem naming the field, never a 500", async () => {
    const first = await api(`/documents?per_page=${PER_PAGE}`);
    await first.body?.cancel();
    const next = nextPath(first)!;
    const cursor = new URL(next, ORIGIN).searchParams.get("cursor")!;
    const decoded = JSON.parse(atob(cursor.replace(/-/g, "+").replace(/_/g, "/")));
    const reencode = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    for (const bad of [
      "",
      "x",
      "%%%",
      "bm90IGpzb24",
      reencode({ a: 1 }),
      reencode([...decoded.slice(0, 3), "not-an-id", decoded[4]]),
      reencode([1, 0, ...decoded.slice(2)]),
      // A page number edited by hand: meta.page would contradict the data (issue 30).
      reencode([decoded[0], decoded[1] + 5, ...decoded.slice(2)]),
      reencode([decoded[0], 2, ...decoded.slice(2)].map((v, i) => (i === 1 ? 7 : v))),
      "A".repeat(500),
    ]) {
      const body = await expectProblem(await api(`/documents?per_page=${PER_PAGE}&cursor=${encodeURIComponent(bad)}`), 422, "validation-failed");
      expect(Object.keys(body.errors), bad).toEqual(["cursor"]);
    }
    // Made for per_page=2, anonymous: another per_page, a filter, or a key is refused.
    for (const [path, key] of [
      [`/documents?per_page=3&cursor=${cursor}`],
      [`/documents?per_page=${PER_PAGE}&type=bios&cursor=${cursor}`],
      [next, KEYS.aliceRead],
    ] as const) {
      const body = await expectProblem(await api(path, { key, lang: "en" }), 422, "validation-failed");
      expect(body.errors.cursor[0]).toMatch(/other filters/);
    }
    const both = await expectProblem(await api(`${next}&page=2`), 422, "validation-failed");
    expect(Object.keys(both.errors)).toEqual(["page"]);
  });
});
