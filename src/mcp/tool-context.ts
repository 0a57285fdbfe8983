// What the MCP tools need from the request, the anonymous QueryContext they read through, and how a get_* tool
// reads the one item a call names.
import type { Db } from "../db/client";
import type { QueryContext } from "../db/queries/runtime";
import type { Lang } from "../core/language";
import type { TextShard } from "../text/shards";
import type { Budget } from "./budget";
import type { PageKind } from "../core/urls";
import { resolveIdReference } from "./address";
import { ToolError } from "./errors";
import { mcpWords, type McpWords } from "./i18n";
import { chooseLang } from "./inputs";
import type { Unit } from "./words/units";

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

/** A get_* call's item: its id (from an id or a page address), the reader's language and words, the context. */
export function namedItem(tools: ToolContext, reference: string, kind: PageKind, lang: Lang | undefined) {
  const ref = resolveIdReference(reference, kind);
  const chosen = chooseLang(lang, ref.lang, tools.defaultLang);
  return { id: ref.id, lang: chosen, words: mcpWords(chosen), ctx: anonymousQueryContext(tools, chosen) };
}

/** The item read, or the tool error every get_* tool gives for one not visible (`list` names list_recent's kind). */
export function visibleOr<T>(item: T | undefined | null, words: McpWords, unit: Unit, id: string, list: string): T {
  if (item === undefined || item === null) throw new ToolError(words.notVisible(words.units[unit][0], id, list));
  return item;
}
