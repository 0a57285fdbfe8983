// Member accounts on the site (docs/accounts.md): invites from the admin command, passkeys verified by the real
// WebAuthn code, server-side sessions, the API keys page, and who may post its forms.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SESSION_SECONDS } from "../../src/accounts/sessions";
import { api, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import {
  adminLines,
  COOKIE,
  createKeyOnPage,
  createMember,
  invite,
  newMember,
  registerWithInvite,
  send,
  sessionSet,
  signIn,
  tokenShown,
} from "../helpers/accounts";

beforeAll(seedSample);
afterEach(() => vi.useRealTimers());

let serial = 0;
const username = () => `member${Date.now() % 100000}x${++serial}`;
const laterBy = (ms: number) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
};
const keyCount = async (user: string) =>
  (await env.DB.prepare("select count(*) as n from api_keys k join users u on u.id = k.user_id where u.username = ?").bind(user).first<number>("n"))!;

describe("invites and passkeys", () => {
  it("an invite registers the first passkey and signs the member in with a __Host- session cookie", async () => {
    const name = username();
    await createMember(name);
    const { link, token } = await invite(name);
    const page = await send("GET", new URL(link).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.text()).toContain("data-passkey-register");
    const { res, member } = await registerWithInvite(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirect: `${ORIGIN}/en/account/keys` });
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(new RegExp(`^${COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=${SESSION_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    // Only a hash of the session id is stored.
    const stored = await env.DB.prepare("select id_hash from sessions s join users u on u.id = s.user_id where u.username = ?").bind(name).all();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0].id_hash).not.toBe(member!.cookie);
    const keys = await send("GET", "/en/account/keys", { cookie: member!.cookie });
    expect(keys.status).toBe(200);
    expect(await keys.text()).toContain(`Signed in as Member ${name} (${name}).`);
  });

  it("a used invite and an expired one are refused, page and registration alike", async () => {
    const name = username();
    await createMember(name);
    const used = await invite(name);
    const check = (token: string) => send("POST", "/en/account/invite", { json: { invite: token } });
    expect(await (await check(used.token)).json()).toEqual({ name: `Member ${name}` });
    expect((await registerWithInvite(used.token)).res.status).toBe(200);
    expect((await check(used.token)).status).toBe(410);
    const again = await registerWithInvite(used.token);
    expect(again.res.status).toBe(410);
    expect(again.member).toBeUndefined();

    const late = await invite(name);
    laterBy(24 * 3600 * 1000 + 1000);
    expect((await check(late.token)).status).toBe(410);
    expect((await registerWithInvite(late.token)).res.status).toBe(410);
  });

  it("two registrations racing for one invite: only one gets a session", async () => {
    const name = username();
    await createMember(name);
    const { token } = await invite(name);
    const results = await Promise.all([registerWithInvite(token), registerWithInvite(token)]);
    expect(results.filter((r) => r.member).length).toBe(1);
  });

  it("imported members (the sample's bob) sign in after an invite like anyone, then again with their passkey", async () => {
    const { token } = await invite("bob");
    const { member } = await registerWithInvite(token);
    const signOut = await send("POST", "/en/account/sign-out", { cookie: member!.cookie, form: {} });
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get("Location")).toBe(`${ORIGIN}/en/sign-in`);
    // The old session is over, server side.
    expect((await send("GET", "/en/account/keys", { cookie: member!.cookie })).status).toBe(303);
    const again = await signIn(member!.passkey);
    expect(again.res.status).toBe(200);
    expect((await send("GET", "/en/account/keys", { cookie: again.cookie })).status).toBe(200);
  });

  it("an unknown passkey and a replayed sign-in answer are refused", async () => {
    const member = await newMember(username());
    const started = await (await send("POST", "/en/account/sign-in/options", { json: {} })).json<{ ceremony: string; options: unknown }>();
    const response = await member.passkey.signIn(started.options, ORIGIN);
    expect((await send("POST", "/en/account/sign-in", { json: { ceremony: started.ceremony, response } })).status).toBe(200);
    const replay = await send("POST", "/en/account/sign-in", { json: { ceremony: started.ceremony, response } });
    expect(replay.status).toBe(422);
    expect(sessionSet(replay)).toBeUndefined();
    const { SoftPasskey } = await import("../helpers/passkey");
    expect((await signIn(await SoftPasskey.create())).res.status).toBe(401);
  });

  it("sign-in asks for user verification and refuses an answer without it, saying why in the page's language", async () => {
    const member = await newMember(username());
    for (const lang of ["en", "es"] as const) {
      const started = await (await send("POST", `/${lang}/account/sign-in/options`, { json: {} })).json<any>();
      expect(started.options.userVerification).toBe("required");
      const response = await member.passkey.signIn(started.options, ORIGIN, { userVerified: false });
      const refused = await send("POST", `/${lang}/account/sign-in`, { json: { ceremony: started.ceremony, response } });
      expect(refused.status).toBe(401);
      expect(sessionSet(refused)).toBeUndefined();
      expect((await refused.json<{ error: string }>()).error).toContain(
        lang === "en" ? "could not verify that it is you" : "no pudo verificar que eres tú",
      );
    }
    // The same key with its PIN checked signs in.
    expect((await signIn(member.passkey)).res.status).toBe(200);
  });

  it("registration asks for user verification and refuses a key that did not verify its holder; the invite stays usable", async () => {
    const name = username();
    await createMember(name);
    const { token } = await invite(name);
    const { SoftPasskey } = await import("../helpers/passkey");
    const key = await SoftPasskey.create();
    const started = await (await send("POST", "/es/account/passkeys/options", { json: { invite: token } })).json<any>();
    expect(started.options.authenticatorSelection.userVerification).toBe("required");
    const response = await key.register(started.options, ORIGIN, { userVerified: false });
    const refused = await send("POST", "/es/account/passkeys", { json: { ceremony: started.ceremony, response, invite: token } });
    expect(refused.status).toBe(401);
    expect(sessionSet(refused)).toBeUndefined();
    expect((await refused.json<{ error: string }>()).error).toContain("no pudo verificar que eres tú");
    expect((await signIn(key)).res.status).toBe(401);
    expect((await registerWithInvite(token, key)).res.status).toBe(200);
  });

  it("a signed-in member adds a second passkey, then may remove one but never the last", async () => {
    const member = await newMember(username());
    const { SoftPasskey } = await import("../helpers/passkey");
    const second = await SoftPasskey.create();
    const started = await (await send("POST", "/en/account/passkeys/options", { cookie: member.cookie, json: {} })).json<any>();
    const added = await send("POST", "/en/account/passkeys", {
      cookie: member.cookie,
      json: { ceremony: started.ceremony, response: await second.register(started.options, ORIGIN) },
    });
    expect(added.status).toBe(200);
    expect((await signIn(second)).res.status).toBe(200);
    const removed = await send("POST", `/en/account/remove-passkey/${member.passkey.credentialId}`, { cookie: member.cookie, form: {} });
    expect(removed.status).toBe(303);
    expect((await signIn(member.passkey)).res.status).toBe(401);
    const last = await send("POST", `/en/account/remove-passkey/${second.credentialId}`, { cookie: member.cookie, form: {} });
    expect(last.status).toBe(409);
    expect((await signIn(second)).res.status).toBe(200);
  });
});

describe("sessions", () => {
  it("a session expires on the server after its lifetime", async () => {
    const member = await newMember(username());
    laterBy((SESSION_SECONDS - 60) * 1000);
    expect((await send("GET", "/en/account/keys", { cookie: member.cookie })).status).toBe(200);
    vi.setSystemTime(Date.now() + 120_000);
    const expired = await send("GET", "/en/account/keys", { cookie: member.cookie });
    expect(expired.status).toBe(303);
    expect(expired.headers.get("Location")).toBe(`${ORIGIN}/en/sign-in`);
  });

  it("deactivating the member ends their sessions; users:sign-out ends them too", async () => {
    const name = username();
    const member = await newMember(name);
    await adminLines("users:deactivate", name);
    expect((await send("GET", "/en/account/keys", { cookie: member.cookie })).status).toBe(303);
    expect((await signIn(member.passkey)).res.status).toBe(401);
    await adminLines("users:activate", name);
    // Reactivation does not bring an ended session back.
    expect((await send("GET", "/en/account/keys", { cookie: member.cookie })).status).toBe(303);
    const again = await signIn(member.passkey);
    expect(again.res.status).toBe(200);
    expect(await adminLines("users:sign-out", name)).toEqual([`Ended 1 session of ${name}.`]);
    expect((await send("GET", "/en/account/keys", { cookie: again.cookie })).status).toBe(303);
  });

  it("a signed-out visit to the keys page and a signed-out post go to sign-in, changing nothing", async () => {
    const page = await send("GET", "/es/account/keys");
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe(`${ORIGIN}/es/sign-in`);
    const post = await send("POST", "/en/account/keys", { form: { name: "nobody" } });
    expect(post.status).toBe(303);
    expect((await send("GET", "/es/sign-in")).status).toBe(200);
  });
});

describe("the API keys page", () => {
  it("creates a read key shown once, usable on /me as the member with api:read only, listed by prefix, then revoked: 401 at once", async () => {
    const name = username();
    const member = await newMember(name);
    const { res, html, token } = await createKeyOnPage(member.cookie, "laptop script", "30");
    expect(res.status).toBe(200);
    expect(token).toMatch(/^bds_[A-Za-z0-9]{43}$/);
    expect(html).toContain("data-key-row");
    const me = await api("/me", { key: token });
    expect(me.status).toBe(200);
    const body = await me.json<any>();
    expect(body.data.username).toBe(name);
    expect(body.data.key.name).toBe("laptop script");
    expect(body.data.key.scopes).toEqual(["api:read"]);
    // Never shown again: the listing has the prefix only.
    const listing = await (await send("GET", "/en/account/keys", { cookie: member.cookie })).text();
    expect(listing).not.toContain(token!);
    expect(listing).toContain(`${token!.slice(0, 10)}…`);
    const id = /data-key-id="(\d+)"/.exec(listing)![1];
    const expires = await env.DB.prepare("select expires_at, created_at from api_keys where id = ?").bind(Number(id)).first<any>();
    expect(Date.parse(expires.expires_at) - Date.parse(expires.created_at)).toBe(30 * 24 * 3600 * 1000);
    const revoked = await send("POST", `/en/account/keys/${id}/revoke`, { cookie: member.cookie, form: {} });
    expect(revoked.status).toBe(303);
    expect((await api("/me", { key: token })).status).toBe(401);
  });

  it("post, then redirect: the key's token is shown on one view of the page the 303 leads to, never again, and a reload creates nothing", async () => {
    const name = username();
    const member = await newMember(name);
    const { posted, res, token } = await createKeyOnPage(member.cookie, "once");
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`${ORIGIN}/en/account/keys`);
    expect(await posted.text()).not.toContain("bds_");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(token).toMatch(/^bds_[A-Za-z0-9]{43}$/);
    // The reload is a GET of the same page: no token, no second key.
    const reload = await (await send("GET", "/en/account/keys", { cookie: member.cookie })).text();
    expect(tokenShown(reload)).toBeUndefined();
    expect(reload).not.toContain(token!);
    expect(await keyCount(name)).toBe(1);
    // Bound to the session: the member's other session never sees a key the first one made; the table keeps no plain token.
    const other = await signIn(member.passkey);
    const made = await createKeyOnPage(member.cookie, "second");
    const stored = await env.DB.prepare("select sealed from key_reveals").all<{ sealed: string }>();
    expect(JSON.stringify(stored.results)).not.toContain(made.token!.slice(4, 20));
    expect(await send("GET", "/en/account/keys", { cookie: other.cookie }).then((r) => r.text())).not.toContain("data-key-token");
    // Signing out drops a token not yet shown.
    const reveals = () => env.DB.prepare("select count(*) as n from key_reveals").first<number>("n");
    await send("POST", "/en/account/keys", { cookie: other.cookie, form: { name: "third" } });
    const waiting = await reveals();
    await send("POST", "/en/account/sign-out", { cookie: other.cookie, form: {} });
    expect(await reveals()).toBe(waiting! - 1);
    expect(await keyCount(name)).toBe(3);
  });

  it("at most 10 active keys: the 11th is refused until one is revoked; 90 days is the default lifetime", async () => {
    const name = username();
    const member = await newMember(name);
    for (let i = 1; i <= 10; i++) expect((await createKeyOnPage(member.cookie, `key ${i}`)).res.status).toBe(200);
    const refused = await createKeyOnPage(member.cookie, "key 11");
    expect(refused.res.status).toBe(409);
    expect(refused.token).toBeUndefined();
    expect(await keyCount(name)).toBe(10);
    const row = await env.DB.prepare(
      "select k.id, k.expires_at, k.created_at from api_keys k join users u on u.id = k.user_id where u.username = ? limit 1",
    )
      .bind(name)
      .first<any>();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(90 * 24 * 3600 * 1000);
    await send("POST", `/en/account/keys/${row.id}/revoke`, { cookie: member.cookie, form: {} });
    expect((await createKeyOnPage(member.cookie, "key 11")).res.status).toBe(200);
  });

  it("refuses a bad name or lifetime, another member's key, and never lists another member's keys", async () => {
    const member = await newMember(username());
    expect((await createKeyOnPage(member.cookie, "   ")).res.status).toBe(422);
    expect((await createKeyOnPage(member.cookie, "x", "7")).res.status).toBe(422);
    expect((await createKeyOnPage(member.cookie, "x".repeat(101))).res.status).toBe(422);
    const aliceKey = await env.DB.prepare(
      "select k.id from api_keys k join users u on u.id = k.user_id where u.username = 'alice' limit 1",
    ).first<number>("id");
    expect((await send("POST", `/en/account/keys/${aliceKey}/revoke`, { cookie: member.cookie, form: {} })).status).toBe(404);
    expect((await api("/me", { key: KEYS.aliceRead })).status).toBe(200);
    expect(await (await send("GET", "/en/account/keys", { cookie: member.cookie })).text()).not.toContain("bds_alice");
  });

  it("a cross-site post with the member's cookie is refused, and so is one without an Origin", async () => {
    const name = username();
    const member = await newMember(name);
    const before = await keyCount(name);
    const cross = await send("POST", "/en/account/keys", { cookie: member.cookie, origin: "https://evil.example", form: { name: "csrf" } });
    expect(cross.status).toBe(403);
    expect((await send("POST", "/en/account/keys", { cookie: member.cookie, origin: null, form: { name: "csrf" } })).status).toBe(403);
    expect((await send("POST", "/en/account/sign-out", { cookie: member.cookie, origin: "https://evil.example", form: {} })).status).toBe(403);
    // Without an Origin, the browser's Fetch Metadata decides: another site's is refused, the site's own allowed.
    const crossMeta = { cookie: member.cookie, origin: null, headers: { "Sec-Fetch-Site": "cross-site" }, form: { name: "csrf" } };
    expect((await send("POST", "/en/account/keys", crossMeta)).status).toBe(403);
    const mismatch = { cookie: member.cookie, origin: "https://evil.example", headers: { "Sec-Fetch-Site": "same-origin" }, form: { name: "csrf" } };
    expect((await send("POST", "/en/account/keys", mismatch)).status).toBe(403);
    expect(await keyCount(name)).toBe(before);
    expect((await send("GET", "/en/account/keys", { cookie: member.cookie })).status).toBe(200);
    const sameMeta = { cookie: member.cookie, origin: null, headers: { "Sec-Fetch-Site": "same-origin" }, form: { name: "mine" } };
    expect((await send("POST", "/en/account/keys", sameMeta)).status).toBe(303);
  });

  it("an API key can neither create nor list keys: the forms refuse it even beside a session", async () => {
    const name = username();
    const member = await newMember(name);
    const { token } = await createKeyOnPage(member.cookie, "first");
    const withKey = await send("POST", "/en/account/keys", { headers: { Authorization: `Bearer ${token}` }, form: { name: "by key" } });
    expect(withKey.status).toBe(403);
    const both = await send("POST", "/en/account/keys", {
      cookie: member.cookie,
      headers: { Authorization: `Bearer ${token}` },
      form: { name: "by key" },
    });
    expect(both.status).toBe(403);
    const list = await send("GET", "/en/account/keys", { headers: { Authorization: `Bearer ${token}` } });
    expect(list.status).toBe(303);
    expect(await keyCount(name)).toBe(1);
  });
});

describe("last used", () => {
  const lastUsed = (token: string) =>
    env.DB.prepare("select last_used_at from api_keys where display_prefix = ?").bind(token.slice(0, 10)).first<string | null>("last_used_at");
  async function settled(token: string, expected: (v: string | null) => boolean): Promise<string | null> {
    for (let i = 0; i < 50; i++) {
      const value = await lastUsed(token);
      if (expected(value)) return value;
      await new Promise((r) => setTimeout(r, 20));
    }
    return lastUsed(token);
  }

  it("is written after a call, at most once a minute, and shown on the page", async () => {
    const member = await newMember(username());
    const { token } = await createKeyOnPage(member.cookie, "cron");
    expect(await lastUsed(token!)).toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    vi.setSystemTime(start);
    expect((await api("/me", { key: token })).status).toBe(200);
    const first = await settled(token!, (v) => v !== null);
    expect(first).toBe(new Date(start).toISOString());
    vi.setSystemTime(start + 30_000);
    expect((await api("/documents", { key: token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await lastUsed(token!)).toBe(first);
    vi.setSystemTime(start + 61_000);
    expect((await api("/me", { key: token })).status).toBe(200);
    expect(await settled(token!, (v) => v !== first)).toBe(new Date(start + 61_000).toISOString());
    vi.useRealTimers();
    expect(await (await send("GET", "/en/account/keys", { cookie: member.cookie })).text()).toContain(
      `<time datetime="${new Date(start + 61_000).toISOString()}">`,
    );
  });
});

describe("downloads from the site", () => {
  it("a member's Download button gets a signed link and counts a download; not found and not available answer 404 and 409 pages", async () => {
    const { token } = await invite("bob");
    const { member } = await registerWithInvite(token);
    const count = () => env.DB.prepare("select downloads from documents where id = ?").bind(SAMPLE_IDS.publicSchematic).first<number>("downloads");
    const before = await count();
    const res = await send("POST", `/en/account/download/${SAMPLE_IDS.publicSchematic}`, { cookie: member!.cookie, form: {} });
    expect(res.status).toBe(303);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^${ORIGIN}/api/v1/files/${SAMPLE_IDS.publicSchematic}/1\\?expires=\\d+&signature=`));
    expect(await count()).toBe(before! + 1);
    const file = await send("GET", new URL(location).pathname + new URL(location).search);
    expect(file.status).toBe(200);
    // Bob cannot see alice's private document; his own processing one is not available yet.
    expect((await send("POST", `/en/account/download/${SAMPLE_IDS.alicePrivate}`, { cookie: member!.cookie, form: {} })).status).toBe(404);
    expect((await send("POST", `/en/account/download/${SAMPLE_IDS.processing}`, { cookie: member!.cookie, form: {} })).status).toBe(409);
    // Signed out: to the sign-in page, nothing counted.
    const anonymous = await send("POST", `/en/account/download/${SAMPLE_IDS.publicSchematic}`, { form: {} });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toBe(`${ORIGIN}/en/sign-in`);
    expect(await count()).toBe(before! + 1);
  });
});
