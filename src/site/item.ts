// Shared steps of the item pages: canonical redirects, alternates and short descriptions.
import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import { LANGUAGES, type Lang } from "../core/language";
import type { UrlContext } from "../core/urls";
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
