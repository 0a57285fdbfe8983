// Compact markdown for list items (list_recent, search, a board's documents): title, url, author, key facts.
import type { Excerpt } from "../search/excerpts";
import { formatBytes } from "../content/format";
import type { Board } from "../db/queries/boards";
import type { BlogPost } from "../db/queries/blog";
import type { RepairCase } from "../db/queries/cases";
import type { DocumentItem } from "../db/queries/documents";
import type { Category, Thread } from "../db/queries/forum";
import { cut, day, line, plural } from "./format";

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

export function threadItem(t: Thread): string {
  return [
    `- ${t.title} — ${t.url}`,
    `  ${line(`thread by ${t.author}`, `category ${t.category}`, t.status, t.sticky && "sticky", plural(t.replies, "reply", "replies"), day(t.last_activity_at) && `last activity ${day(t.last_activity_at)}`)}`,
  ].join("\n");
}

export function postItem(p: BlogPost): string {
  return [
    `- ${p.title} — ${p.url}`,
    `  ${line(`blog post by ${p.author ?? "unknown"}`, day(p.published_at), `${p.reading_minutes} min read`, plural(p.comments, "comment"), p.tags.length > 0 && `tags ${p.tags.join(", ")}`)}`,
    ...(p.excerpt ? [`  ${p.excerpt}`] : []),
  ].join("\n");
}

export function caseItem(c: RepairCase): string {
  return [
    `- ${c.title} — ${c.url}`,
    `  ${line(`repair case by ${c.author ?? "unknown"}`, `outcome ${c.outcome}`, c.device_model, c.board && `board ${c.board}`, c.manufacturer, day(c.published_at))}`,
    `  Symptom: ${c.symptom}`,
  ].join("\n");
}

export function documentItem(d: DocumentItem): string {
  return [
    `- ${d.title} — ${d.url}`,
    `  ${line(d.type, d.extension, formatBytes(d.size_bytes), d.page_count !== null && plural(d.page_count, "page"), d.boards.length > 0 && `boards ${d.boards.join(", ")}`, d.manufacturer, day(d.created_at) && `added ${day(d.created_at)}`)}`,
  ].join("\n");
}

export function boardItem(b: Board): string {
  return `- ${line(`board ${b.number}`, b.manufacturer)} — ${b.url}`;
}

export function categoryItem(c: Category): string {
  return [`- ${c.name} (slug ${c.slug}) — ${plural(c.threads, "thread")}`, ...(c.description ? [`  ${c.description}`] : [])].join("\n");
}

/** Shortens the free texts of list items so a page of them fits the budget (see snippetLimit). */
export function trimPosts<T extends BlogPost>(posts: T[], limit = snippetLimit(posts.length)): T[] {
  return posts.map((p) => ({ ...p, excerpt: cut(p.excerpt, limit).text }));
}

export function trimCases<T extends RepairCase>(cases: T[], limit = snippetLimit(cases.length)): T[] {
  return cases.map((c) => ({ ...c, symptom: cut(c.symptom, limit).text }));
}

export function trimCategories(categories: Category[]): Category[] {
  const limit = snippetLimit(categories.length);
  return categories.map((c) => ({ ...c, description: c.description === null ? null : cut(c.description, limit).text }));
}

/** A search hit's highlight as one quoted line, the matched words in bold; nothing when there is none. */
export function highlightLine(h: Excerpt | null): string {
  if (!h) return "";
  let out = "";
  let at = 0;
  for (const { start: a, end: b } of h.marks) {
    out += h.text.slice(at, a) + "**" + h.text.slice(a, b) + "**";
    at = b;
  }
  out += h.text.slice(at);
  return `\n  > ${out} (${h.page !== null ? `page ${h.page}` : h.field})`;
}
