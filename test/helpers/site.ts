// Test helpers for the site: fetch a page like a browser would (no redirect following), read its head.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ORIGIN } from "./app";
import { callWorker } from "./settings";

export function page(pathOrUrl: string, headers: Record<string, string> = {}): Promise<Response> {
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${ORIGIN}${pathOrUrl}`;
  return callWorker(new Request(url, { headers, redirect: "manual" }));
}

/** GET a page, expect 200 HTML, return its markup. */
export async function html(pathOrUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await page(pathOrUrl, headers);
  const body = await res.text();
  expect(res.status, `${pathOrUrl} → ${res.status} ${res.headers.get("Location") ?? ""}`).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  return body;
}

/** The href of `<link rel=… [hreflang=…]>` in a page head. */
export function linkHref(markup: string, rel: string, hreflang?: string): string | undefined {
  for (const [tag] of markup.matchAll(/<link\b[^>]*>/g)) {
    if (!tag.includes(`rel="${rel}"`)) continue;
    if (hreflang !== undefined && !tag.includes(`hreflang="${hreflang}"`)) continue;
    return /href="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&");
  }
  return undefined;
}

export function metaProperty(markup: string, property: string): string | undefined {
  return new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(markup)?.[1];
}

/** Ids of sample rows the fixture gives no id (drafts, unpublished cases), looked up by title. */
export async function idByTitle(table: "blog_posts" | "repair_cases", title: string): Promise<string> {
  const row = await env.DB.prepare(`select id from ${table} where title = ?`).bind(title).first<{ id: string }>();
  if (!row) throw new Error(`no ${table} titled ${title}`);
  return row.id;
}
