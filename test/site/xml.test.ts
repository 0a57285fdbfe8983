import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { ORIGIN, seedSample } from "../helpers/app";
import { page } from "../helpers/site";
import { child, children, parseXml, RFC3339, type XmlElement } from "../helpers/xml";

/** Titles an anonymous visitor must never see anywhere (sample data plus the extra rows below). */
const PRIVATE_TITLES = [
  "Alice private notes",
  "NM-A311 boardview",
  "Processing upload",
  "Taken down manual",
  "Held for moderation",
  "Draft post",
  "Scheduled post",
  "Unpublished case",
  "Secret unpublished",
];
const EXTRA_THREADS = 55;
const FEEDS = ["forum", "library", "blog", "cases"];
const HOSTILE_TITLE = "Tags <b>&</b> \"quotes\" 'single' \u0001ctrl";

beforeAll(async () => {
  await seedSample();
  // More threads than a feed holds, one with markup and a control character in its title, one unpublished.
  const threads = Array.from({ length: EXTRA_THREADS }, (_, i) => ({
    category: "laptops",
    title: i === 7 ? HOSTILE_TITLE : `Extra thread ${String(i).padStart(2, "0")}`,
    author: "bob",
    body: "Body",
    created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  }));
  threads.push({
    category: "laptops",
    title: "Secret unpublished",
    author: "bob",
    body: "x",
    created_at: "2026-11-01T00:00:00Z",
    published: false,
  } as (typeof threads)[number]);
  const outcome = await importContent(env, { threads });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

async function xml(path: string, contentType: RegExp): Promise<{ root: XmlElement; body: string }> {
  const res = await page(path);
  const body = await res.text();
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(contentType);
  expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
  return { root: parseXml(body), body };
}

describe("the XML checker itself", () => {
  it("rejects what is not well-formed", () => {
    for (const bad of [
      "<a><b></a></b>",
      "<a>x & y</a>",
      "<a b=1/>",
      "<a/><b/>",
      "<a>&nbsp;</a>",
      '<a b="1" b="2"/>',
      "<a>\u0001</a>",
      "<a>",
      "text",
    ]) {
      expect(() => parseXml(bad), bad).toThrow();
    }
    const ok = parseXml('<?xml version="1.0"?><a x="1 &amp; 2"><b>t&lt;&#65;&#x42;</b><!-- c --><c/></a>');
    expect(ok.attrs.x).toBe("1 & 2");
    expect(child(ok, "b")!.text).toBe("t<AB");
  });
});

describe("sitemaps", () => {
  it("the index lists one sitemap per section; each url carries its hreflang alternates and lastmod, and opens a page", async () => {
    const { root } = await xml("/sitemap.xml", /^application\/xml/);
    expect(root.name).toBe("sitemapindex");
    expect(root.attrs.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs = children(root, "sitemap").map((s) => child(s, "loc")!.text);
    expect(locs).toEqual(["pages", "threads", "posts", "cases", "documents", "boards", "points"].map((s) => `${ORIGIN}/sitemaps/${s}-1.xml`));

    const all: string[] = [];
    for (const loc of locs) {
      const { root: set, body } = await xml(loc, /^application\/xml/);
      expect(set.name).toBe("urlset");
      expect(set.attrs["xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
      const urls = children(set, "url");
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(50_000);
      for (const url of urls) {
        const own = child(url, "loc")!.text;
        all.push(own);
        const links = children(url, "xhtml:link");
        const byLang = Object.fromEntries(links.map((l) => [l.attrs.hreflang, l.attrs.href]));
        expect(Object.keys(byLang).sort()).toEqual(["en", "es", "x-default"]);
        expect(links.every((l) => l.attrs.rel === "alternate")).toBe(true);
        expect(Object.values(byLang)).toContain(own);
        expect(byLang["x-default"]).toBe(byLang.es);
        const lastmod = child(url, "lastmod")?.text;
        // Boards without a visible document, the home page, the section indexes and points have no date to give.
        if (!own.includes("/NMA311") && !loc.includes("/pages-") && !loc.includes("/points-")) expect(lastmod, own).toMatch(RFC3339);
      }
      for (const secret of PRIVATE_TITLES) expect(body).not.toContain(secret.toLowerCase().replace(/ /g, "-"));
    }
    // Each item appears once per language.
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((u) => u.startsWith(`${ORIGIN}/en/`)).length).toBe(all.filter((u) => u.startsWith(`${ORIGIN}/es/`)).length);
    expect(all.filter((u) => u.includes("/forum/")).length).toBe(2 + EXTRA_THREADS);
    for (const url of all) {
      const res = await page(url);
      await res.text();
      expect(res.status, url).toBe(200);
    }
  });

  it("a sitemap page past the end or of an unknown section is a 404", async () => {
    for (const path of ["/sitemaps/threads-2.xml", "/sitemaps/secrets-1.xml", "/sitemaps/threads-0.xml", "/sitemaps/threads.xml"]) {
      const res = await page(path);
      await res.text();
      expect(res.status, path).toBe(404);
    }
  });

  it("robots.txt points at the index and keeps crawlers off the signed file links", async () => {
    const res = await page("/robots.txt");
    const body = await res.text();
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/api\/v1\/files\/$/m);
    expect(body).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap.xml$`, "m"));
  });
});

describe("Atom feeds", () => {
  for (const lang of ["en", "es"]) {
    it(`each ${lang} feed is RFC 4287 Atom with the required elements and nothing private`, async () => {
      for (const name of FEEDS) {
        const self = `${ORIGIN}/${lang}/feeds/${name}.atom`;
        const { root: feed, body } = await xml(self, /^application\/atom\+xml/);
        expect(feed.name).toBe("feed");
        expect(feed.attrs.xmlns).toBe("http://www.w3.org/2005/Atom");
        expect(feed.attrs["xml:lang"]).toBe(lang);
        expect(child(feed, "id")!.text).toBe(self);
        expect(child(feed, "title")!.text).toBeTruthy();
        expect(child(feed, "updated")!.text).toMatch(RFC3339);
        expect(children(feed, "link").find((l) => l.attrs.rel === "self")?.attrs.href).toBe(self);
        const entries = children(feed, "entry");
        expect(entries.length, name).toBeGreaterThan(0);
        expect(entries.length).toBeLessThanOrEqual(50);
        const ids = new Set<string>();
        for (const entry of entries) {
          const id = child(entry, "id")!.text;
          expect(id).toMatch(/^tag:boards\.test,2026:(thread|document|post|case):[0-9A-Z]{26}$/);
          ids.add(id);
          expect(child(entry, "title")!.text).toBeTruthy();
          expect(child(child(entry, "author")!, "name")!.text).toBeTruthy();
          expect(child(entry, "updated")!.text).toMatch(RFC3339);
          expect(child(entry, "summary")!.text).toBeTruthy();
          const alternate = children(entry, "link").find((l) => l.attrs.rel === "alternate")!.attrs.href;
          expect(alternate.startsWith(`${ORIGIN}/${lang}/`)).toBe(true);
          const res = await page(alternate);
          await res.text();
          expect(res.status, alternate).toBe(200);
        }
        expect(ids.size).toBe(entries.length);
        for (const secret of PRIVATE_TITLES) expect(body, `${name} feed`).not.toContain(secret);
      }
    });
  }

  it("holds the newest 50 entries, newest first, with titles escaped and forbidden characters dropped", async () => {
    const { root } = await xml("/en/feeds/forum.atom", /^application\/atom\+xml/);
    const entries = children(root, "entry");
    expect(entries).toHaveLength(50);
    const updated = entries.map((e) => child(e, "updated")!.text);
    expect([...updated].sort().reverse()).toEqual(updated);
    expect(child(root, "updated")!.text).toBe(updated[0]);
    const titles = entries.map((e) => child(e, "title")!.text);
    expect(titles[0]).toBe("820-00165 no power, PP3V42 missing");
    expect(titles).toContain(HOSTILE_TITLE.replace("\u0001", ""));
    // The oldest extra threads fall off the end; the forum rules (2025) too.
    expect(titles).not.toContain("Extra thread 00");
    expect(titles).not.toContain("Forum rules");
  });

  it("pages link their language's feeds", async () => {
    const res = await page("/es");
    const body = await res.text();
    for (const name of FEEDS) {
      expect(body).toMatch(
        new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="${ORIGIN}/es/feeds/${name}\\.atom"/>`),
      );
    }
  });
});

describe("/llms.txt", () => {
  it("follows the llmstxt.org shape and says what the site is, where the API and MCP are, and the usage rules", async () => {
    const res = await page("/llms.txt");
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain; charset=utf-8/);
    const lines = body.split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.filter((l) => l.startsWith("# "))).toHaveLength(1);
    expect(lines.find((l) => l.trim() !== "" && !l.startsWith("# "))).toMatch(/^> \S/);
    expect(lines.filter((l) => l.startsWith("## ")).length).toBeGreaterThanOrEqual(3);
    expect(body).toContain(`(${ORIGIN}/api/v1/openapi.json)`);
    expect(body).toContain(`(${ORIGIN}/mcp)`);
    expect(body).toMatch(/cite .*url/i);
    expect(body).toMatch(/credit its author/i);
    expect(body).toMatch(/may be wrong/i);
    expect(body).toMatch(/bulk download/i);
    // Every link in it leads somewhere real (the MCP endpoint belongs to another part of the Worker).
    const links = [...body.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((m) => m[1]).filter((u) => !u.endsWith("/mcp"));
    expect(links.length).toBeGreaterThan(20);
    for (const link of links) {
      const r = await page(link);
      await r.text();
      expect(r.status, link).toBe(200);
    }
    for (const name of FEEDS) expect(body).toContain(`${ORIGIN}/en/feeds/${name}.atom`);
  });
});
