// The site's own limit (SITE_RATE_PER_MINUTE, default 300: crawler-friendly): pages, feeds, sitemaps,
// robots.txt and llms.txt per client address, on a counter separate from the API's, so reading the same
// content as HTML is limited too without eating into a visitor's API calls. Past it: a 429 page in the
// visitor's language with Retry-After and the limit headers.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env";
import { ApiError } from "../http/problem";
import { rateLimitedPage } from "./pages/rate-limited";
import { addressBucket } from "../limits/client-address";
import { limitAlongside, writeLimitHeaders, type LimitCheck } from "../http/rate-limit";

/**
 * The site's addresses (as mounted in src/app.ts); everything else (API, /mcp, /healthz, assets) is not
 * counted here. "/es/*" also matches "/es" itself, so the home pages are not listed twice.
 */
export const SITE_PATHS = ["/", "/robots.txt", "/llms.txt", "/sitemap.xml", "/sitemaps/*", "/problems/*", "/es/*", "/en/*"] as const;

function siteCheck(c: Context<AppEnv>): LimitCheck {
  const { sitePerMinute, ipv6PrefixBits } = c.get("config");
  return {
    policy: "site",
    counter: `rate:site:${addressBucket(c.req.header("CF-Connecting-IP"), ipv6PrefixBits)}`,
    rule: { limit: sitePerMinute, windowSeconds: 60 },
    code: "rate-limited",
    detail: (d) => `Too many pages from this address: at most ${sitePerMinute} a minute. Retry in ${d.retryAfterSeconds} s.`,
  };
}

/**
 * Counts the view while the page is built (the check does not sit in front of the data, as for the API, and a
 * remembered refusal answers at once); a refused view's page is thrown away unseen and the 429 page goes out.
 */
export const siteRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const check = siteCheck(c);
  try {
    await limitAlongside(c, check, next, true);
    writeLimitHeaders(c);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 429) throw err;
    const retryAfter = c.get("limits")?.find((l) => l.policy === "site")?.decision.retryAfterSeconds ?? check.rule.windowSeconds;
    c.res = await rateLimitedPage(c, retryAfter, check.rule.limit, err.extras.headers ?? {});
  }
});
