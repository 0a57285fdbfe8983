// First middleware for every route (API, files, MCP, pages): request id, config, site url, language.
import { createMiddleware } from "hono/factory";
import { readConfig } from "../config";
import type { AppEnv } from "./app-env";
import { newId } from "../core/ids";
import { negotiateLanguage } from "../core/language";

/** The language problem bodies are written in (src/http/problem-table.ts titles, the details thrown). */
const PROBLEM_LANGUAGE = "en";

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export const requestSetup = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header("X-Request-Id");
  const requestId = incoming && INCOMING_REQUEST_ID.test(incoming) ? incoming : newId();
  const config = readConfig(c.env);
  const lang = negotiateLanguage(c.req.header("Accept-Language"), config.defaultLang);
  c.set("requestId", requestId);
  c.set("config", config);
  c.set("siteUrl", config.siteUrl ?? new URL(c.req.url).origin);
  c.set("lang", lang);
  c.set("viewer", null);
  await next();
  // Set after the handler so error responses built elsewhere carry them too. Site pages whose
  // address names a language replace `lang`, so Content-Language follows the page, not the header.
  c.res.headers.set("X-Request-Id", requestId);
  // A problem body (application/problem+json) is written in English whatever the caller asked for: say so.
  const problem = c.res.headers.get("Content-Type")?.startsWith("application/problem+json");
  c.res.headers.set("Content-Language", problem ? PROBLEM_LANGUAGE : c.get("lang"));
  c.res.headers.append("Vary", "Accept-Language");
});
