// The public site: HTML pages in both languages, feeds, sitemaps, robots.txt, llms.txt and the problem pages.
// Everything here is what an anonymous visitor sees (src/site/site.ts), so it is publicly cacheable.
import { Hono, type Context } from "hono";
import { urlContext, type AppEnv } from "../http/app-env";
import { LANGUAGES, type Lang } from "../core/language";
import { every } from "hono/combine";
import { createMiddleware } from "hono/factory";
import { publicCacheHeaders, publicValidators } from "../http/cache/caching";
import { edgeCache } from "../http/cache/edge-cache";
import { FEEDS, homeUrl, MEMBER_POINTS_PATH, parsePagePath, POINT_SECTION, searchPath, type FeedName } from "../core/urls";
import { pointPage } from "./pages/point";
import { siteFor, siteQueryParams } from "./site";
import { feedResponse } from "./feeds/feeds";
import { llmsText, robotsText } from "./feeds/llms";
import { boardPage } from "./pages/board";
import { casePage } from "./pages/case";
import { documentPage } from "./pages/document";
import { notFoundPage } from "./pages/errors";
import { homePage } from "./pages/home";
import { postPage } from "./pages/post";
import { isProblemCode } from "../http/problem-table";
import { problemPage } from "./pages/problem";
import { searchPage } from "./pages/search";
import { sectionAt, sectionPage } from "./pages/section";
import { threadPage } from "./pages/thread";
import { parseSitemapName, sitemapIndexResponse, sitemapResponse } from "./feeds/sitemap";
import { accountPageFor, addAccountRoutes } from "./account/routes";
import { memberPage, sessionIdOf } from "./account/guard";
import { schematicPageFor } from "./schematic/page";
import { memberPoint } from "./account/member-points";

const ITEM_PAGES = { thread: threadPage, post: postPage, case: casePage, document: documentPage, board: boardPage };

const orNotFound = async (c: Context<AppEnv>, res: Response | undefined) => res ?? notFoundPage(c);

function text(body: string, contentType = "text/plain"): Response {
  return new Response(body, { headers: { "Content-Type": `${contentType}; charset=utf-8` } });
}

/** `/{lang}/feeds/{name}.atom`: one of FEEDS, else the not-found page. */
function feedPage(c: Context<AppEnv>, lang: Lang, file: string) {
  const name = file.replace(/\.atom$/, "") as FeedName;
  if (!file.endsWith(".atom") || !FEEDS.includes(name)) return notFoundPage(c);
  return feedResponse(siteFor(c, lang), name);
}

export function buildSite() {
  // Middleware is attached per route, never with "*": this app is mounted at "/" beside the API.
  const site = new Hono<AppEnv>();
  const cached = every(publicCacheHeaders, edgeCache(siteQueryParams, publicValidators));
  // Pages: anonymous ones cached as above; a request with a session cookie is the member's own (memberPage).
  const page = createMiddleware<AppEnv>(async (c, next) => (sessionIdOf(c) === undefined ? cached(c, next) : memberPage(c, next)));

  site.get("/robots.txt", cached, (c) => text(robotsText(c.get("siteUrl"))));
  site.get("/llms.txt", cached, (c) => text(llmsText(c.get("siteUrl"))));
  site.get("/sitemap.xml", cached, (c) => sitemapIndexResponse(siteFor(c, c.get("lang"))));
  site.get("/sitemaps/:name", cached, async (c) => {
    const which = parseSitemapName(c.req.param("name"));
    return orNotFound(c, which && (await sitemapResponse(siteFor(c, c.get("lang")), which.section, which.page)));
  });
  site.get("/problems/:code", cached, async (c) => {
    const code = c.req.param("code");
    return isProblemCode(code) ? problemPage(c, siteFor(c, c.get("lang")), code) : notFoundPage(c);
  });

  // The viewer's point answers on a member's page, read for the session (never cached).
  site.get(`${MEMBER_POINTS_PATH}:number/points/:point`, memberPoint);
  // The root has no language of its own: send the visitor to the one their browser asks for.
  site.get("/", (c) => c.redirect(homeUrl(urlContext(c)), 302));
  // Each language's pages under its own literal prefix (not a `:lang{es|en}` parameter: a pattern in a parameter
  // makes Hono fall back from its one-regular-expression router to a tree walk for every request).
  for (const lang of LANGUAGES) {
    // The account pages (sign-in, an invite, API keys) share these address shapes but depend on who asks: they are
    // answered before the cache, and only they read the session cookie.
    const accountPages = createMiddleware<AppEnv>(async (c, next) => (await accountPageFor(c, lang)) ?? next());
    // A schematic page view depends on who asks too (a member's drawn page, a reader's words): answered uncached.
    const schematicPages = createMiddleware<AppEnv>(async (c, next) => (await schematicPageFor(c, lang)) ?? next());
    site.get(`/${lang}`, page, (c) => homePage(c, siteFor(c, lang)));
    // A typed or linked "/en/" means the home page, which has one address without the slash.
    site.get(`/${lang}/`, (c) => c.redirect(homeUrl({ siteUrl: c.get("siteUrl"), lang }), 301));
    // One route per address depth, each deciding what its segments name: Hono's one-regular-expression router
    // takes no literal segment beside a parameter at the same place (/en/search beside /en/:section).
    site.get(`/${lang}/:section`, accountPages, page, async (c) => {
      const site = siteFor(c, lang);
      if (c.req.path === searchPath(lang)) return searchPage(c, site);
      const kind = sectionAt(c.req.path, site);
      return orNotFound(c, kind && (await sectionPage(c, site, kind)));
    });
    site.get(`/${lang}/:section/:key/:slug?`, accountPages, schematicPages, page, async (c) => {
      if (c.req.param("section") === "feeds" && c.req.param("slug") === undefined) return feedPage(c, lang, c.req.param("key"));
      const parsed = parsePagePath(c.req.path);
      if (!parsed) return notFoundPage(c);
      return orNotFound(c, await ITEM_PAGES[parsed.kind](c, siteFor(c, parsed.lang), parsed.key));
    });
    // A board's point: /{lang}/{boards}/{norm}/{points}/{point} (either language's word for points is read).
    site.get(`/${lang}/:section/:key/:sub/:point`, page, async (c) => {
      const parsed = parsePagePath(`/${lang}/${c.req.param("section")}/${encodeURIComponent(c.req.param("key"))}`);
      const sub = c.req.param("sub");
      if (parsed?.kind !== "board" || !Object.values(POINT_SECTION).includes(sub)) return notFoundPage(c);
      return orNotFound(c, await pointPage(c, siteFor(c, lang), parsed.key, c.req.param("point"), sub === POINT_SECTION[lang]));
    });
    addAccountRoutes(site, lang);
  }
  return site;
}
