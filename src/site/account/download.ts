// A signed-in member's Download button: the same link, visibility rule and daily cap as the API's download
// (downloads/download.ts), answered as the site answers: a redirect to the file, or the 404, 409 or 429 page.
import type { Context } from "hono";
import type { MemberSession } from "../../accounts/sessions";
import { canonicalId } from "../../core/ids";
import type { AppEnv } from "../../http/app-env";
import { recordLimit } from "../../limits/request";
import { requestDownload } from "../../http/request-queries";
import { limitHeaders } from "../../limits/headers";
import { notFoundPage } from "../pages/errors";
import type { Site } from "../site";
import { messagePage, wordsOf } from "./pages";

/** A member's download of a document, counted against their daily cap (the Download button and the schematic page view). */
export async function memberDownload(c: Context<AppEnv>, member: MemberSession, id: string) {
  const outcome = await requestDownload(c, member.userId, id);
  if (outcome.kind === "issued" || outcome.kind === "capped") recordLimit(c, outcome.cap);
  return outcome;
}

export async function siteDownload(c: Context<AppEnv>, site: Site, member: MemberSession): Promise<Response> {
  const id = canonicalId(c.req.param("id") ?? "");
  if (!id) return notFoundPage(c);
  const outcome = await memberDownload(c, member, id);
  const w = wordsOf(site);
  if (outcome.kind === "not-found") return notFoundPage(c);
  if (outcome.kind === "not-available") return messagePage(c, site, 409, w.notAvailableTitle, w.notAvailableText);
  if (outcome.kind === "capped") {
    const retry = outcome.cap.decision.retryAfterSeconds;
    const res = await messagePage(c, site, 429, w.capTitle, w.capText(outcome.cap.rule.limit, retry));
    for (const [name, value] of Object.entries(limitHeaders(c.get("limits") ?? []))) res.headers.set(name, value);
    res.headers.set("Retry-After", String(retry));
    return res;
  }
  return c.redirect(outcome.url, 303);
}
