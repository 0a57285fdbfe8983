// /sitemap.xml (a sitemap index) and one paged sitemap per section, each url with its hreflang alternates.
import { rfc3339 } from "../content/format";
import { listPosts } from "../db/queries/blog";
import { listBoards } from "../db/queries/boards";
import { listCases } from "../db/queries/cases";
import { listDocuments } from "../db/queries/documents";
import { listThreads } from "../db/queries/forum";
import type { PageMeta, PageRequest } from "../http/pagination";
import { LANGUAGES, type Lang } from "../http/language";
import { boardUrl, pageUrl, type UrlContext } from "../http/urls";
import type { Site } from "./context";
import { xmlResponse, xmlText } from "./xml";

/** The protocol allows 50 000 urls per sitemap; every item is listed once per language. */
export const MAX_URLS_PER_SITEMAP = 50_000;
export const ITEMS_PER_SITEMAP = MAX_URLS_PER_SITEMAP / LANGUAGES.length;

export const SITEMAP_SECTIONS = ["threads", "posts", "cases", "documents", "boards"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

interface SitemapItem {
  /** The page's address in a language. */
  url: (urls: UrlContext) => string;
  lastmod: string | null;
}

async function sectionItems(site: Site, section: SitemapSection, page: PageRequest): Promise<{ items: SitemapItem[]; meta: PageMeta }> {
  const q = site.query;
  switch (section) {
    case "threads": {
      const r = await listThreads(q, { latestFirst: true }, page);
      return { meta: r.meta, items: r.data.map((t) => ({ url: (u) => pageUrl(u, "thread", t.id, t.title), lastmod: t.last_activity_at ?? t.created_at })) };
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

/** One page of a section's sitemap, or undefined past its end. */
export async function sitemapResponse(site: Site, section: SitemapSection, page: number): Promise<Response | undefined> {
  const { items } = await sectionItems(site, section, { page, perPage: ITEMS_PER_SITEMAP });
  if (items.length === 0) return undefined;
  const lines = ['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'];
  for (const item of items) {
    const byLang = Object.fromEntries(LANGUAGES.map((lang) => [lang, item.url({ siteUrl: site.siteUrl, lang })])) as Record<Lang, string>;
    const alternates = [
      ...LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xmlText(byLang[lang])}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlText(byLang[site.defaultLang])}"/>`,
    ].join("");
    const lastmod = rfc3339(item.lastmod);
    for (const lang of LANGUAGES) {
      lines.push(`<url><loc>${xmlText(byLang[lang])}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${alternates}</url>`);
    }
  }
  lines.push("</urlset>");
  return xmlResponse(lines.join("\n"), "application/xml");
}
