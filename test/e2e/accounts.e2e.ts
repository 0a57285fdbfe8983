// End-to-end: a member's account in headless Chromium with a virtual WebAuthn authenticator (the DevTools
// protocol's WebAuthn domain). Invites come from the real admin command (`npm run admin -- users:invite`) run
// against the dev server's own state ($PERSIST). Run through `npm run test:e2e` (scripts/e2e.sh).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { addPasskeyAuthenticator, BASE_URL, openBrowser, SHOTS } from "./browser";

const PERSIST = process.env.PERSIST;
if (!PERSIST) throw new Error("PERSIST (the dev server's --persist-to directory) is required");
// WebAuthn wants a domain as its relying party id, never an IP address: the site is browsed as localhost.
const SITE = BASE_URL.replace("127.0.0.1", "localhost");
const PUBLIC_SCHEMATIC = "01JM9S346Q3D25VT4F5V37E3S3";
const USER = `erin${Date.now() % 100000}`;

function admin(...argv: string[]): string[] {
  // No SITE_URL: links follow the served site's PORT (the dev server's, here), as docs/uploads.md says.
  const out = execFileSync("npx", ["tsx", "scripts/admin.ts", ...argv, "--persist-to", PERSIST!], {
    encoding: "utf8",
    env: { ...process.env, SITE_URL: "", PORT: new URL(SITE).port },
  });
  return out.trim().split("\n");
}
/** Secrets the server must never have logged (checked against wrangler dev's own output at the end). */
const secrets: string[] = [];
function inviteLink(username: string, ...site: string[]): string {
  const line = admin("users:invite", username, ...site).find((l) => l.startsWith(`${SITE}/`));
  assert.ok(line, `users:invite prints a link to the served site (${SITE}) on its own line`);
  assert.match(line, /\/en\/invite#[A-Za-z0-9_-]{43}$/, "the invite's secret is the link's fragment");
  secrets.push(new URL(line).hash.slice(1));
  return line;
}
/** Waits for the keys page the create-key form's 303 leads to. */
async function createKey(page: Page, name: string): Promise<void> {
  await page.locator("form[data-key-create] input[name=name]").fill(name);
  const shown = page.waitForResponse((r) => r.url() === `${SITE}/en/account/keys` && r.request().method() === "GET");
  await page.locator("form[data-key-create] button[type=submit]").click();
  await (await shown).finished();
  await page.waitForLoadState("load");
}
/** Moves an account's invites 25 hours into the past, as if a day had gone by (the local database, through wrangler). */
function ageInvites(username: string): void {
  const sql = `update invites set expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour') where user_id = (select id from users where username = '${username}')`;
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST!, "--command", sql], { stdio: "ignore" });
}

async function api(path: string, init: { key?: string; method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.Authorization = `Bearer ${init.key}`;
  return fetch(`${SITE}${path}`, { method: init.method ?? "GET", headers, body: init.body, redirect: "manual" });
}

const browser = await openBrowser({ locale: "en-GB" });
const { context } = browser;
const problems: string[] = [];
let step = "start";
// Refusals the test asks for on purpose.
const expectedStatus = new Set([401, 403, 410]);
function watch(page: Page) {
  page.on("pageerror", (e) => problems.push(`${step}: page error: ${e.message}`));
  page.on("response", (r) => r.status() >= 400 && !expectedStatus.has(r.status()) && problems.push(`${step}: ${r.status()} ${r.url()}`));
}
async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  console.log(`  screenshot test/e2e/screenshots/${name}.png`);
}
const overflow = (page: Page) => page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") as Promise<number>;
/** What sticks out past the screen's right edge, to name it when a page is too wide. */
const wideElements = (page: Page) =>
  page.evaluate(
    "[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))",
  ) as Promise<string[]>;

try {
  step = "invite";
  admin("users:create", "--username", USER, "--name", "Erin Tech", "--locale", "en");
  const link = inviteLink(USER, "--site", SITE);
  const page = context.pages()[0] ?? (await context.newPage());
  watch(page);
  await addPasskeyAuthenticator(context, page);
  const invitePage = await page.goto(link);
  assert.equal(invitePage?.status(), 200);
  await shot(page, "account-invite");

  await page.getByText("Welcome, Erin Tech.").waitFor();
  assert.ok(!page.url().includes("#"), "the invite's secret leaves the address bar");

  step = "register the first passkey";
  await Promise.all([page.waitForURL(`${SITE}/en/account/keys`), page.locator("[data-passkey-register]").click()]);
  assert.match(await page.locator("main").innerText(), /Signed in as Erin Tech/);

  step = "create a key";
  await createKey(page, "e2e script");
  const token = (await page.locator("[data-key-token]").innerText()).trim();
  assert.match(token, /^bds_[A-Za-z0-9]{43}$/);
  secrets.push(token);
  assert.equal(await page.locator("[data-key-row]").count(), 1);
  await shot(page, "account-keys-new");

  step = "a reload after creating a key";
  await page.reload();
  assert.equal(await page.locator("[data-key-token]").count(), 0, "a reload shows no token");
  assert.equal(await page.locator("[data-key-row]").count(), 1, "a reload creates nothing");

  step = "use the key on /me";
  const me = await api("/api/v1/me", { key: token });
  assert.equal(me.status, 200);
  const meBody = (await me.json()) as { data: { username: string; key: { scopes: string[] } } };
  assert.equal(meBody.data.username, USER);
  assert.deepEqual(meBody.data.key.scopes, ["api:read"]);

  step = "the token is never shown again";
  await page.goto(`${SITE}/en/account/keys`);
  assert.equal(await page.locator("[data-key-token]").count(), 0);
  assert.ok(!(await page.content()).includes(token), "the listing does not hold the token");
  assert.match(await page.locator("[data-key-row]").first().innerText(), new RegExp(token.slice(0, 10)));

  step = "revoke";
  await Promise.all([page.waitForURL(`${SITE}/en/account/keys`), page.locator("[data-key-row] [data-key-revoke]").first().click()]);
  assert.equal((await api("/api/v1/me", { key: token })).status, 401, "a revoked key answers 401 at once");

  step = "sign out, a signed-out visit, sign in again from a page's header, back to that page";
  await Promise.all([page.waitForURL(`${SITE}/en/sign-in`), page.locator("[data-sign-out]").click()]);
  await page.goto(`${SITE}/en/account/keys`);
  assert.equal(page.url(), `${SITE}/en/sign-in`, "signed out, the keys page leads to sign-in");
  await shot(page, "account-sign-in");
  await page.goto(`${SITE}/en/library`);
  assert.equal(await page.locator("[data-account-link]").innerText(), "Sign in");
  await Promise.all([page.waitForURL(/\/en\/sign-in\?next=/), page.locator("[data-account-link]").click()]);
  await Promise.all([page.waitForURL(`${SITE}/en/library`), page.locator("[data-passkey-signin]").click()]);
  assert.equal(await page.locator("[data-account-link]").innerText(), "Your account", "the member's page links their account");
  const anonymousView = await fetch(`${SITE}/en/library`);
  assert.match(await anonymousView.text(), /data-account-link="sign-in"/, "an anonymous reader still gets the sign-in link");
  await page.goto(`${SITE}/en/account/keys`);

  step = "a cross-site post with the session cookie";
  const [session] = (await context.cookies(SITE)).filter((c) => c.name === "bds_session");
  assert.ok(session?.httpOnly && session.sameSite === "Lax" && session.path === "/", `the session cookie: ${JSON.stringify(session)}`);
  const cross = await api("/en/account/keys", {
    method: "POST",
    headers: { Cookie: `bds_session=${session.value}`, Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    body: "name=csrf",
  });
  assert.equal(cross.status, 403);
  // And from a real page of another site, through the browser itself.
  const evil = await context.newPage();
  watch(evil);
  await evil.route("http://evil.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form id="f" method="post" action="${SITE}/en/account/keys"><input name="name" value="csrf"></form><script>document.getElementById("f").submit()</script>`,
    }),
  );
  const crossNavigation = evil.waitForResponse((r) => r.url() === `${SITE}/en/account/keys` && r.request().method() === "POST");
  await evil.goto("http://evil.example/");
  assert.equal((await crossNavigation).status(), 403);
  await evil.close();

  step = "an API key posting the form";
  await createKey(page, "second");
  const second = (await page.locator("[data-key-token]").innerText()).trim();
  secrets.push(second);
  const byKey = await api("/en/account/keys", {
    method: "POST",
    key: second,
    headers: { Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
    body: "name=by-key",
  });
  assert.equal(byKey.status, 403);
  await page.goto(`${SITE}/en/account/keys`);
  const names = await page.locator("[data-key-row] th").allInnerTexts();
  assert.deepEqual(names.sort(), ["e2e script", "second"], "neither the cross-site post nor the key made a key");

  step = "a download from the page counts the cap";
  const capRemaining = async () => {
    const res = await api(`/api/v1/documents/${PUBLIC_SCHEMATIC}/download`, { key: second });
    assert.equal(res.status, 200);
    const header = res.headers.get("RateLimit") ?? "";
    const match = /"downloads";r=(\d+)/.exec(header);
    assert.ok(match, `the downloads cap in RateLimit: ${header}`);
    return Number(match[1]);
  };
  const before = await capRemaining();
  await page.goto(`${SITE}/en/library/${PUBLIC_SCHEMATIC}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download", exact: true }).click()]);
  assert.match(download.suggestedFilename(), /\.pdf$/);
  assert.equal(await capRemaining(), before - 2, "the page's download and the API's count on one cap");

  step = "the keys page at 390 px";
  const phone = await context.newPage();
  watch(phone);
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${SITE}/es/account/keys`);
  assert.equal(await phone.locator("h1").innerText(), "Claves de API");
  assert.ok((await overflow(phone)) <= 0, `the keys page fits a phone's width: ${(await wideElements(phone)).join(", ")}`);
  await shot(phone, "account-keys-phone");
  await phone.goto(`${SITE}/es/sign-in`);
  assert.ok((await overflow(phone)) <= 0, `the sign-in page fits a phone's width: ${(await wideElements(phone)).join(", ")}`);
  await phone.close();

  step = "a reused invite and an expired one (this link from the served site's PORT alone)";
  for (const used of [
    link,
    (() => {
      const late = inviteLink(USER);
      ageInvites(USER);
      return late;
    })(),
  ]) {
    await page.goto(used);
    await page.getByRole("heading", { name: "This invite cannot be used" }).waitFor();
    assert.equal(await page.locator("[data-passkey-register]").isVisible(), false);
  }

  step = "no secret in the server's log";
  const served = readFileSync(join(PERSIST, "wrangler.log"), "utf8");
  assert.ok(/\/en\/invite\b/.test(served), "the log holds the invite page's requests");
  for (const secret of secrets) assert.ok(!served.includes(secret), `a secret reached the server's log: ${secret.slice(0, 8)}…`);

  step = "a deactivated member's session ends";
  admin("users:deactivate", USER);
  await page.goto(`${SITE}/en/account/keys`);
  assert.equal(page.url(), `${SITE}/en/sign-in`);

  assert.deepEqual(problems, []);
  console.log("e2e accounts: all checks passed");
} catch (error) {
  for (const p of context.pages()) {
    const status = await p
      .locator("[data-passkey-status]")
      .allInnerTexts()
      .catch(() => []);
    console.error(`  at ${step}: ${p.url()} ${status.join(" ")}`);
  }
  console.error(problems.join("\n"));
  throw error;
} finally {
  await browser.close();
}
