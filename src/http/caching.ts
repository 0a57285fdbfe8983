// Cache headers and ETag/304 for successful GETs of the JSON API and the site (DESIGN.md §4).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";

async function bodyTag(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  let hex = "";
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, "0");
  return `"${hex}"`;
}

/** Weak comparison (RFC 9110 §8.8.3.2): the edge weakens ETags when it compresses. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || strip(t) === strip(etag));
}

/** Adds ETag and Cache-Control to the 200 response in `c.res`, answering 304 when If-None-Match matches. */
async function finishCacheable(c: Context<AppEnv>, cacheControl: string, vary?: string): Promise<void> {
  const res = c.res;
  // Handlers that decide their own caching: files (a stored .json included) carry their ETag; no-store answers stay so.
  if (res.headers.has("ETag") || res.headers.get("Cache-Control")?.includes("no-store")) return;
  const body = await res.arrayBuffer();
  const etag = await bodyTag(body);
  const headers = new Headers(res.headers);
  headers.set("ETag", etag);
  headers.set("Cache-Control", cacheControl);
  if (vary) headers.append("Vary", vary);
  if (etagMatches(c.req.header("If-None-Match"), etag)) {
    for (const h of ["Content-Type", "Content-Length"]) headers.delete(h);
    c.res = new Response(null, { status: 304, headers });
  } else {
    c.res = new Response(body, { status: 200, headers });
  }
}

export const cacheHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // Hono answers HEAD by running the GET handler; it must get the same headers.
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || c.res.status !== 200 || !c.res.headers.get("Content-Type")?.startsWith("application/json")) return;
  const keyed = c.req.header("Authorization") !== undefined;
  // Anonymous and keyed answers differ for one url: shared caches must keep them apart.
  await finishCacheable(c, keyed ? "private, no-cache" : "public, max-age=60", "Authorization");
});

/** Site pages, feeds and sitemaps: always what an anonymous visitor sees, so always publicly cacheable. */
export const publicCacheHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || c.res.status !== 200) return;
  await finishCacheable(c, "public, max-age=60");
});
