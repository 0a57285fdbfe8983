// The site's own limit, SITE_RATE_PER_MINUTE = 10 in this file's settings: pages, feeds, sitemaps, robots.txt and
// llms.txt per address, a 429 page in the visitor's language past it, separate from the API's counter.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, seedSample } from "../helpers/app";
import { page } from "../helpers/site";
import { hourApartEachTest } from "../helpers/clock";
import { TIGHT_LIMITS, useSettings } from "../helpers/settings";

useSettings(TIGHT_LIMITS);
beforeAll(seedSample);

const clock = hourApartEachTest(Date.UTC(2032, 0, 1));

const PAGES = [
  "/es",
  "/en/forum",
  "/es/biblioteca",
  "/sitemap.xml",
  "/sitemaps/threads-1.xml",
  "/robots.txt",
  "/llms.txt",
  "/en/feeds/forum.atom",
  "/",
  "/problems/rate-limited",
];

async function view(path: string, address: string, headers: Record<string, string> = {}): Promise<Response> {
  const res = await page(path, { "CF-Connecting-IP": address, ...headers });
  await res.clone().arrayBuffer();
  return res;
}

describe("site limit per address", () => {
  it("the 11th page view in a minute under a limit of 10 is a 429 page with Retry-After, in the visitor's language", async () => {
    for (const [i, path] of PAGES.entries()) {
      const res = await view(path, "203.0.113.50");
      expect(res.status, path).toBeLessThan(400);
      expect(res.headers.get("RateLimit-Policy"), path).toBe('"site";q=10;w=60');
      expect(res.headers.get("X-RateLimit-Remaining"), path).toBe(String(9 - i));
    }
    vi.setSystemTime(clock.now() + 15_000);
    const refused = await view("/es/foro", "203.0.113.50");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(refused.headers.get("Retry-After")).toBe("45");
    expect(refused.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    expect(refused.headers.get("ETag")).toBeNull(); // nothing of the page built meanwhile goes out
    const body = await refused.text();
    expect(body).toContain('lang="es"');
    expect(body).not.toMatch(/820-00165/); // the forum's content was not served
    expect(body).toMatch(/Espera 45 s/);
    // English by address, and by Accept-Language where the address has no language.
    expect(await (await view("/en/blog", "203.0.113.50")).text()).toMatch(/wait 45 s/);
    expect(await (await view("/robots.txt", "203.0.113.50", { "Accept-Language": "en" })).text()).toMatch(/Too many pages/);
    // After the minute, pages are served again.
    vi.setSystemTime(clock.now() + 60_001);
    expect((await view("/es/foro", "203.0.113.50")).status).toBe(200);
  });

  it("is its own counter: the API stays open to an address the site refuses, and other addresses are not affected", async () => {
    for (let i = 0; i < 10; i++) await view("/en", "203.0.113.51");
    expect((await view("/en", "203.0.113.51")).status).toBe(429);
    const apiRes = await api("/forum/categories", { headers: { "CF-Connecting-IP": "203.0.113.51" } });
    expect(apiRes.status).toBe(200);
    expect(apiRes.headers.get("RateLimit-Policy")).toBe('"anonymous";q=10;w=60');
    await apiRes.arrayBuffer();
    expect((await view("/en", "203.0.113.52")).status).toBe(200);
  });

  it("20 parallel page views against the limit of 10 serve exactly 10", async () => {
    const statuses = await Promise.all(Array.from({ length: 20 }, () => view("/llms.txt", "203.0.113.53").then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
