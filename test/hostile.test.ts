// Hostile input across endpoints: always a problem with the right status, never a 500, never a stack or SQL.
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN, SAMPLE_IDS, seedSample } from "./helpers/app";

beforeAll(seedSample);

const LEAKS = /select |sqlite|D1_|SQLITE_|drizzle|at .+\.(ts|js):\d+|TypeError|ReferenceError|stack/i;

/** Raw path and query as sent on the wire (already percent-encoded where needed). */
async function call(pathAndQuery: string, init: RequestInit = {}): Promise<{ status: number; type: string | null; body: string }> {
  const res = await fetchWorker(new Request(`${ORIGIN}/api/v1${pathAndQuery}`, init));
  return { status: res.status, type: res.headers.get("Content-Type"), body: await res.text() };
}

const LONG = (n: number, ch = "x") => ch.repeat(n);

// [what, path and query, expected status, for 422 the field named in `errors` / for 200 "empty" when no item can match]
const TABLE: [string, string, number, string?][] = [
  // malformed ids: all simply not found
  ["id too long", `/documents/${LONG(5000, "A")}`, 404],
  ["id one short", `/documents/${SAMPLE_IDS.publicSchematic.slice(0, 25)}`, 404],
  ["id with excluded letters I L O U", "/documents/01JM9S346Q3D25VT4F5V37E3SI", 404],
  ["id with SQL", "/documents/'%20OR%201=1--", 404],
  ["thread id with SQL", `/forum/threads/${encodeURIComponent("1' UNION SELECT * FROM api_keys--")}`, 404],
  ["post id with SQL comment", `/posts/${encodeURIComponent("01K1000000000000000000000A'--")}`, 404],
  ["case id with NUL", "/cases/01K2000000000000000000000%00", 404],
  ["id with encoded slash", `/documents/${SAMPLE_IDS.publicSchematic}%2F..`, 404],
  ["id of encoded slashes", "/documents/%2F%2F%2F", 404],
  ["id with unicode", "/documents/%C3%9C%C3%9C%C3%9C", 404],
  ["id of invalid UTF-8", "/documents/%FF%FE", 404],
  ["id with broken escape", "/documents/%E0%A4%A", 404],
  ["id as a bare percent", "/documents/%", 404],
  ["board of NUL", "/boards/%00", 404],
  ["board of invalid UTF-8", "/boards/%FF%FE", 404],
  ["board with SQL", "/boards/'%20OR%20'1'='1", 404],
  ["board with LIKE wildcards", "/boards/%25%25", 404],
  ["board 5000 digits", `/boards/${LONG(5000, "9")}`, 404],
  ["board of encoded slashes", "/boards/820%2F00165", 200],
  // page and per_page
  // Every page a client can name as a safe integer answers (issue 23): past the end, an empty page.
  ["huge page on a list", "/documents?page=9007199254740991", 200, "empty"],
  ["page past the end", "/documents?page=51", 200, "empty"],
  ["page beyond safe integers", "/documents?page=9007199254740992", 422, "page"],
  ["page of 30 digits", `/cases?page=${LONG(30, "9")}`, 422, "page"],
  ["huge reply page", `/forum/threads/${SAMPLE_IDS.thread}?page=999999999999`, 200],
  ["negative per_page", "/documents?per_page=-1", 422, "per_page"],
  ["float per_page", "/posts?per_page=2.5", 422, "per_page"],
  ["exponent per_page", "/forum/threads?per_page=1e1", 422, "per_page"],
  ["exponent page", "/cases?page=1e3", 422, "page"],
  ["hex per_page", "/documents?per_page=0x10", 422, "per_page"],
  ["padded per_page", "/documents?per_page=%2010", 422, "per_page"],
  ["empty page", "/documents?page=", 422, "page"],
  ["Infinity page", "/documents?page=Infinity", 422, "page"],
  ["page with NUL", "/documents?page=1%00", 422, "page"],
  ["repeated page", "/documents?page=1&page=2", 422, "page"],
  ["repeated per_page", "/forum/threads?per_page=5&per_page=5", 422, "per_page"],
  // enums and filters
  ["unknown type", "/documents?type=spreadsheet", 422, "type"],
  ["type in upper case", "/documents?type=SCHEMATIC", 422, "type"],
  ["repeated type", "/documents?type=schematic&type=bios", 422, "type"],
  ["unknown visibility", "/documents?visibility=everyone", 422, "visibility"],
  ["unknown outcome", "/cases?outcome=exploded", 422, "outcome"],
  ["outcome with NUL", "/cases?outcome=fixed%00", 422, "outcome"],
  ["mine as a word", "/documents?mine=yes", 422, "mine"],
  ["empty board filter", "/documents?board=", 422, "board"],
  ["empty category", "/forum/threads?category=", 422, "category"],
  ["empty tag", "/posts?tag=", 422, "tag"],
  ["empty author", "/posts?author=", 422, "author"],
  ["very long board filter", `/documents?board=${LONG(10_000)}`, 422, "board"],
  ["very long case board filter", `/cases?board=${LONG(101)}`, 422, "board"],
  ["very long category", `/forum/threads?category=${LONG(10_000)}`, 422, "category"],
  ["very long tag", `/posts?tag=${LONG(5000)}`, 422, "tag"],
  // values that are valid text but can match nothing: empty pages
  ["board filter of invalid UTF-8", "/documents?board=%FF%FE", 200, "empty"],
  ["board filter with NUL", "/cases?board=%00", 200, "empty"],
  ["board filter with SQL", "/cases?board='%20OR%201=1--", 200, "empty"],
  ["category of invalid UTF-8", "/forum/threads?category=%FF%FE", 200, "empty"],
  ["category of a NUL", "/forum/threads?category=%00", 200, "empty"],
  ["category with a trailing NUL (slug-forgiving, like tags)", "/forum/threads?category=laptops%00", 200],
  ["tag of punctuation only", "/posts?tag=%21%21%21", 200, "empty"],
  ["author with SQL", "/posts?author=alice'%20--", 200, "empty"],
  ["author with LIKE wildcard", "/posts?author=%25", 200, "empty"],
  // unknown and malformed parameters are ignored
  ["unknown parameters", "/documents?sort=evil&__proto__=x&constructor=y", 200],
  ["invalid UTF-8 parameter name", "/documents?%FF%FE=%FF", 200],
  ["bare percent in an unknown parameter", "/documents?q=%", 200],
  ["a 10 kB query string", `/documents?${"a=1&".repeat(2500)}`, 200],
  ["a 10 kB query string with a bad page", `/documents?${"a=1&".repeat(2500)}page=0`, 422, "page"],
  // routes and methods
  ["a 10 kB unknown path", `/${LONG(10_000)}`, 404],
  ["path traversal", "/documents/..%2F..%2Fme", 404],
  ["double slash", "//documents", 404],
];

describe("hostile input", () => {
  for (const [what, pathAndQuery, status, field] of TABLE) {
    it(`${what} → ${status}`, async () => {
      const res = await call(pathAndQuery);
      expect(res.status, res.body.slice(0, 300)).toBe(status);
      expect(res.body).not.toMatch(LEAKS);
      if (status === 200) {
        expect(res.type).toBe("application/json");
        const body = JSON.parse(res.body);
        if (field === "empty") expect(body.data).toEqual([]);
        else if (Array.isArray(body.data) && !pathAndQuery.includes("page=")) expect(body.data.length).toBeGreaterThan(0);
        return;
      }
      expect(res.type).toBe("application/problem+json");
      const problem = JSON.parse(res.body);
      expect(problem.status).toBe(status);
      expect(problem.detail.length).toBeLessThan(300);
      if (field) expect(Object.keys(problem.errors)).toEqual([field]);
    });
  }

  it("a page past the end answers an empty page with true meta", async () => {
    const res = await call("/documents?page=50&per_page=100");
    expect(JSON.parse(res.body)).toEqual({ data: [], meta: { page: 50, per_page: 100, total: 1, last_page: 1 } });
    const thread = JSON.parse((await call(`/forum/threads/${SAMPLE_IDS.thread}?page=50`)).body);
    expect(thread.data.posts).toEqual([]);
    expect(thread.meta).toEqual({ page: 50, per_page: 50, total: 2, last_page: 1 });
  });

  it("wrong methods are 405 whatever the body", async () => {
    for (const [method, path] of [
      ["POST", "/documents"],
      ["PUT", `/documents/${SAMPLE_IDS.publicSchematic}`],
      ["DELETE", "/boards/820-00165"],
      ["PATCH", "/posts"],
    ]) {
      const res = await call(path, { method, body: "{".repeat(10_000), headers: { "Content-Type": "application/json" } });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.type).toBe("application/problem+json");
    }
  });

  it("hostile headers do not break a request", async () => {
    for (const headers of <Record<string, string>[]>[
      { "Accept-Language": LONG(10_000, "en,") },
      { "Accept-Language": "q=;;;,,,;q=-1" },
      { "If-None-Match": LONG(8000, '"') },
      { "X-Request-Id": LONG(10_000, "a") },
    ]) {
      const res = await call("/forum/threads", { headers });
      expect(res.status, JSON.stringify(headers).slice(0, 60)).toBe(200);
    }
    const longKey = await call("/forum/threads", { headers: { Authorization: `Bearer bds_${LONG(8000, "a")}` } });
    expect(longKey.status).toBe(401);
    expect(longKey.body).not.toMatch(LEAKS);
  });
});
