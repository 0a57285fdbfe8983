// The site's own limit (SITE_RATE_PER_MINUTE, default 300: crawler-friendly): pages, feeds, sitemaps,
// robots.txt and llms.txt per client address, on a counter separate from the API's, so reading the same
// content as HTML is limited too without eating into a visitor's API calls. Past it: a 429 page in the
// visitor's language with Retry-After and the limit headers (the one place the site answers a refusal).
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env";
import { countAlongside, writeLimitHeaders } from "../http/rate-limit";
import { clientAddress } from "../limits/request";
import { limitHeaders } from "../limits/headers";
import { siteLimit } from "../limits/policies";
import { rateLimitedPage } from "./pages/rate-limited";

/**
 * The site's addresses (as mounted in src/app.ts); everything else (API, /mcp, /healthz, assets) is not
 * counted here. "/es/*" also matches "/es" itself, so the home pages are not listed twice.
 */
export const SITE_PATHS = ["/", "/robots.txt", "/llms.txt", "/sitemap.xml", "/sitemaps/*", "/problems/*", "/es/*", "/en/*", "/member/*"] as const;

/**
 * Counts the view while the page is built (the check does not sit in front of the data, as for the API, and a
 * remembered refusal answers at once); a refused view's page is thrown away unseen and the 429 page goes out.
 */
export const siteRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const applied = await countAlongside(c, siteLimit(clientAddress(c), c.get("config").sitePerMinute), next);
  if (applied.decision.allowed) {
    writeLimitHeaders(c);
    return;
  }
  c.res = await rateLimitedPage(c, applied.decision.retryAfterSeconds, applied.rule.limit, limitHeaders(c.get("limits") ?? []));
});
