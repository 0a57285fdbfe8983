// Every HTML answer carries a Content-Security-Policy that allows no inline code but the page's own
// <style>/<script> blocks (by hash), forbids framing, and comes with nosniff and a Referrer-Policy.
import { beforeAll, describe, expect, it } from "vitest";
import { api, seedSample } from "./helpers/app";
import { page } from "./helpers/site";

beforeAll(seedSample);

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

/** The headers, and that every inline block of the markup is allowed by the policy (what a browser enforces). */
async function expectSecureHtml(res: Response): Promise<void> {
  const markup = await res.text();
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
  expect(directive(csp, "default-src")).toEqual(["'self'"]);
  expect(directive(csp, "object-src")).toEqual(["'none'"]);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  await expectCompanions(res, csp, markup);
}

async function expectCompanions(res: Response, csp: string, markup: string): Promise<void> {
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  for (const [kind, list] of [
    ["style", "style-src"],
    ["script", "script-src"],
  ] as const) {
    for (const [, attributes, body] of markup.matchAll(new RegExp(`<${kind}\\b([^>]*)>([\\s\\S]*?)</${kind}>`, "g"))) {
      if (/\bsrc=/.test(attributes)) continue;
      expect(directive(csp, list), `an inline <${kind}> the policy does not allow`).toContain(await sha256Source(body));
    }
  }
  // No inline event handlers or javascript: links, which no hash can allow.
  expect(markup).not.toMatch(/\son[a-z]+=["']|javascript:/i);
}

describe("security headers on HTML answers", () => {
  it("a site page", async () => {
    await expectSecureHtml(await page("/en"));
  });

  it("a 404 page and a problem page", async () => {
    const missing = await page("/en/forum/01JZZZZZZZZZZZZZZZZZZZZZZZ");
    expect(missing.status).toBe(404);
    await expectSecureHtml(missing);
    await expectSecureHtml(await page("/problems/rate-limited"));
  });

  it("the API reference page: its own stricter policy, scripts only from the site's assets", async () => {
    const res = await api("/docs");
    expect(res.status).toBe(200);
    const markup = await res.text();
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(csp, "default-src")).toEqual(["'none'"]);
    expect(directive(csp, "script-src")).toEqual(["'self'"]);
    expect(directive(csp, "style-src")).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(markup).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    await expectCompanions(res, csp, markup);
  });

  it("JSON answers keep their own headers (no page policy on data)", async () => {
    const res = await api("/boards");
    await res.arrayBuffer();
    expect(res.headers.get("Content-Security-Policy")).toBeNull();
  });
});
