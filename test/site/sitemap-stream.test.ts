// A sitemap page is written chunk by chunk: every item once per language, chunks read only as the reader
// asks for them, and never more urls than the page size allows.
import { describe, expect, it } from "vitest";
import { ITEMS_PER_SITEMAP, MAX_URLS_PER_SITEMAP, SITEMAP_CHUNK_ITEMS, urlsetStream, type SitemapItem } from "../../src/site/feeds/sitemap-xml";
import { LANGUAGES } from "../../src/core/language";

const target = { siteUrl: "https://boards.test", defaultLang: "es" as const };
const item = (n: number): SitemapItem => ({ url: (u) => `${u.siteUrl}/${u.lang}/forum/item-${n}`, lastmod: "2026-01-02T03:04:05Z" });

/** A section of `total` items, served in the page's chunks; records which chunks were read. */
function section(total: number, page: number) {
  const chunksPerPage = ITEMS_PER_SITEMAP / SITEMAP_CHUNK_ITEMS;
  const read: number[] = [];
  const chunk = async (k: number) => {
    read.push(k);
    const from = ((page - 1) * chunksPerPage + k - 1) * SITEMAP_CHUNK_ITEMS;
    return Array.from({ length: Math.max(0, Math.min(SITEMAP_CHUNK_ITEMS, total - from)) }, (_, i) => item(from + i));
  };
  return { chunk, read, chunksPerPage };
}

describe("sitemap pages in chunks", () => {
  it("the protocol's limits hold by construction: at most 50 000 urls, and under 1 KB per url", () => {
    expect(ITEMS_PER_SITEMAP * LANGUAGES.length).toBeLessThanOrEqual(MAX_URLS_PER_SITEMAP);
    expect(ITEMS_PER_SITEMAP % SITEMAP_CHUNK_ITEMS).toBe(0);
  });

  it("lists every item of a page once per language, across chunk boundaries, and stops at the page's end", async () => {
    const total = ITEMS_PER_SITEMAP + 1_234; // page 2 holds 1 234 items: three chunks, the last one short
    const s = section(total, 2);
    const first = await s.chunk(1);
    const xml = await new Response(urlsetStream(target, first, s.chunk, s.chunksPerPage)).text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(xml.endsWith("</urlset>")).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(1_234 * LANGUAGES.length);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs[0]).toBe(`https://boards.test/es/forum/item-${ITEMS_PER_SITEMAP}`);
    expect(s.read).toEqual([1, 2, 3]);
  });

  it("reads the next chunk only when the reader asks for more", async () => {
    const s = section(1_000_000, 7);
    const reader = urlsetStream(target, await s.chunk(1), s.chunk, s.chunksPerPage).getReader();
    await reader.read(); // the XML head
    await reader.read(); // the first chunk's entries
    expect(s.read).toEqual([1]);
    let chunks = 0;
    while (!(await reader.read()).done) chunks++;
    expect(s.read).toEqual(Array.from({ length: s.chunksPerPage }, (_, i) => i + 1));
    expect(chunks).toBe(s.chunksPerPage); // the other chunks, then the closing tag
  });
});
