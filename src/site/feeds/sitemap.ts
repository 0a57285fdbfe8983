// /sitemap.xml (a sitemap index) and one paged sitemap per section, each url with its hreflang alternates.
// Pages are read and written in chunks (src/site/feeds/sitemap-xml.ts), so one page's memory is bounded whatever
// the catalogue size.
import { listPosts } from "../../db/queries/blog";
import { listBoards } from "../../db/queries/boards/boards";
import { listCases } from "../../db/queries/cases";
import { listDocuments } from "../../db/queries/documents";
import { listThreads } from "../../db/queries/forum";
import { pageMeta, type PageMeta, type PageRequest } from "../../core/pagination";
import { boardUrl, homeUrl, pageUrl, pointUrl, sectionUrl } from "../../core/urls";
import { listPointPages } from "../../db/queries/board-reference";
import type { Site } from "../site";
import { ITEMS_PER_SITEMAP, SITEMAP_CHUNK_ITEMS, urlsetStream, type SitemapItem } from "./sitemap-xml";
import { xmlResponse, xmlText } from "./xml";

export { ITEMS_PER_SITEMAP, MAX_URLS_PER_SITEMAP } from "./sitemap-xml";

/** `pages`: the home page and each section's index, the pages /llms.txt lists; then one sitemap per kind of item. */
export const SITEMAP_SECTIONS = ["pages", "threads", "posts", "cases", "documents", "boards", "points"] as const;

/** The site's fixed pages: home and the section indexes (forum, blog, cases, library, boards). */
const FIXED_PAGES: SitemapItem[] = [
  { url: (u) => homeUrl(u), lastmod: null },
  ...(["thread", "post", "case", "document", "board"] as const).map((kind): SitemapItem => ({ url: (u) => sectionUrl(u, kind), lastmod: null })),
];
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

async function sectionItems(site: Site, section: SitemapSection, page: PageRequest): Promise<{ items: SitemapItem[]; meta: PageMeta }> {
  const q = site.query;
  switch (section) {
    case "pages": {
      const items = FIXED_PAGES.slice((page.page - 1) * page.perPage, page.page * page.perPage);
      return { meta: pageMeta(page, FIXED_PAGES.length), items };
    }
    case "threads": {
      const r = await listThreads(q, { latestFirst: true }, page);
      return {
        meta: r.meta,
        items: r.data.map((t) => ({ url: (u) => pageUrl(u, "thread", t.id, t.title), lastmod: t.last_activity_at ?? t.created_at })),
      };
    }
    case "posts": {
      const r = await listPosts(q, {}, page);
      return { meta: r.meta, items: r.data.map((p) => ({ url: (u) => pageUrl(u, "post", p.id, p.title), lastmod: p.published_at })) };
    }
    case "cases": {
      const r = await listCases(q, {}, page);
      return { meta: r.meta, items: r.data.map((c) => ({ url: (u) => pageUrl(u, "case", c.id, c.title), lastmod: c.published_at })) };
    }
    case "documents": {
      const r = await listDocuments(q, {}, page);
      return { meta: r.meta, items: r.data.map((d) => ({ url: (u) => pageUrl(u, "document", d.id, d.title), lastmod: d.created_at })) };
    }
    case "boards": {
      const r = await listBoards(q, page);
      return { meta: r.meta, items: r.data.map((b) => ({ url: (u) => boardUrl(u, b.norm), lastmod: b.updated_at })) };
    }
    case "points": {
      const r = await listPointPages(q, page);
      return {
        meta: pageMeta(page, r.total),
        items: r.rows.map((p) => ({ url: (u) => pointUrl(u, p.board, p.point), lastmod: null })),
      };
    }
  }
}

export function sitemapPath(section: SitemapSection, page: number): string {
  return `/sitemaps/${section}-${page}.xml`;
}

/** `/sitemaps/threads-2.xml` → its section and page. */
export function parseSitemapName(name: string): { section: SitemapSection; page: number } | undefined {
  const match = /^([a-z]+)-([1-9][0-9]{0,5})\.xml$/.exec(name);
  const section = match?.[1] as SitemapSection | undefined;
  if (!match || !section || !SITEMAP_SECTIONS.includes(section)) return undefined;
  return { section, page: Number(match[2]) };
}

export async function sitemapIndexResponse(site: Site): Promise<Response> {
  const lines = ['<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  const totals = await Promise.all(SITEMAP_SECTIONS.map(async (section) => (await sectionItems(site, section, { page: 1, perPage: 1 })).meta.total));
  SITEMAP_SECTIONS.forEach((section, i) => {
    const pages = Math.ceil(totals[i] / ITEMS_PER_SITEMAP);
    for (let page = 1; page <= pages; page++) lines.push(`<sitemap><loc>${xmlText(site.siteUrl + sitemapPath(section, page))}</loc></sitemap>`);
  });
  lines.push("</sitemapindex>");
  return xmlResponse(lines.join("\n"), "application/xml");
}

/** One page of a section's sitemap, streamed chunk by chunk, or undefined past its end. */
export async function sitemapResponse(site: Site, section: SitemapSection, page: number): Promise<Response | undefined> {
  const chunksPerPage = ITEMS_PER_SITEMAP / SITEMAP_CHUNK_ITEMS;
  const chunk = async (k: number) =>
    (await sectionItems(site, section, { page: (page - 1) * chunksPerPage + k, perPage: SITEMAP_CHUNK_ITEMS })).items;
  const first = await chunk(1);
  if (first.length === 0) return undefined;
  const body = urlsetStream({ siteUrl: site.siteUrl, defaultLang: site.defaultLang }, first, chunk, chunksPerPage);
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
