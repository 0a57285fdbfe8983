// Shared pieces of every tool result: the usage note, the character budget, compact markdown helpers.
import { USAGE_TEXT } from "../content/usage";
import { en, type McpWords } from "./i18n";

/** Spec §1's usage rules, stated once per result (in structuredContent and in the text). */
export const USAGE_NOTE = `${USAGE_TEXT} These tools never give download links.`;

/**
 * Characters of member-written text (bodies, descriptions, comments) one result may carry. The text content and
 * structuredContent each repeat it once, so together with headings, urls and metadata every result stays under
 * about 20 000 characters.
 */
export const TEXT_BUDGET = 6000;

/**
 * Splits a budget between texts: each gets an equal share, and what short texts leave unused goes to the longer
 * ones (water-filling). Returns each text's character limit, in the order given.
 */
export function shareBudget(lengths: number[], budget: number): number[] {
  const limits = new Array<number>(lengths.length).fill(0);
  const order = lengths.map((length, index) => ({ length, index })).sort((a, b) => a.length - b.length);
  let left = budget;
  order.forEach(({ length, index }, position) => {
    const share = Math.floor(left / (order.length - position));
    limits[index] = Math.min(length, share);
    left -= limits[index];
  });
  return limits;
}

const CUT_MARK = " […]";

/** Cuts a text to about `limit` characters at a word boundary, marking the cut. */
export function cut(text: string, limit: number): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  const room = Math.max(0, limit - CUT_MARK.length);
  const hard = text.slice(0, room);
  const space = hard.search(/\s\S*$/);
  const soft = space > room * 0.8 ? hard.slice(0, space) : hard;
  return { text: soft.trimEnd() + CUT_MARK, cut: true };
}

/** Items of a metadata line, empty ones dropped, joined by a middle dot. */
export function line(...items: (string | number | null | undefined | false)[]): string {
  return items.filter((item) => item !== null && item !== undefined && item !== false && item !== "").join(" · ");
}

/** A get_* answer's first lines: the item's title as a heading, its page address, its facts in one line. */
export function heading(item: { title: string; url: string }, ...facts: Parameters<typeof line>): string[] {
  return [`# ${item.title}`, item.url, line(...facts)];
}

/** The date part of an ISO timestamp, for compact text. */
export function day(iso: string | null | undefined): string | undefined {
  return iso ? iso.slice(0, 10) : undefined;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export interface NextCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/** The closing block of every text result: notes, the call for more, and the usage note. */
export function closing(notes: string[], next: NextCall | null, words: McpWords = en): string {
  const parts: string[] = [];
  if (notes.length) parts.push(notes.map((n) => `- ${n}`).join("\n"));
  if (next) parts.push(words.more(next.tool, JSON.stringify(next.arguments)));
  parts.push(`---\nUsage: ${USAGE_NOTE}`);
  return parts.join("\n\n");
}

/**
 * Splits a long text into parts of at most `size` characters, breaking at a paragraph, line or word boundary
 * in the last 40% of a part when there is one. Deterministic, so "part 2" means the same text on every call.
 */
export function splitParts(text: string, size: number): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const window = text.slice(start + Math.floor(size * 0.6), end);
      const breakAt = [window.lastIndexOf("\n\n"), window.lastIndexOf("\n"), window.lastIndexOf(" ")].find((i) => i >= 0);
      if (breakAt !== undefined) end = start + Math.floor(size * 0.6) + breakAt + 1;
    }
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts.length ? parts : [""];
}

/** Joins markdown lines; empty metadata lines collapse so blocks stay separated by one blank line. */
export function render(lines: string[]): string {
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
