// The account posts' one gate (accountPost): no API key (only a signed-in session may manage keys), the site's own
// Origin (a cross-site post carrying the member's cookie is refused), the form rate per address, then the member's
// session and the rate per account. The session cookie is read only here, so anonymous page views never pay for it.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { findSession, SESSION_SECONDS, type MemberSession } from "../../accounts/sessions";
import type { Lang } from "../../core/language";
import { accountUrl } from "../../core/urls";
import { DomainError } from "../../errors";
import type { AppEnv } from "../../http/app-env";
import { limitHeaders } from "../../limits/headers";
import { clientAddress, recordLimit } from "../../limits/request";
import { countRate, type AppliedLimit } from "../../limits/count";
import { formLimit, memberLimit } from "../../limits/policies";
import { rateLimitedPage } from "../pages/rate-limited";
import { siteFor, type Site } from "../site";
import { messagePage, wordsOf } from "./pages";

type Ctx = Context<AppEnv>;

/** `__Host-` needs Secure, which only an https site can set; a local http site (localhost) uses a plain name. */
const SECURE_COOKIE = "__Host-bds_session";
const PLAIN_COOKIE = "bds_session";

function secureSite(c: Ctx): boolean {
  return c.get("siteUrl").startsWith("https:");
}

export function sessionCookieName(c: Ctx): string {
  return secureSite(c) ? SECURE_COOKIE : PLAIN_COOKIE;
}

export function setSessionCookie(c: Ctx, id: string): void {
  setCookie(c, sessionCookieName(c), id, { httpOnly: true, secure: secureSite(c), sameSite: "Lax", path: "/", maxAge: SESSION_SECONDS });
}

export function clearSessionCookie(c: Ctx): void {
  deleteCookie(c, sessionCookieName(c), { httpOnly: true, secure: secureSite(c), sameSite: "Lax", path: "/" });
}

/** The session cookie's value as sent, or undefined. */
export function sessionIdOf(c: Ctx): string | undefined {
  return getCookie(c, sessionCookieName(c));
}

/** The signed-in member, or undefined (one query when a cookie is sent, none otherwise). */
export async function currentMember(c: Ctx): Promise<MemberSession | undefined> {
  const id = sessionIdOf(c);
  return id === undefined ? undefined : findSession(c.env.DB, id, new Date());
}

/** The member's session as the key reveal needs it: the id from the cookie and its hash. */
export function sessionOf(c: Ctx, member: MemberSession): { id: string; hash: string } {
  return { id: sessionIdOf(c) ?? "", hash: member.sessionHash };
}

/**
 * A site page asked with a session cookie: the member's own answer, never the edge cache's and never stored by a
 * shared cache (`private, no-store`), its header linking their account. A cookie of no live session is cleared and
 * the page is the anonymous one, still uncached. Anonymous requests (no cookie) never come here.
 */
export const memberPage = createMiddleware<AppEnv>(async (c, next) => {
  const member = await currentMember(c);
  if (member) c.set("member", { name: member.name, userId: member.userId });
  else clearSessionCookie(c);
  await next();
  c.res.headers.set("Cache-Control", "private, no-store");
});

/** Why a post is refused before anything is done. */
type Refusal = { kind: "api-key" } | { kind: "cross-site" } | { kind: "rate"; applied: AppliedLimit };

/**
 * The Origin a browser sends on a POST, compared with the site's own. Where it is missing (the local `wrangler dev`
 * proxy drops a same-origin one), the browser's Fetch Metadata must say same-origin; with neither, it is refused.
 */
export function sameOrigin(c: Ctx): boolean {
  const origin = c.req.header("Origin");
  if (origin !== undefined) return origin === new URL(c.get("siteUrl")).origin;
  return c.req.header("Sec-Fetch-Site") === "same-origin";
}

async function overRate(c: Ctx, applied: Promise<AppliedLimit>): Promise<Refusal | undefined> {
  const result = recordLimit(c, await applied);
  return result.decision.allowed ? undefined : { kind: "rate", applied: result };
}

function refusalPage(c: Ctx, site: Site, refusal: Refusal): Promise<Response> {
  const w = wordsOf(site);
  if (refusal.kind === "rate") {
    return rateLimitedPage(c, refusal.applied.decision.retryAfterSeconds, refusal.applied.rule.limit, limitHeaders(c.get("limits") ?? []));
  }
  return messagePage(c, site, 403, w.refusedTitle, refusal.kind === "api-key" ? w.apiKeyRefused : w.crossSite, "sign-in");
}

function refusalJson(c: Ctx, site: Site, refusal: Refusal): Response {
  const w = wordsOf(site);
  if (refusal.kind === "rate") {
    const retry = refusal.applied.decision.retryAfterSeconds;
    return c.json({ error: site.s.rateLimitedText(retry, refusal.applied.rule.limit) }, 429, {
      ...limitHeaders(c.get("limits") ?? []),
      "Retry-After": String(retry),
      "Cache-Control": "no-store",
    });
  }
  return c.json({ error: refusal.kind === "api-key" ? w.apiKeyRefused : w.crossSite }, 403, { "Cache-Control": "no-store" });
}

/**
 * What an account post is: a member's "form" (answered with pages; no session goes to sign-in), a passkey
 * "ceremony" call (JSON; no session read) or a "member-ceremony" call (JSON; the session is used when one is sent).
 */
export type AccountPost = "form" | "ceremony" | "member-ceremony";

/**
 * The one gate of every account post, in order: no API key, the site's own Origin, the address's form rate, then
 * (but for a ceremony) the member's session and the member's rate. A refusal is answered here; the handler gets
 * the member as `memberSession`.
 */
export function accountPost(lang: Lang, kind: AccountPost) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const site = siteFor(c, lang);
    const refuse = (refusal: Refusal) => (kind === "form" ? refusalPage(c, site, refusal) : refusalJson(c, site, refusal));
    if (c.req.header("Authorization") !== undefined) return refuse({ kind: "api-key" });
    if (!sameOrigin(c)) return refuse({ kind: "cross-site" });
    const overForm = await overRate(c, countRate(c.env, formLimit(clientAddress(c), c.get("config").formRatePerMinute)));
    if (overForm) return refuse(overForm);
    if (kind !== "ceremony") {
      const member = await currentMember(c);
      if (!member && kind === "form") return c.redirect(accountUrl(site.urls, "sign-in"), 303);
      if (member) {
        const overMember = await overRate(c, countRate(c.env, memberLimit(member.userId, c.get("config").memberRatePerMinute)));
        if (overMember) return refuse(overMember);
        c.set("memberSession", member);
      }
    }
    await next();
  });
}

/** The member `accountPost` let through ("form" always has one), else an "unauthorized" error. */
export function postingMember(c: Ctx): MemberSession {
  const member = c.get("memberSession");
  if (!member) throw new DomainError("unauthorized", "Sign in first.");
  return member;
}
