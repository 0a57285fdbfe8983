// What the MCP tools need from the request, and the anonymous QueryContext they read through.
import type { Db } from "../db/client";
import type { QueryContext } from "../db/queries/runtime";
import type { Lang } from "../core/language";
import type { TextShard } from "../text/shards";
import type { Budget } from "./budget";

export interface ToolContext {
  db: Db;
  siteUrl: string;
  /**
   * The reader's language when neither the call (`lang`) nor an address names one: Accept-Language negotiated as
   * on every surface (src/http/request-setup.ts), else the site's DEFAULT_LANG.
   */
  defaultLang: Lang;
  /** The text databases (search asks them too). */
  shards: readonly TextShard[];
  /** The request's budget decision (src/mcp/budget.ts): every tool call and resource read waits for it. */
  budget: Budget;
}

/** Tools see exactly what an anonymous visitor sees: viewer null, the same query modules as the API. */
export function anonymousQueryContext(tools: ToolContext, lang: Lang): QueryContext {
  return { db: tools.db, viewer: null, urls: { siteUrl: tools.siteUrl, lang }, now: new Date().toISOString(), shards: tools.shards };
}
