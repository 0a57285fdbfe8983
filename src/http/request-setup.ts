// The one middleware every route (API, files, MCP, pages) starts with: request id, config, site url and language
// before; the common headers, the D1 bookmark and the log line (when one is due) after.
import { createMiddleware } from "hono/factory";
import { type AppConfig, readConfig } from "../config";
import type { AppEnv } from "./app-env";
import { newId } from "../core/ids";
import { IsolateCache } from "../core/isolate-cache";
import { type Lang, negotiateLanguage } from "../core/language";
import { logRequest } from "./access-log";
import { carryBookmark } from "./d1-session";
import type { HtmlHeaders } from "./secure-headers";

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

// The vars of an isolate's env never change while it runs: read them once per env object, not per request.
const configs = new WeakMap<Env, AppConfig>();
function configOf(env: Env): AppConfig {
  let config = configs.get(env);
  if (!config) configs.set(env, (config = readConfig(env)));
  return config;
}

// Browsers send a handful of distinct Accept-Language values: each is negotiated once per isolate.
const negotiated = new IsolateCache<string, Lang>({ maxEntries: 256 });
function languageOf(header: string | undefined, fallback: Lang): Lang {
  if (!header) return fallback;
  const key = `${fallback}|${header}`;
  let lang = negotiated.get(key);
  if (lang === undefined) {
    lang = negotiateLanguage(header, fallback);
    negotiated.set(key, lang);
  }
  return lang;
}

// The site's origin from the request's own url (absolute and normalised by the runtime), without parsing it again.
function originOf(url: string): string {
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  return pathStart === -1 ? url : url.slice(0, pathStart);
}

const HTML = /^text\/html\b/i;

/** The pipeline; `htmlHeaders` is what every HTML answer gets after its handler (src/http/secure-headers.ts). */
export function requestPipeline(htmlHeaders: HtmlHeaders) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = Date.now();
    const incoming = c.req.header("X-Request-Id");
    const requestId = incoming && INCOMING_REQUEST_ID.test(incoming) ? incoming : newId();
    const config = configOf(c.env);
    const lang = languageOf(c.req.header("Accept-Language"), config.defaultLang);
    c.set("requestId", requestId);
    c.set("config", config);
    c.set("siteUrl", config.siteUrl ?? originOf(c.req.url));
    c.set("lang", lang);
    c.set("viewer", null);
    await next();
    const headers = c.res.headers;
    const type = headers.get("Content-Type") ?? "";
    if (HTML.test(type)) await htmlHeaders(c);
    // Set after the handler so error responses built elsewhere carry them too. Site pages whose
    // address names a language replace `lang`, so Content-Language follows the page, not the header.
    c.res.headers.set("X-Request-Id", requestId);
    // A problem body names its own language (the reader's, src/http/problem.ts); every other answer the request's.
    const problem = type.startsWith("application/problem+json");
    if (!problem || !c.res.headers.has("Content-Language")) c.res.headers.set("Content-Language", c.get("lang"));
    c.res.headers.append("Vary", "Accept-Language");
    carryBookmark(c);
    logRequest(c, started);
  });
}
