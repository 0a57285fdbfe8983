// HTML answers for page addresses that lead nowhere (404) or fail (500); the API keeps problem+json.
import type { Context } from "hono";
import type { AppEnv } from "../../http/context";
import { LANGUAGES, type Lang } from "../../http/language";
import { homeUrl } from "../../http/urls";
import { siteFor, type Site } from "../context";
import { alternatesOf } from "../item";
import { renderPage } from "../render";

/** The page's language: from its address when it has one, else the negotiated one. */
export function errorSite(c: Context<AppEnv>): Site {
  const first = c.req.path.split("/")[1] as Lang;
  return siteFor(c, LANGUAGES.includes(first) ? first : c.get("lang"));
}

function noStore(res: Response): Response {
  res.headers.set("Cache-Control", "no-store");
  return res;
}

export async function notFoundPage(c: Context<AppEnv>): Promise<Response> {
  const site = errorSite(c);
  const { s } = site;
  const res = await renderPage(
    c,
    site,
    { title: s.notFoundTitle, description: s.notFoundText, canonical: homeUrl(site.urls), alternates: alternatesOf(site, homeUrl), noindex: true },
    <>
      <h1>{s.notFoundTitle}</h1>
      <p>{s.notFoundText}</p>
      <p><a href={homeUrl(site.urls)}>{s.home}</a></p>
    </>,
    404,
  );
  return noStore(res);
}

export async function errorPage(c: Context<AppEnv>): Promise<Response> {
  const site = errorSite(c);
  const { s } = site;
  const res = await renderPage(
    c,
    site,
    { title: s.errorTitle, description: s.errorText, canonical: homeUrl(site.urls), alternates: alternatesOf(site, homeUrl), noindex: true },
    <>
      <h1>{s.errorTitle}</h1>
      <p>{s.errorText} <code>{c.get("requestId")}</code></p>
      <p><a href={homeUrl(site.urls)}>{s.home}</a></p>
    </>,
    500,
  );
  return noStore(res);
}
