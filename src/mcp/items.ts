// Compact markdown for list items (list_recent, search, a board's documents): title, url, author, key facts.
import type { Excerpt } from "../search/present/excerpts";
import { formatBytes } from "../content/format";
import type { Board } from "../db/queries/board-lookup";
import type { BlogPost } from "../db/queries/blog";
import type { RepairCase } from "../db/queries/cases";
import type { DocumentItem } from "../db/queries/documents";
import type { Category, Thread } from "../db/queries/forum";
import { cut, day, line } from "./format";
import { count, type McpWords } from "./i18n";

/**
 * List items carry short free texts (excerpts, symptoms, descriptions). A page of them shares this many
 * characters, each text getting at most SNIPPET_MAX and at least SNIPPET_MIN.
 */
export const SNIPPET_BUDGET = 2500;
export const SNIPPET_MAX = 300;
const SNIPPET_MIN = 80;

export function snippetLimit(items: number): number {
  return Math.max(SNIPPET_MIN, Math.min(SNIPPET_MAX, Math.floor(SNIPPET_BUDGET / Math.max(1, items))));
}

export function threadItem(t: Thread, w: McpWords): string {
  const last = day(t.last_activity_at);
  return [
    `- ${t.title} — ${t.url}`,
    `  ${line(w.threadBy(t.author), w.category(t.category), t.status, t.sticky && w.sticky, count(w, t.replies, "reply"), last && w.lastActivity(last))}`,
  ].join("\n");
}

export function postItem(p: BlogPost, w: McpWords): string {
  return [
    `- ${p.title} — ${p.url}`,
    `  ${line(w.postBy(p.author ?? w.unknown), day(p.published_at), w.minRead(p.reading_minutes), count(w, p.comments, "comment"), p.tags.length > 0 && w.tags(p.tags.join(", ")))}`,
    ...(p.excerpt ? [`  ${p.excerpt}`] : []),
  ].join("\n");
}

export function caseItem(c: RepairCase, w: McpWords): string {
  return [
    `- ${c.title} — ${c.url}`,
    `  ${line(w.caseBy(c.author ?? w.unknown), w.outcome(c.outcome), c.device_model, c.board && w.board(c.board), c.manufacturer, day(c.published_at))}`,
    ...(c.symptom ? [`  ${w.symptom}: ${c.symptom}`] : []),
  ].join("\n");
}

export function documentItem(d: DocumentItem, w: McpWords): string {
  const added = day(d.created_at);
  return [
    `- ${d.title} — ${d.url}`,
    `  ${line(d.type, d.extension, formatBytes(d.size_bytes), d.page_count !== null && count(w, d.page_count, "page"), d.boards.length > 0 && w.boards(d.boards.join(", ")), d.manufacturer, added && w.added(added))}`,
  ].join("\n");
}

export function boardItem(b: Board, w: McpWords): string {
  return `- ${line(w.board(b.number), b.manufacturer)} — ${b.url}`;
}

export function categoryItem(c: Category, w: McpWords): string {
  return [`- ${c.name} (${w.slug(c.slug)}) — ${count(w, c.threads, "thread")}`, ...(c.description ? [`  ${c.description}`] : [])].join("\n");
}

/** A free text cut to about `limit` characters; none at all for 0 (src/mcp/tool.ts fitToBound). */
function snippet(text: string, limit: number): string {
  return limit > 0 ? cut(text, limit).text : "";
}

/** Shortens the free texts of list items so a page of them fits the budget (see snippetLimit). */
export function trimPosts<T extends BlogPost>(posts: T[], limit = snippetLimit(posts.length)): T[] {
  return posts.map((p) => ({ ...p, excerpt: snippet(p.excerpt, limit) }));
}

export function trimCases<T extends RepairCase>(cases: T[], limit = snippetLimit(cases.length)): T[] {
  return cases.map((c) => ({ ...c, symptom: snippet(c.symptom, limit) }));
}

export function trimCategories(categories: Category[], limit = snippetLimit(categories.length)): Category[] {
  return categories.map((c) => ({ ...c, description: c.description === null ? null : snippet(c.description, limit) }));
}

/** A search hit's highlight as one quoted line, the matched words in bold; nothing when there is none. */
export function highlightLine(h: Excerpt | null, w: McpWords): string {
  if (!h) return "";
  let out = "";
  let at = 0;
  for (const { start: a, end: b } of h.marks) {
    out += h.text.slice(at, a) + "**" + h.text.slice(a, b) + "**";
    at = b;
  }
  out += h.text.slice(at);
  return `\n  > ${out} (${w.inField(h.page, h.field)})`;
}
