// What every site handler needs: the page language, the site's address, its words, and an anonymous query context.
import type { Context } from "hono";
import type { QueryContext } from "../db/queries/runtime";
import type { AppEnv } from "../http/app-env";
import type { Lang } from "../core/language";
import { LANGUAGES } from "../core/language";
import { parsePagePath, searchPath, sectionPath, type UrlContext } from "../core/urls";
import { queryContext } from "../http/request-queries";
import { strings, type SiteStrings } from "./i18n";

export interface Site {
  lang: Lang;
  siteUrl: string;
  defaultLang: Lang;
  s: SiteStrings;
  urls: UrlContext;
  /** The read context of an anonymous visitor: pages, feeds and sitemaps never show more than that. */
  query: QueryContext;
  /** This page's path with the query parameters it depends on: where a sign-in from its header returns. */
  here: string;
  /** The signed-in member, only on pages answered for a session (never cached): the header links their account. */
  member?: { name: string; userId: number };
}

/** The query parameters site answers depend on (the edge cache key keeps only these): search reads q, type, page; the forum category, page; a document part, net, find; listings page. */
export function siteQueryParams(path: string): readonly string[] {
  if (LANGUAGES.some((lang) => path === searchPath(lang))) return ["q", "type", "page"];
  // A document's page writes the boardview viewer's selection (?part=, ?net=, ?find=).
  if (parsePagePath(path)?.kind === "document") return ["page", "part", "net", "find"];
  // The forum's index lists one category's threads with ?category= (a thread page links its category there).
  return LANGUAGES.some((lang) => path === sectionPath("thread", lang)) ? ["category", "page"] : ["page"];
}

/** The path and its known parameters, in a fixed order: the same for every request one edge cache entry answers. */
function herePath(url: URL): string {
  if (url.search === "") return url.pathname;
  const kept = new URLSearchParams();
  for (const name of siteQueryParams(url.pathname)) for (const value of url.searchParams.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** Fixes the request's language to the page's (so urls and Content-Language follow the address). */
export function siteFor(c: Context<AppEnv>, lang: Lang): Site {
  c.set("lang", lang);
  const query: QueryContext = { ...queryContext(c), viewer: null };
  const here = herePath(new URL(c.req.url));
  const member = c.get("member");
  return { lang, siteUrl: c.get("siteUrl"), defaultLang: c.get("config").defaultLang, s: strings(lang), urls: query.urls, query, here, member };
}

/** The same address in the other language(s). */
export type Alternates = Record<Lang, string>;

export function otherLang(lang: Lang): Lang {
  return lang === "es" ? "en" : "es";
}
