// What every site handler needs: the page language, the site's address, its words, and an anonymous query context.
import type { Context } from "hono";
import type { QueryContext } from "../db/queries/runtime";
import type { AppEnv } from "../http/app-env";
import type { Lang } from "../core/language";
import type { UrlContext } from "../core/urls";
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
}

/** Fixes the request's language to the page's (so urls and Content-Language follow the address). */
export function siteFor(c: Context<AppEnv>, lang: Lang): Site {
  c.set("lang", lang);
  const query: QueryContext = { ...queryContext(c), viewer: null };
  return { lang, siteUrl: c.get("siteUrl"), defaultLang: c.get("config").defaultLang, s: strings(lang), urls: query.urls, query };
}

/** The same address in the other language(s). */
export type Alternates = Record<Lang, string>;

export function otherLang(lang: Lang): Lang {
  return lang === "es" ? "en" : "es";
}
