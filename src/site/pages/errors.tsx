// HTML answers for page addresses that lead nowhere (404), are briefly unavailable (503) or fail (500); the
// API keeps problem+json.
import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import { LANGUAGES, type Lang } from "../../core/language";
import { homeUrl } from "../../core/urls";
import { siteFor, type Site } from "../site";
import { alternatesOf } from "../item";
import { renderPage } from "../render";
import { BoardsMeant } from "../components";

/** The page's language: from its address when it has one, else the negotiated one. */
export function errorSite(c: Context<AppEnv>): Site {
  const first = c.req.path.split("/")[1] as Lang;
  return siteFor(c, LANGUAGES.includes(first) ? first : c.get("lang"));
}

/** An error page: never cached nor indexed, with a way home. */
async function messagePage(
  c: Context<AppEnv>,
  status: 404 | 500 | 503,
  title: (s: Site["s"]) => string,
  text: (s: Site["s"]) => string,
  detail?: string,
  more?: unknown,
): Promise<Response> {
  const site = errorSite(c);
  const { s } = site;
  const res = await renderPage(
    c,
    site,
    { title: title(s), description: text(s), canonical: homeUrl(site.urls), alternates: alternatesOf(site, homeUrl), noindex: true },
    <>
      <h1>{title(s)}</h1>
      <p>
        {text(s)}
        {detail ? (
          <>
            {" "}
            <code>{detail}</code>
          </>
        ) : null}
      </p>
      {more}
      <p>
        <a href={homeUrl(site.urls)}>{s.home}</a>
      </p>
    </>,
    status,
  );
  res.headers.set("Cache-Control", "no-store");
  return res;
}

/** The 404 page; a board's may say which boards were perhaps meant (links to their pages). */
export function notFoundPage(c: Context<AppEnv>, meant: { number: string; url: string }[] = []): Promise<Response> {
  const site = errorSite(c);
  const more = <BoardsMeant s={site.s} boards={meant} />;
  return messagePage(
    c,
    404,
    (s) => s.notFoundTitle,
    (s) => s.notFoundText,
    undefined,
    more,
  );
}

/** A part of the site that will work again soon (the search index during a rebuild). */
export async function unavailablePage(c: Context<AppEnv>, retryAfterSeconds?: number): Promise<Response> {
  const res = await messagePage(
    c,
    503,
    (s) => s.unavailableTitle,
    (s) => s.unavailableText,
  );
  if (retryAfterSeconds !== undefined) res.headers.set("Retry-After", String(retryAfterSeconds));
  return res;
}

export function errorPage(c: Context<AppEnv>): Promise<Response> {
  return messagePage(
    c,
    500,
    (s) => s.errorTitle,
    (s) => s.errorText,
    c.get("requestId"),
  );
}
