// The way in from every page (docs/site.md, "Sign in from any page"): the header links to sign-in, returning to
// the page; a page asked with a member's session links their account and is theirs alone (never the edge cache's,
// never stored by a shared cache), while anonymous readers keep the cached page. Runs with the edge cache on.
import { beforeAll, describe, expect, it } from "vitest";
import { newMember, send, sessionSet } from "../helpers/accounts";
import { ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import { EDGE_CACHE_ON, useSettings } from "../helpers/settings";

useSettings(EDGE_CACHE_ON);
beforeAll(seedSample);

let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress}`;
const get = (path: string, cookie?: string) => send("GET", path, { cookie, address: newAddress() });

/** The header's account link: which kind, where it goes, what it says. */
function accountLink(html: string): { kind: string; href: string; text: string } | undefined {
  const match = /<a href="([^"]*)" data-account-link="([^"]+)"[^>]*>([^<]*)<\/a>/.exec(html);
  return match ? { href: match[1].replaceAll("&amp;", "&"), kind: match[2], text: match[3] } : undefined;
}

const PAGES = [
  ["/en", "Sign in"],
  ["/es", "Iniciar sesión"],
  ["/en/library", "Sign in"],
  [`/es/biblioteca/${SAMPLE_IDS.publicSchematic}`, "Iniciar sesión"],
  ["/en/boards", "Sign in"],
  ["/en/search?q=battery&utm_source=x", "Sign in"],
  ["/es/foro", "Iniciar sesión"],
] as const;

describe("the header's way in", () => {
  it("every page links to sign-in in its language, returning to that page (its known query parameters only)", async () => {
    for (const [asked, words] of PAGES) {
      // A document's address without its title's words redirects to the one with them.
      const first = await get(asked);
      const path = first.status === 301 ? new URL(first.headers.get("Location")!).pathname : asked;
      const res = first.status === 301 ? await get(path) : first;
      expect(res.status, path).toBe(200);
      const link = accountLink(await res.text());
      const lang = asked.slice(1, 3);
      const here = path.replace("&utm_source=x", "");
      expect(link, path).toEqual({ kind: "sign-in", href: `${ORIGIN}/${lang}/sign-in?next=${encodeURIComponent(here)}`, text: words });
    }
  });

  it("a member's page links their account and is never cached or stored; an anonymous reader never gets it, before or after", async () => {
    const member = await newMember(`header${Date.now() % 100000}`);
    for (const path of ["/en/library?page=1", "/es?page=1", "/en/boards?page=1"]) {
      const before = await get(path);
      expect(before.headers.get("X-Edge-Cache")).toBe("miss");
      const mine = await get(path, member.cookie);
      expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
      expect(mine.headers.get("X-Edge-Cache")).toBeNull();
      expect(mine.headers.get("ETag")).toBeNull();
      expect(accountLink(await mine.text())?.kind).toBe("account");
      const after = await get(path);
      expect(after.headers.get("X-Edge-Cache")).toBe("hit");
      expect(after.headers.get("Cache-Control")).toBe("public, max-age=60");
      // A browser keeps its anonymous copy apart from the pages it gets once signed in.
      expect(after.headers.get("Vary")).toContain("Cookie");
      const html = await after.text();
      expect(accountLink(html)?.kind).toBe("sign-in");
      expect(html).not.toContain("Member header");
    }
    // A member first, then an anonymous reader: the first copy the cache gets is the anonymous one.
    const path = "/es/reparaciones?page=1";
    expect(accountLink(await (await get(path, member.cookie)).text())?.text).toBe("Tu cuenta");
    const anonymous = await get(path);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("X-Edge-Cache")).toBe("miss");
    expect(accountLink(await anonymous.text())?.kind).toBe("sign-in");
  });

  it("a cookie of no live session is cleared and gets the anonymous header, uncached", async () => {
    const res = await get("/en", "A".repeat(43));
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Set-Cookie")).toMatch(/^__Host-bds_session=; Max-Age=0/);
    expect(accountLink(await res.text())?.kind).toBe("sign-in");
  });
});

describe("sign-in returns to the page", () => {
  async function signInFrom(next: unknown, member: Awaited<ReturnType<typeof newMember>>): Promise<string> {
    const started = await (await send("POST", "/en/account/sign-in/options", { json: {}, address: newAddress() })).json<any>();
    const response = await member.passkey.signIn(started.options, ORIGIN);
    const res = await send("POST", "/en/account/sign-in", { json: { ceremony: started.ceremony, response, next }, address: newAddress() });
    expect(res.status).toBe(200);
    expect(sessionSet(res)).toBeDefined();
    return (await res.json<{ redirect: string }>()).redirect;
  }

  it("the sign-in page carries the return path to its button, and the sign-in answers it", async () => {
    const page = await (await get(`/en/sign-in?next=${encodeURIComponent("/es/buscar?q=bateria")}`)).text();
    expect(page).toContain('data-next="/es/buscar?q=bateria"');
    const member = await newMember(`back${Date.now() % 100000}`);
    expect(await signInFrom("/es/buscar?q=bateria", member)).toBe(`${ORIGIN}/es/buscar?q=bateria`);
    expect(await signInFrom(`/en/library/${SAMPLE_IDS.publicSchematic}`, member)).toBe(`${ORIGIN}/en/library/${SAMPLE_IDS.publicSchematic}`);
    // Signed in already, the sign-in link goes straight back.
    const again = await get(`/en/sign-in?next=${encodeURIComponent("/en/boards")}`, member.cookie);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`${ORIGIN}/en/boards`);
  });

  it("a hostile return address is never followed: the member lands on their account, and the page carries none", async () => {
    const member = await newMember(`hostile${Date.now() % 100000}`);
    const hostile = [
      "https://evil.example/en",
      "//evil.example/en",
      "/\\evil.example",
      "\\/evil.example",
      "/\t/evil.example/en",
      "javascript:alert(1)",
      "/en/../../evil",
      "/en@evil.example",
      " /en",
      "/unknown/page",
      `/en/${"x".repeat(2100)}`,
      42,
      ["/en"],
    ];
    for (const next of hostile) {
      expect(await signInFrom(next, member), String(next)).toBe(`${ORIGIN}/en/account/keys`);
      if (typeof next !== "string") continue;
      const page = await (await get(`/en/sign-in?next=${encodeURIComponent(next)}`)).text();
      expect(page, next).not.toContain("data-next");
      const signedIn = await get(`/en/sign-in?next=${encodeURIComponent(next)}`, member.cookie);
      expect(signedIn.headers.get("Location"), next).toBe(`${ORIGIN}/en/account/keys`);
    }
  });
});
