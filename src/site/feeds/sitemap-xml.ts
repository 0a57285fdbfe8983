// The XML of one sitemap page, written chunk by chunk: only one chunk of items (SITEMAP_CHUNK_ITEMS) and its
// text are held at a time, whatever the page or catalogue size. Pure (no bindings), so bench/sitemap can run it.
import { rfc3339 } from "../../content/format";
import { LANGUAGES, type Lang } from "../../core/language";
import type { UrlContext } from "../../core/urls";
import { xmlText } from "./xml";

/** The protocol allows 50 000 urls and 50 MB (uncompressed) per sitemap file. */
export const MAX_URLS_PER_SITEMAP = 50_000;

/**
 * Items per sitemap page. Each item is listed once per language, and one <url> entry (address of at most
 * ~200 characters, lastmod, three hreflang alternates) stays under 1 KB, so a page is at most 10 000 urls and
 * about 10 MB: inside both protocol limits with room to spare.
 */
export const ITEMS_PER_SITEMAP = 5_000;

/** Items read from the database and written out at a time: the working set of one page being built. */
export const SITEMAP_CHUNK_ITEMS = 500;

export interface SitemapItem {
  /** The page's address in a language. */
  url: (urls: UrlContext) => string;
  lastmod: string | null;
}

export interface SitemapTarget {
  siteUrl: string;
  defaultLang: Lang;
}

/** The <url> entries of a chunk of items, one per language, each with every alternate. */
export function urlEntries(target: SitemapTarget, items: readonly SitemapItem[]): string {
  const lines: string[] = [];
  for (const item of items) {
    const byLang = Object.fromEntries(LANGUAGES.map((lang) => [lang, item.url({ siteUrl: target.siteUrl, lang })])) as Record<Lang, string>;
    const alternates = [
      ...LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xmlText(byLang[lang])}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlText(byLang[target.defaultLang])}"/>`,
    ].join("");
    const lastmod = rfc3339(item.lastmod);
    for (const lang of LANGUAGES) {
      lines.push(`<url><loc>${xmlText(byLang[lang])}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${alternates}</url>\n`);
    }
  }
  return lines.join("");
}

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const TAIL = "</urlset>";

/**
 * A sitemap page as a byte stream. `first` is the page's first chunk (already read, so an empty page can be
 * a 404 before anything is sent); `next(k)` reads chunk k (1-based, k ≥ 2) of the page, [] past its end.
 * Each chunk is read only when the reader asks for more (pull), so one chunk is in memory at a time.
 */
export function urlsetStream(
  target: SitemapTarget,
  first: readonly SitemapItem[],
  next: (chunk: number) => Promise<readonly SitemapItem[]>,
  chunksPerPage: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let chunk = 1;
  let pending: readonly SitemapItem[] | undefined = first;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(HEAD));
      },
      async pull(controller) {
        const items = pending ?? (chunk <= chunksPerPage ? await next(chunk) : []);
        pending = undefined;
        if (items.length > 0) controller.enqueue(encoder.encode(urlEntries(target, items)));
        chunk += 1;
        if (items.length < SITEMAP_CHUNK_ITEMS || chunk > chunksPerPage) {
          controller.enqueue(encoder.encode(TAIL));
          controller.close();
        }
      },
    },
    { highWaterMark: 0 },
  );
}
