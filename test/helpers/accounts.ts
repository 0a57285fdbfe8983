// Test helpers for member accounts: the site's account posts as a browser sends them (Origin, cookie, no redirect
// following), an invite from the real admin command, and a member signed in with a software passkey.
import { expect } from "vitest";
import { runAdmin } from "../../cli/admin";
import { adminContext } from "./admin";
import { ORIGIN } from "./app";
import { callWorker } from "./settings";
import { SoftPasskey } from "./passkey";

export const COOKIE = "__Host-bds_session";

export interface PostInit {
  cookie?: string;
  /** The Origin header; null sends none. Default: the site's own. */
  origin?: string | null;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** The caller's address (CF-Connecting-IP). */
  address?: string;
}

export function send(method: "GET" | "POST", path: string, init: PostInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.Cookie = `${COOKIE}=${init.cookie}`;
  if (init.address) headers["CF-Connecting-IP"] = init.address;
  if (method === "POST" && init.origin !== null) headers.Origin = init.origin ?? ORIGIN;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  return callWorker(new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" }));
}

/** The session id a response set, or undefined. */
export function sessionSet(res: Response): string | undefined {
  const line = (res.headers.get("Set-Cookie") ?? "").split(/,(?=\s*[\w-]+=)/).find((c) => c.trim().startsWith(`${COOKIE}=`));
  const value = line
    ?.trim()
    .slice(COOKIE.length + 1)
    .split(";")[0];
  return value || undefined;
}

async function admin(...argv: string[]): Promise<string[]> {
  const result = await runAdmin(adminContext(), argv);
  expect(result.code, result.output.join("\n")).toBe(0);
  return result.output;
}

export async function createMember(username: string): Promise<void> {
  await admin("users:create", "--username", username, "--name", `Member ${username}`, "--locale", "en");
}

/** users:invite's link (its own line), and the token in it: the fragment, never sent to the server. */
export async function invite(username: string): Promise<{ link: string; token: string }> {
  const output = await admin("users:invite", username, "--site", ORIGIN);
  const link = output.find((line) => line.startsWith(`${ORIGIN}/`))!;
  expect(link).toMatch(/^https:\/\/boards\.test\/(en|es)\/invite#[A-Za-z0-9_-]{43}$/);
  return { link, token: new URL(link).hash.slice(1) };
}

export { admin as adminLines };

export interface Member {
  passkey: SoftPasskey;
  cookie: string;
}

/** Redeems an invite with a new software passkey: the registration answer, and the session it started. */
export async function registerWithInvite(token: string, passkey?: SoftPasskey, address?: string): Promise<{ res: Response; member?: Member }> {
  const key = passkey ?? (await SoftPasskey.create());
  const started = await send("POST", "/en/account/passkeys/options", { json: { invite: token }, address });
  if (started.status !== 200) return { res: started };
  const { ceremony, options } = await started.json<{ ceremony: string; options: unknown }>();
  const response = await key.register(options, ORIGIN);
  const res = await send("POST", "/en/account/passkeys", { json: { ceremony, response, invite: token }, address });
  const cookie = sessionSet(res);
  return { res, member: cookie ? { passkey: key, cookie } : undefined };
}

export async function signIn(passkey: SoftPasskey, address?: string): Promise<{ res: Response; cookie?: string }> {
  const started = await send("POST", "/en/account/sign-in/options", { json: {}, address });
  expect(started.status).toBe(200);
  const { ceremony, options } = await started.json<{ ceremony: string; options: unknown }>();
  const res = await send("POST", "/en/account/sign-in", { json: { ceremony, response: await passkey.signIn(options, ORIGIN) }, address });
  return { res, cookie: sessionSet(res) };
}

/** A new member, invited and signed in with their first passkey. */
export async function newMember(username: string): Promise<Member> {
  await createMember(username);
  const { token } = await invite(username);
  const { res, member } = await registerWithInvite(token);
  expect(res.status, await res.clone().text()).toBe(200);
  return member!;
}

/** The token a keys page shows, if any. */
export function tokenShown(html: string): string | undefined {
  return /<code data-key-token="">([^<]+)<\/code>/.exec(html)?.[1] ?? /<code data-key-token="true">([^<]+)<\/code>/.exec(html)?.[1];
}

/**
 * Creates a read key on the settings page as a browser does: the post, then the page its 303 leads to. Returns
 * the post's answer (`posted`), the page shown after it (`res`: the redirect's page, or the refused post's own) and the token it shows.
 */
export async function createKeyOnPage(
  cookie: string,
  name: string,
  days?: string,
): Promise<{ posted: Response; res: Response; html: string; token?: string }> {
  const posted = await send("POST", "/en/account/keys", { cookie, form: { name, ...(days ? { expires_days: days } : {}) } });
  const location = posted.status === 303 ? posted.headers.get("Location") : null;
  const res = location ? await send("GET", new URL(location).pathname, { cookie }) : posted;
  const html = await res.text();
  return { posted, res, html, token: tokenShown(html) };
}
