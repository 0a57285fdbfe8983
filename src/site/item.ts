// Shared steps of the item pages: canonical redirects, alternates and short descriptions.
import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import { LANGUAGES, type Lang } from "../core/language";
import { canonicalId } from "../core/ids";
import { type PageKind, pageUrl, type UrlContext } from "../core/urls";
import type { Alternates, Site } from "./site";

/**
 * Ids in any case and a missing or outdated slug all reach the page, but only the canonical address
 * answers 200: anything else is a 301 to it (query kept), so links, caches and search engines converge.
 */
export function canonicalRedirect(c: Context<AppEnv>, canonicalUrl: string): Response | undefined {
  const canonicalPath = new URL(canonicalUrl).pathname;
  if (c.req.path === canonicalPath) return undefined;
  const query = new URL(c.req.url).search;
  return c.redirect(canonicalUrl + query, 301);
}

/**
 * The item a page's key names, read by `load`; undefined for a key naming none (or a `?page=` the item has no
 * pages of), a Response for the redirect to its canonical address.
 */
export async function itemOfPage<T extends { url: string }>(
  c: Context<AppEnv>,
  key: string,
  load: (id: string) => Promise<T | undefined>,
): Promise<T | Response | undefined> {
  const id = canonicalId(key);
  if (!id || c.req.query("page") !== undefined) return undefined;
  const item = await load(id);
  if (!item) return undefined;
  return canonicalRedirect(c, item.url) ?? item;
}

/** An article's head: its title and description, its canonical address and its address in each language. */
export function articleHead(site: Site, kind: PageKind, item: { id: string; title: string; url: string }, description: string) {
  const alternates = alternatesOf(site, (urls) => pageUrl(urls, kind, item.id, item.title));
  return { title: item.title, description, canonical: item.url, alternates, ogType: "article" as const };
}

/** The address in each language, built by the one url builder. */
export function alternatesOf(site: Site, build: (urls: UrlContext) => string): Alternates {
  return Object.fromEntries(LANGUAGES.map((lang: Lang) => [lang, build({ siteUrl: site.siteUrl, lang })])) as Alternates;
}

/** Plain text for meta descriptions: Markdown punctuation dropped, whitespace collapsed, cut at a word. */
export function plainSummary(text: string | null | undefined, max = 160): string {
  if (!text) return "";
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(#+|>|[-+*]\s)\s*/gm, "")
    .replace(/[*`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

/** `?page=` of a paged page: absent → 1; anything but a positive whole number → undefined (a 404). */
export function pageParam(c: Context<AppEnv>): number | undefined {
  const raw = c.req.query("page");
  if (raw === undefined) return 1;
  return /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : undefined;
}

export function withPage(url: string, page: number): string {
  return page > 1 ? `${url}${url.includes("?") ? "&" : "?"}page=${page}` : url;
}
