// First middleware for every route (API, files, MCP, pages): request id, config, site url, language.
import { createMiddleware } from "hono/factory";
import { readConfig } from "../config";
import type { AppEnv } from "./context";
import { newId } from "./ids";
import { negotiateLanguage } from "./language";

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
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
  c.res.headers.set("Content-Language", c.get("lang"));
  c.res.headers.append("Vary", "Accept-Language");
});
