// The edge cache: answers that every anonymous reader gets the same (API GETs without a key, site pages, feeds,
// sitemaps, robots.txt, llms.txt) kept in the Workers Cache API (`caches.default`) for EDGE_CACHE_TTL_SECONDS,
// small ones also in the isolate's memory for what is left of that lifetime (memory-cache.ts).
// It sits inside the rate check (which runs beside it), so a cached answer is still counted and still gets its
// own request id, limit headers and 304; only the data work is skipped. Stored: 200s that a shared cache may
// keep, with their ETag. Never stored: keyed calls, problems and error pages, `private`/`no-store` answers.
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { conditional, etagMatches, notModified } from "./caching";
import type { AppEnv } from "../app-env";
import { LANGUAGES, type Lang } from "../../core/language";
import { edgeGeneration } from "./edge-invalidation";
import { type KeptAnswer, MEMORY_ENTRY_MAX_BYTES, memoryLookup, memoryPut, readUpTo } from "./memory-cache";

type Ctx = Context<AppEnv>;

/**
 * The query parameters a path's answer depends on, in a fixed order; the others are left out of the key.
 * null: not known, so the answer is not cached.
 */
export type KnownParams = (path: string) => readonly string[] | null;

/** Adds the answer's validators (ETag, Cache-Control) as the surface's cache middleware would (src/http/cache/caching.ts). */
export type Validate = (c: Ctx, res: Response) => Promise<Response>;

// Kept beside the body in the cache only: the page's language (site pages name theirs in the path) and the
// Cache-Control the reader gets (the stored copy carries the edge lifetime instead).
const LANG_HEADER = "X-Edge-Lang";
const CLIENT_CACHE_CONTROL = "X-Edge-Cache-Control";
/** When the answer was made (epoch ms): the isolate's memory copy of a Cache API entry expires with it. */
const STORED_AT = "X-Edge-Stored-At";
/** `hit` or `miss` on answers that could come from the edge cache: lets operators and tests see it work. */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";

/** A parameter's name as the handler reads it (`+` is a space; invalid percent-encoding stays as written). */
function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

/**
 * The normalised request: origin, path, the known parameters (every value, in a fixed order), the language.
 * Values are kept as the request spelled them, never decoded: decoding could make two requests the handler
 * reads differently one key (`q=%FFbattery`, kept as written by the handler, and `q=%EF%BF%BDbattery`,
 * both U+FFFD once decoded with replacement), and one would be served the other's answer.
 */
export function edgeCacheKey(url: URL, known: readonly string[], lang: Lang, generation = 0): string {
  // Raised when a document must leave every cache at once (src/http/cache/edge-invalidation.ts).
  const gen = generation ? `&_gen=${generation}` : "";
  // Most reads send no query at all: nothing to normalise.
  if (url.search === "" || known.length === 0) return `${url.origin}${url.pathname}?_lang=${lang}${gen}`;
  const pairs = url.search
    .slice(1)
    .split("&")
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf("=");
      return eq < 0 ? [paramName(part), ""] : [paramName(part.slice(0, eq)), part.slice(eq + 1)];
    });
  const params: string[] = [];
  for (const name of known) for (const [n, value] of pairs) if (n === name) params.push(`${encodeURIComponent(name)}=${value}`);
  params.push(`_lang=${lang}`);
  return `${url.origin}${url.pathname}?${params.join("&")}${gen}`;
}

function cacheable(c: Ctx): boolean {
  return c.req.method === "GET" && c.req.header("Authorization") === undefined && c.get("viewer") === null && c.get("config").edgeCacheTtlSeconds > 0;
}

function storable(res: Response): boolean {
  const control = res.headers.get("Cache-Control") ?? "";
  return res.status === 200 && !/no-store|private/.test(control) && !res.headers.has("Set-Cookie") && res.headers.has("ETag");
}

function forStorage(res: Response, ttlSeconds: number, lang: Lang, nowMs: number): Response {
  const stored = new Response(res.body, res);
  stored.headers.set(CLIENT_CACHE_CONTROL, res.headers.get("Cache-Control") ?? "");
  stored.headers.set("Cache-Control", `public, max-age=${ttlSeconds}`);
  stored.headers.set(LANG_HEADER, lang);
  stored.headers.set(STORED_AT, String(nowMs));
  return stored;
}

/** The headers a reader gets from a stored copy: its own Cache-Control back, the cache's bookkeeping out, `X-Edge-Cache: hit`. */
function readerHeaders(stored: Headers): Headers {
  const headers = new Headers(stored);
  headers.set("Cache-Control", stored.get(CLIENT_CACHE_CONTROL) ?? "");
  for (const name of [LANG_HEADER, CLIENT_CACHE_CONTROL, STORED_AT, "Age", "CF-Cache-Status"]) headers.delete(name);
  headers.set(EDGE_CACHE_HEADER, "hit");
  return headers;
}

/** The language a stored copy is written in (site pages name theirs in the path), when it is one of ours. */
function storedLang(stored: Headers): Lang | null {
  const lang = stored.get(LANG_HEADER) as Lang | null;
  return lang && LANGUAGES.includes(lang) ? lang : null;
}

type Kept = Pick<KeptAnswer, "headers" | "etag" | "lang"> & { body: Uint8Array | ReadableStream<Uint8Array> };

/**
 * After the answer is sent: into the isolate's memory (when small, already as readers get it, so a hit only
 * makes one Response) and the Cache API, from one copy of the body.
 */
async function keep(key: string, stored: Response, expiresAt: number): Promise<void> {
  const read = await readUpTo(stored.body, MEMORY_ENTRY_MAX_BYTES);
  if ("bytes" in read) memoryPut(key, read.bytes, readerHeaders(stored.headers), expiresAt, storedLang(stored.headers));
  await caches.default.put(key, new Response("bytes" in read ? read.bytes : read.stream, stored));
}

/** A Cache API hit as readers get it, kept in the isolate's memory too until the stored copy's own lifetime ends. */
async function fromCacheApi(key: string, hit: Response, ttlSeconds: number, nowMs: number): Promise<Kept> {
  const storedAt = Number(hit.headers.get(STORED_AT)) || nowMs;
  const headers = readerHeaders(hit.headers);
  const lang = storedLang(hit.headers);
  const read = await readUpTo(hit.body, MEMORY_ENTRY_MAX_BYTES);
  if (!("bytes" in read)) return { body: read.stream, headers, etag: headers.get("ETag"), lang };
  memoryPut(key, read.bytes, headers, storedAt + ttlSeconds * 1000, lang);
  return { body: read.bytes, headers, etag: headers.get("ETag"), lang };
}

/** A kept answer as this reader gets it: its language restored on the context, 304 when their copy is current. */
function answerKept(c: Ctx, kept: Kept): Response {
  if (kept.lang) c.set("lang", kept.lang as Lang);
  if (kept.etag && etagMatches(c.req.header("If-None-Match"), kept.etag)) {
    if (kept.body instanceof ReadableStream) kept.body.cancel().catch(() => undefined);
    return notModified(kept.headers);
  }
  return new Response(kept.body, { status: 200, headers: kept.headers });
}

/**
 * Middleware for one surface (the API, the site): a hit is answered from the cache, a miss runs the handler,
 * gives its answer validators with `validate`, stores it (after the answer is sent) and answers it.
 */
export function edgeCache(knownParams: KnownParams, validate: Validate): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!cacheable(c)) return next();
    const url = new URL(c.req.url);
    const known = knownParams(url.pathname);
    if (known === null) return next();
    const nowMs = Date.now();
    const key = edgeCacheKey(url, known, c.get("lang"), await edgeGeneration(c.env.DB, nowMs));
    const ttl = c.get("config").edgeCacheTtlSeconds;
    // The isolate's memory first (no round trip), then this data centre's Cache API.
    const kept = memoryLookup(key, nowMs);
    if (kept) {
      c.res = answerKept(c, kept);
      return;
    }
    const hit = await caches.default.match(key);
    if (hit) {
      c.res = answerKept(c, await fromCacheApi(key, hit, ttl, nowMs));
      return;
    }
    await next();
    if (c.res.status !== 200 || c.error) return;
    const answer = await validate(c, c.res);
    if (storable(answer)) {
      c.executionCtx.waitUntil(keep(key, forStorage(answer.clone(), ttl, c.get("lang"), nowMs), nowMs + ttl * 1000).catch(() => undefined));
      answer.headers.set(EDGE_CACHE_HEADER, "miss");
    }
    c.res = conditional(c.req.header("If-None-Match"), answer);
  });
}

/** Known parameters of an OpenAPI path template (`/documents/{document}`) under a prefix, matched per request. */
export function knownParamsFromRoutes(prefix: string, routes: () => { path: string; query: readonly string[] | null }[]): KnownParams {
  let table: { pattern: RegExp; query: readonly string[] | null }[] | undefined;
  return (path) => {
    table ??= routes().map((r) => ({ pattern: new RegExp("^" + prefix + r.path.replace(/\{[^}]+\}/g, "[^/]+") + "$"), query: r.query }));
    // Not a described operation (signed file links among them): never cached.
    return table.find((r) => r.pattern.test(path))?.query ?? null;
  };
}
