// The page shell: head (canonical, hreflang alternates, Open Graph, feeds), header with navigation, footer.
import type { Child } from "hono/jsx";
import { LANGUAGES } from "../core/language";
import { accountUrl, apiDocsUrl, FEEDS, feedUrl, homeUrl, searchUrl, sectionUrl, signInUrl, siteFileUrl } from "../core/urls";
import { otherLang, type Alternates, type Site } from "./site";
import { OG_LOCALE } from "./formatting";
import { STYLE } from "./style";

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  alternates: Alternates;
  /** Defaults to the address in the default language. */
  xDefault?: string;
  ogType?: "website" | "article";
  noindex?: boolean;
  prev?: string;
  next?: string;
}

/** The way in, on every page: sign in (returning here), or the member's account on a page answered for their session. */
function AccountLink({ site }: { site: Site }) {
  const { s } = site;
  if (site.member) {
    return (
      <a href={accountUrl(site.urls, "account/keys")} data-account-link="account">
        {s.yourAccount}
      </a>
    );
  }
  // From an account page (sign-in, an invite, keys) there is nothing to come back to.
  const here = /^\/[a-z]{2}\/(sign-in|invite|account)(\/|$)/.test(site.here) ? undefined : site.here;
  return (
    <a href={signInUrl(site.urls, here)} data-account-link="sign-in" rel="nofollow">
      {s.signIn}
    </a>
  );
}

export function Layout({ site, head, children }: { site: Site; head: PageHead; children: Child }) {
  const { s, lang } = site;
  const fullTitle = head.title === s.siteName ? s.siteName : `${head.title} · ${s.siteName}`;
  const feedTitle = (name: (typeof FEEDS)[number]) => `${s.siteName}: ${s[name]}`;
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* public/favicon.svg, a static asset (also favicon.ico for clients that ask without looking). */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>{fullTitle}</title>
        <meta name="description" content={head.description} />
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        {head.noindex ? null : <link rel="canonical" href={head.canonical} />}
        {head.noindex ? null : LANGUAGES.map((l) => <link rel="alternate" hreflang={l} href={head.alternates[l]} />)}
        {head.noindex ? null : <link rel="alternate" hreflang="x-default" href={head.xDefault ?? head.alternates[site.defaultLang]} />}
        {head.prev ? <link rel="prev" href={head.prev} /> : null}
        {head.next ? <link rel="next" href={head.next} /> : null}
        {FEEDS.map((name) => (
          <link rel="alternate" type="application/atom+xml" title={feedTitle(name)} href={feedUrl(site.urls, name)} />
        ))}
        <meta property="og:site_name" content={s.siteName} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:type" content={head.ogType ?? "website"} />
        <meta property="og:url" content={head.canonical} />
        <meta property="og:locale" content={OG_LOCALE[lang]} />
        <meta property="og:locale:alternate" content={OG_LOCALE[otherLang(lang)]} />
        {/* Our own constant, not content: inlined raw so its quotes survive. */}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <a class="skip" href="#content">
          {s.skip}
        </a>
        <header class="site">
          <div class="wrap">
            <div class="top">
              <a class="brand" href={homeUrl(site.urls)}>
                {s.siteName}
              </a>
              <span class="top-links">
                <a href={head.alternates[otherLang(lang)]} hreflang={otherLang(lang)} lang={otherLang(lang)}>
                  {s.otherLanguage}
                </a>
                <AccountLink site={site} />
              </span>
            </div>
            <nav aria-label={s.nav}>
              <ul>
                <li>
                  <a href={sectionUrl(site.urls, "thread")}>{s.forum}</a>
                </li>
                <li>
                  <a href={sectionUrl(site.urls, "post")}>{s.blog}</a>
                </li>
                <li>
                  <a href={sectionUrl(site.urls, "case")}>{s.cases}</a>
                </li>
                <li>
                  <a href={sectionUrl(site.urls, "document")}>{s.library}</a>
                </li>
                <li>
                  <a href={sectionUrl(site.urls, "board")}>{s.boards}</a>
                </li>
              </ul>
            </nav>
            <form class="search" role="search" method="get" action={searchUrl(site.urls)}>
              <label for="site-search" class="vh">
                {s.searchLabel}
              </label>
              <input id="site-search" type="search" name="q" minlength={2} maxlength={200} required placeholder={s.searchLabel} />
              <button type="submit">{s.searchButton}</button>
            </form>
          </div>
        </header>
        <main id="content" class="wrap">
          {children}
        </main>
        <footer class="site">
          <div class="wrap">
            <p>{s.rules}</p>
            <p>
              <a href={apiDocsUrl(site.siteUrl)}>{s.apiDocs}</a> · <a href={siteFileUrl(site.siteUrl, "llms.txt")}>llms.txt</a> · {s.feeds}:{" "}
              {FEEDS.map((name, i) => (
                <>
                  {i > 0 ? ", " : ""}
                  <a href={feedUrl(site.urls, name)} type="application/atom+xml">
                    {s[name]}
                  </a>
                </>
              ))}
            </p>
          </div>
        </footer>
      </body>
    </html>
  );
}
