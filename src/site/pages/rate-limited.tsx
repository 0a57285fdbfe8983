// The 429 page of the site: what a visitor (or a crawler) sees past SITE_RATE_PER_MINUTE, in its language.
import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import { homeUrl } from "../../core/urls";
import { alternatesOf } from "../item";
import { renderPage } from "../render";
import { errorSite } from "./errors";

export async function rateLimitedPage(
  c: Context<AppEnv>,
  retryAfterSeconds: number,
  limit: number,
  headers: Record<string, string>,
): Promise<Response> {
  const site = errorSite(c);
  const { s } = site;
  const text = s.rateLimitedText(retryAfterSeconds, limit);
  const res = await renderPage(
    c,
    site,
    { title: s.rateLimitedTitle, description: text, canonical: homeUrl(site.urls), alternates: alternatesOf(site, homeUrl), noindex: true },
    <>
      <h1>{s.rateLimitedTitle}</h1>
      <p>{text}</p>
    </>,
    429,
  );
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  res.headers.set("Cache-Control", "no-store");
  return res;
}
