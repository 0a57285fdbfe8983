// The account's addresses on the site: the pages (sign-in, an invite, API keys) and the posts behind them (passkey
// ceremonies as JSON, key and passkey forms, sign-out, a member's download). Each post passes one gate first
// (guard.ts accountPost: API key, Origin, form rate, session, member rate); the handlers here only do the work.
import type { Context, Hono } from "hono";
import { findInvite, redeemInvite } from "../../accounts/invites";
import {
  createMemberKey,
  KEY_LIFETIMES_DAYS,
  KEY_NAME_MAX,
  listMemberKeys,
  MAX_ACTIVE_KEYS,
  parseKeyForm,
  revokeMemberKey,
} from "../../accounts/member-keys";
import type { Member } from "../../accounts/members";
import {
  listPasskeys,
  MAX_PASSKEYS,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  signInOptions,
  UserNotVerified,
  verifySignIn,
} from "../../accounts/passkeys";
import { keepForReveal, takeReveal } from "../../accounts/key-reveal";
import { endSession, startSession, type MemberSession } from "../../accounts/sessions";
import { accountPath, accountUrl, returnUrl } from "../../core/urls";
import type { Lang } from "../../core/language";
import { DomainError } from "../../errors";
import type { AppEnv } from "../../http/app-env";
import { rateDecided } from "../../http/rate-limit";
import { notFoundPage } from "../pages/errors";
import { siteFor, type Site } from "../site";
import { siteDownload } from "./download";
import { accountPost, clearSessionCookie, currentMember, postingMember, sessionIdOf, sessionOf, setSessionCookie, type AccountPost } from "./guard";
import { invitePage, keysPage, messagePage, oldInvitePage, signInPage, wordsOf, type KeysPageState } from "./pages";

type Ctx = Context<AppEnv>;

/** A passkey answer is a few kilobytes; anything far larger is refused unread. */
const MAX_JSON_BYTES = 64 * 1024;

function rp(c: Ctx) {
  return relyingParty(c.get("siteUrl"), siteFor(c, c.get("lang")).s.siteName);
}

/** The account page a GET names, or undefined for every other page (they stay anonymous and cached). */
/** The invite's secret a ceremony's body carries (sent in the body, never in an address). */
const inviteIn = (body: { invite?: unknown }) => (typeof body.invite === "string" ? body.invite : undefined);
const inviteGone = () => new DomainError("gone", "This invite has expired or was already used.");

export async function accountPageFor(c: Ctx, lang: Lang): Promise<Response | undefined> {
  const path = c.req.path;
  if (path === accountPath(lang, "sign-in")) {
    const next = returnUrl(c.get("siteUrl"), c.req.query("next"));
    // Signed in already: straight back to the page the link came from (or the account).
    if (sessionIdOf(c) !== undefined && (await currentMember(c))) return c.redirect(next ?? accountUrl(siteFor(c, lang).urls, "account/keys"), 303);
    return signInPage(c, siteFor(c, lang), next);
  }
  if (path === accountPath(lang, "account/keys")) {
    const member = await currentMember(c);
    if (member) c.set("member", { name: member.name, userId: member.userId });
    const site = siteFor(c, lang);
    if (!member) return c.redirect(accountUrl(site.urls, "sign-in"), 303);
    // A key made by the last post is shown on this one view, then gone (a reload shows no token).
    const newToken = await takeReveal(c.env.DB, sessionOf(c, member), new Date());
    return keysPage(c, site, { ...(await keysState(c, member)), newToken });
  }
  if (path === accountPath(lang, "invite")) return invitePage(c, siteFor(c, lang));
  // An old path-style link: its secret is in a logged address by now, so the invite is spent, never redeemed.
  const oldInvite = path.startsWith(`/${lang}/invite/`) ? path.slice(`/${lang}/invite/`.length) : undefined;
  if (oldInvite !== undefined && !oldInvite.includes("/")) {
    await redeemInvite(c.env.DB, oldInvite, new Date());
    return oldInvitePage(c, siteFor(c, lang));
  }
  return undefined;
}

async function keysState(c: Ctx, member: Member): Promise<KeysPageState> {
  const [keys, passkeys] = await Promise.all([listMemberKeys(c.env.DB, member.userId), listPasskeys(c.env.DB, member.userId)]);
  return { member, keys, passkeys };
}

const STATUS = {
  invalid: 422,
  conflict: 409,
  "not-found": 404,
  unauthorized: 401,
  forbidden: 403,
  gone: 410,
  unavailable: 503,
  ambiguous: 404,
} as const;

/** A passkey call's domain error as JSON in the page's language (the domain's own message is English). */
function errorJson(c: Ctx, site: Site, error: DomainError): Response {
  if (error instanceof UserNotVerified) return c.json({ error: wordsOf(site).passkeyNotVerified }, 401, { "Cache-Control": "no-store" });
  const problem = wordsOf(site).passkeyProblem[error.kind];
  const text = typeof problem === "function" ? problem(MAX_PASSKEYS) : problem;
  return c.json({ error: text }, STATUS[error.kind], { "Cache-Control": "no-store" });
}

/** The body of a passkey call: JSON of bounded size, else an "invalid" error. */
async function jsonBody(c: Ctx): Promise<Record<string, unknown>> {
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw new DomainError("invalid", "The request is too large.");
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new DomainError("invalid", "The request is too large.");
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {}
  throw new DomainError("invalid", "The request must be a JSON object.");
}

/** A passkey call's work (after accountPost): domain errors become JSON with their status. */
function passkeyCall(lang: Lang, work: (c: Ctx, site: Site, body: Record<string, unknown>) => Promise<Response>) {
  return async (c: Ctx) => {
    const site = siteFor(c, lang);
    try {
      return await work(c, site, await jsonBody(c));
    } catch (error) {
      if (error instanceof DomainError) return errorJson(c, site, error);
      throw error;
    }
  };
}

/** A key form's problem in the page's language: which field is wrong, or the active-key limit. */
function keyProblem(site: Site, error: DomainError): string {
  const w = wordsOf(site);
  if (error.kind === "conflict") return w.keyLimitReached(MAX_ACTIVE_KEYS);
  if (error.fieldErrors?.expires) return w.keyExpiryInvalid(KEY_LIFETIMES_DAYS);
  return w.keyNameInvalid(KEY_NAME_MAX);
}

/** A member's form's work (after accountPost let the member through): domain errors become pages. */
function memberForm(lang: Lang, work: (c: Ctx, site: Site, member: MemberSession) => Promise<Response>) {
  return async (c: Ctx) => {
    const site = siteFor(c, lang);
    try {
      return await work(c, site, postingMember(c));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const w = wordsOf(site);
      if (error.kind === "not-found") return notFoundPage(c);
      return messagePage(c, site, error.kind === "conflict" ? 409 : 422, error.kind === "conflict" ? w.conflictTitle : w.invalidTitle, error.message);
    }
  };
}

export function addAccountRoutes(site: Hono<AppEnv>, lang: Lang): void {
  const post = (path: string, kind: AccountPost, handler: (c: Ctx) => Promise<Response>) =>
    site.post(`/${lang}/${path}`, rateDecided, accountPost(lang, kind), handler);

  post(
    "account/sign-in/options",
    "ceremony",
    passkeyCall(lang, async (c) => c.json(await signInOptions(c.env.DB, rp(c), new Date()), 200, { "Cache-Control": "no-store" })),
  );
  post(
    "account/sign-in",
    "ceremony",
    passkeyCall(lang, async (c, site, body) => {
      const now = new Date();
      const member = await verifySignIn(c.env.DB, rp(c), { ceremony: body.ceremony, response: body.response }, now);
      setSessionCookie(c, (await startSession(c.env.DB, member.userId, now)).id);
      // Back to the page the member signed in from (a path of this site only), else their account.
      const back = returnUrl(c.get("siteUrl"), body.next) ?? accountUrl(site.urls, "account/keys");
      return c.json({ redirect: back }, 200, { "Cache-Control": "no-store" });
    }),
  );
  // The invite page's script checks the link's secret (sent in this body, never in an address) and greets the member.
  post(
    "account/invite",
    "ceremony",
    passkeyCall(lang, async (c, _site, body) => {
      const member = await findInvite(c.env.DB, inviteIn(body), new Date());
      if (!member) throw inviteGone();
      return c.json({ name: member.name }, 200, { "Cache-Control": "no-store" });
    }),
  );
  post(
    "account/passkeys/options",
    "member-ceremony",
    passkeyCall(lang, async (c, _site, body) => {
      const now = new Date();
      const invite = inviteIn(body);
      const member = invite !== undefined ? await findInvite(c.env.DB, invite, now) : postingMember(c);
      if (!member) throw inviteGone();
      return c.json(await registrationOptions(c.env.DB, rp(c), member, now), 200, { "Cache-Control": "no-store" });
    }),
  );
  post(
    "account/passkeys",
    "member-ceremony",
    passkeyCall(lang, async (c, site, body) => {
      const now = new Date();
      const invite = inviteIn(body);
      const signedIn = invite === undefined ? postingMember(c) : undefined;
      const name = `Passkey ${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;
      const userId = await registerPasskey(
        c.env.DB,
        rp(c),
        {
          ceremony: body.ceremony,
          response: body.response,
          name,
          // The ceremony's member must be the invite's (redeemed now, once) or the session's.
          authorize: async (ceremonyUser: number) => {
            if (signedIn) {
              if (signedIn.userId !== ceremonyUser) throw new DomainError("forbidden", "This passkey request belongs to another member.");
              return;
            }
            const redeemed = await redeemInvite(c.env.DB, invite!, now);
            if (redeemed === undefined) throw inviteGone();
            if (redeemed !== ceremonyUser) throw new DomainError("forbidden", "This passkey request belongs to another member.");
          },
        },
        now,
      );
      if (!signedIn) setSessionCookie(c, (await startSession(c.env.DB, userId, now)).id);
      return c.json({ redirect: accountUrl(site.urls, "account/keys") }, 200, { "Cache-Control": "no-store" });
    }),
  );
  post(
    "account/keys",
    "form",
    memberForm(lang, async (c, site, member) => {
      const form = await c.req.parseBody();
      try {
        const now = new Date();
        const issued = await createMemberKey(c.env.DB, member.userId, parseKeyForm(form.name, form.expires_days), now);
        // Post, then redirect: the token waits server-side for the keys page's next view, never in a url.
        await keepForReveal(c.env.DB, sessionOf(c, member), issued.token, now);
        return c.redirect(accountUrl(site.urls, "account/keys"), 303);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const name = typeof form.name === "string" ? form.name.slice(0, 200) : "";
        return keysPage(c, site, { ...(await keysState(c, member)), problem: keyProblem(site, error), name }, error.kind === "conflict" ? 409 : 422);
      }
    }),
  );
  post(
    "account/keys/:id/revoke",
    "form",
    memberForm(lang, async (c, site, member) => {
      const id = Number(c.req.param("id"));
      if (!Number.isSafeInteger(id) || id <= 0) return notFoundPage(c);
      await revokeMemberKey(c.env.DB, member.userId, id, new Date());
      return c.redirect(accountUrl(site.urls, "account/keys"), 303);
    }),
  );
  post(
    "account/remove-passkey/:id",
    "form",
    memberForm(lang, async (c, site, member) => {
      try {
        await removePasskey(c.env.DB, member.userId, c.req.param("id") ?? "");
      } catch (error) {
        // The one conflict: removing the only passkey, said in the page's language.
        if (!(error instanceof DomainError) || error.kind !== "conflict") throw error;
        const w = wordsOf(site);
        return messagePage(c, site, 409, w.conflictTitle, w.passkeyOnlyRemove);
      }
      return c.redirect(accountUrl(site.urls, "account/keys"), 303);
    }),
  );
  post(
    "account/sign-out",
    "form",
    memberForm(lang, async (c, site, member) => {
      await endSession(c.env.DB, member.sessionHash);
      clearSessionCookie(c);
      return c.redirect(accountUrl(site.urls, "sign-in"), 303);
    }),
  );
  post("account/download/:id", "form", memberForm(lang, siteDownload));
}
