// Where a hit matched: a short excerpt of the field (or page) with the most matched words, and the
// character ranges of those words. The index is contentless (FTS5 snippet() has no text to cut), so
// excerpts are cut here from the items' own text: the words to mark are the query's words as typed,
// their other forms and corrections, and code prefixes, all folded as the index folds them.
import type { z } from "@hono/zod-openapi";
import type { SearchHighlightSchema } from "../schemas/search";
import type { ParsedQuery } from "./query";
import { fold } from "./vocabulary";

/** Characters of text around the first marked word. */
export const EXCERPT_CHARS = 180;
const LEAD_CHARS = 50;

/** Where a hit matched (the API's SearchHighlight). */
export type Excerpt = z.infer<typeof SearchHighlightSchema>;

export interface MatchWords {
  words: Set<string>;
  prefixes: string[];
}

/** The folded words (and prefixes) a query matches, every alternative included. */
export function matchWords(parsed: ParsedQuery): MatchWords {
  const words = new Set<string>();
  const prefixes: string[] = [];
  for (const term of parsed.terms) {
    for (const alt of [...term.alternatives.flat(), ...(term.loose ?? []), ...(term.synonyms ?? []), ...(term.wordVariants ?? []).flat()]) {
      alt.tokens.forEach((token, i) => {
        const t = fold(token);
        if (alt.prefix && i === alt.tokens.length - 1) prefixes.push(t);
        else words.add(t);
      });
    }
  }
  return { words, prefixes };
}

const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

/** Markdown punctuation out, whitespace collapsed: an excerpt reads as text. */
const plain = (text: string) =>
  text
    .replace(/[*_`#>|]+/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();

function marksIn(text: string, match: MatchWords): [number, number][] {
  const marks: [number, number][] = [];
  for (const m of text.matchAll(TOKEN)) {
    const t = fold(m[0]);
    if (match.words.has(t) || match.prefixes.some((p) => t.startsWith(p))) marks.push([m.index, m.index + m[0].length]);
  }
  return marks;
}

/** The excerpt of one text, or undefined when no word of it matched. */
function cut(field: string, page: number | null, raw: string, match: MatchWords): (Excerpt & { score: number }) | undefined {
  const text = plain(raw);
  const marks = marksIn(text, match);
  if (!marks.length) return undefined;
  let start = Math.max(0, marks[0][0] - LEAD_CHARS);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + EXCERPT_CHARS);
  if (end < text.length) end = text.lastIndexOf(" ", end) > marks[0][1] ? text.lastIndexOf(" ", end) : end;
  const pre = start > 0 ? "…" : "";
  const post = end < text.length ? "…" : "";
  const shift = pre.length - start;
  const inside = marks.filter(([a, b]) => a >= start && b <= end);
  const kept = inside.map(([a, b]) => ({ start: a + shift, end: b + shift }));
  const distinct = new Set(inside.map(([a, b]) => fold(text.slice(a, b)))).size;
  return { field, page, text: pre + text.slice(start, end) + post, marks: kept, score: distinct };
}

/** The best excerpt among an item's texts (in order of preference on ties); null when none matched. */
export function bestExcerpt(texts: { field: string; page?: number | null; text: string | null | undefined }[], match: MatchWords): Excerpt | null {
  let best: (Excerpt & { score: number }) | undefined;
  for (const t of texts) {
    if (!t.text) continue;
    const e = cut(t.field, t.page ?? null, t.text, match);
    if (e && (!best || e.score > best.score)) best = e;
  }
  if (!best) return null;
  const { score: _score, ...excerpt } = best;
  return excerpt;
}
