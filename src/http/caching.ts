// Cache headers and ETag/304 for successful GETs of the JSON API (DESIGN.md §4).
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

export const cacheHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method !== "GET" || res.status !== 200 || !res.headers.get("Content-Type")?.startsWith("application/json")) return;
  // Handlers that decide their own caching: files (a stored .json included) carry their ETag; no-store answers stay so.
  if (res.headers.has("ETag") || res.headers.get("Cache-Control")?.includes("no-store")) return;
  const keyed = c.req.header("Authorization") !== undefined;
  const body = await res.arrayBuffer();
  const etag = await bodyTag(body);
  const headers = new Headers(res.headers);
  headers.set("ETag", etag);
  headers.set("Cache-Control", keyed ? "private, no-cache" : "public, max-age=60");
  // Anonymous and keyed answers differ for one url: shared caches must keep them apart.
  headers.append("Vary", "Authorization");
  if (etagMatches(c.req.header("If-None-Match"), etag)) {
    for (const h of ["Content-Type", "Content-Length"]) headers.delete(h);
    c.res = new Response(null, { status: 304, headers });
  } else {
    c.res = new Response(body, { status: 200, headers });
  }
});
