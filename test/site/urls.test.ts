import { beforeAll, describe, expect, it } from "vitest";
import { getJson, KEYS, ORIGIN, seedSample } from "../helpers/app";
import { page } from "../helpers/site";

beforeAll(seedSample);

/** Every `url` value anywhere in a JSON body. */
function urlsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) urlsIn(v, found);
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "url" && typeof v === "string") found.add(v);
      else urlsIn(v, found);
    }
  }
}

/** Walks the list endpoints and the detail endpoint of every item they list, as `lang` and as `key` (if any). */
async function walkApi(lang: string, key?: string): Promise<Set<string>> {
  const found = new Set<string>();
  const get = async (path: string) => {
    const { body } = await getJson(path, { lang, key });
    urlsIn(body, found);
    return body;
  };
  const lists: [string, (item: any) => string][] = [
    ["/documents?per_page=100", (d) => `/documents/${d.id}`],
    ["/forum/threads?per_page=100", (t) => `/forum/threads/${t.id}`],
    ["/posts?per_page=100", (p) => `/posts/${p.id}`],
    ["/cases?per_page=100", (c) => `/cases/${c.id}`],
  ];
  const boards = new Set<string>();
  for (const [list, detail] of lists) {
    for (const item of (await get(list)).data) {
      const full = (await get(detail(item))).data;
      for (const b of [...(full.boards ?? []), ...(full.board ? [typeof full.board === "string" ? full.board : full.board.number] : [])])
        boards.add(b);
    }
  }
  for (const b of boards) await get(`/boards/${encodeURIComponent(b)}`);
  await get("/forum/categories");
  return found;
}

describe("every url the API returns opens a page", () => {
  for (const lang of ["en", "es"]) {
    it(`anonymous walk (${lang})`, async () => {
      const urls = await walkApi(lang);
      // 2 threads, 1 post, 1 case, 1 document, 1 board (the other board only carries non-public documents).
      expect(urls.size).toBeGreaterThanOrEqual(6);
      for (const url of urls) {
        expect(url.startsWith(`${ORIGIN}/${lang}/`), url).toBe(true);
        const res = await page(url);
        const body = await res.text();
        expect(res.status, url).toBe(200);
        expect(body).toContain(`<link rel="canonical" href="${url.replace(/&/g, "&amp;")}"/>`);
      }
    });
  }

  it("with a key, boards open for everyone; documents only the key's owner sees are 404 pages, as for any visitor", async () => {
    const anonymous = await walkApi("en");
    const alice = await walkApi("en", KEYS.aliceRead);
    const extra = [...alice].filter((u) => !anonymous.has(u));
    const documents = extra.filter((u) => u.startsWith(`${ORIGIN}/en/library/`));
    expect(documents.length).toBe(2);
    for (const url of extra) {
      const res = await page(url);
      await res.text();
      expect(res.status, url).toBe(documents.includes(url) ? 404 : 200);
    }
  });
});
