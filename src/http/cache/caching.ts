// Cache headers and ETag/304 for successful GETs of the JSON API and the site (docs/design.md §4).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { StatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env";

/** What every anonymous reader's answer may be kept as, by browsers and shared caches. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60";
/** Keyed answers: only the caller's own cache, and only after asking again. */
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

async function bodyTag(body: ArrayBuffer | Uint8Array): Promise<string> {
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

/** Files (a stored .json included) carry their own ETag; no-store answers stay so. */
const decidesOwnCaching = (res: Response) => res.headers.has("ETag") || !!res.headers.get("Cache-Control")?.includes("no-store");

/**
 * The 200 `res` with an ETag from its body and `cacheControl`. Answers that decide their own caching are
 * returned as they are: files (a stored .json included) carry their ETag; no-store answers stay so.
 */
export async function withValidators(res: Response, cacheControl: string, vary?: string): Promise<Response> {
  if (decidesOwnCaching(res)) return res;
  const body = await res.arrayBuffer();
  const headers = new Headers(res.headers);
  headers.set("ETag", await bodyTag(body));
  headers.set("Cache-Control", cacheControl);
  if (vary) headers.append("Vary", vary);
  return new Response(body, { status: 200, headers });
}

/** The 304 (no body) of an answer with these headers. */
export function notModified(answerHeaders: Headers): Response {
  const headers = new Headers(answerHeaders);
  for (const h of ["Content-Type", "Content-Length"]) headers.delete(h);
  return new Response(null, { status: 304, headers });
}

/** 304 (no body) instead of `res` when the request's If-None-Match names its ETag. */
export function conditional(ifNoneMatch: string | undefined, res: Response): Response {
  if (!ifNoneMatch || res.status !== 200) return res;
  const etag = res.headers.get("ETag");
  if (!etag || !etagMatches(ifNoneMatch, etag)) return res;
  return notModified(res.headers);
}

/** Whether the API answer in `res` is one the cache headers apply to: a successful JSON GET (or HEAD). */
function apiCacheable(c: Context<AppEnv>, res: Response): boolean {
  return (
    (c.req.method === "GET" || c.req.method === "HEAD") && res.status === 200 && !!res.headers.get("Content-Type")?.startsWith("application/json")
  );
}

/** The validators of an API answer: anonymous and keyed answers differ for one url, so shared caches must keep them apart. */
export function apiValidators(c: Context<AppEnv>, res: Response): Promise<Response> {
  if (!apiCacheable(c, res)) return Promise.resolve(res);
  const keyed = c.req.header("Authorization") !== undefined;
  return withValidators(res, keyed ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL, "Authorization");
}

/** The validators of a JSON answer made from `text`, set on its own (mutable) headers: nothing is read back or copied. */
async function tagJsonAnswer(c: Context<AppEnv>, res: Response, text: string): Promise<Response> {
  const etag = await bodyTag(new TextEncoder().encode(text));
  res.headers.set("ETag", etag);
  res.headers.set("Cache-Control", c.req.header("Authorization") !== undefined ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  res.headers.append("Vary", "Authorization");
  if (!etagMatches(c.req.header("If-None-Match"), etag)) return res;
  await res.body?.cancel();
  return notModified(res.headers);
}

export const cacheHeaders = createMiddleware<AppEnv>(async (c, next) => {
  // A GET's JSON answer keeps the text it was made from, so its ETag is hashed from that text.
  let made: { res: Response; text: string } | undefined;
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    // The answer c.json makes (its Content-Type unless the handler names one), with its text kept. c.json's
    // overloads type each route's body; this one function serves them all, hence the cast through unknown.
    const json = (object: unknown, arg?: StatusCode | ResponseInit, headers?: Record<string, string>) => {
      const text = JSON.stringify(object);
      // Hono takes a status or an init here at run time; its types split the two.
      const res = c.newResponse(text, arg as StatusCode, { "Content-Type": "application/json", ...headers });
      made = { res, text };
      return res;
    };
    c.json = json as unknown as Context<AppEnv>["json"];
  }
  await next();
  // Hono answers HEAD by running the GET handler; it must get the same headers. Answers that already carry
  // an ETag (files, the edge cache's) were finished where they were made.
  if (!apiCacheable(c, c.res) || decidesOwnCaching(c.res)) return;
  if (made?.res === c.res) {
    const tagged = await tagJsonAnswer(c, c.res, made.text);
    if (tagged !== c.res) c.res = tagged;
    return;
  }
  c.res = conditional(c.req.header("If-None-Match"), await apiValidators(c, c.res));
});

/**
 * The validators of a site answer (pages, feeds, sitemaps): always what an anonymous visitor sees. `Vary: Cookie`
 * keeps a browser from showing its anonymous copy once the reader signs in (a member's pages are never stored).
 */
export function publicValidators(c: Context<AppEnv>, res: Response): Promise<Response> {
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || res.status !== 200) return Promise.resolve(res);
  return withValidators(res, PUBLIC_CACHE_CONTROL, "Cookie");
}

/** Site pages, feeds and sitemaps: always what an anonymous visitor sees, so always publicly cacheable. */
export const publicCacheHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.headers.has("ETag")) return;
  c.res = conditional(c.req.header("If-None-Match"), await publicValidators(c, c.res));
});
