// Where a hit matched: a short excerpt of the field (or page) with the most matched words, and the
// character ranges of those words. The index is contentless (FTS5 snippet() has no text to cut), so
// excerpts are cut here from the items' own text: the words to mark are the query's words as typed,
// their other forms and corrections, and code prefixes, all folded as the index folds them.
import type { z } from "@hono/zod-openapi";
import type { SearchHighlightSchema } from "../../schemas/search/search";
import type { ParsedQuery } from "../understand/query";
import { fold } from "../index/vocabulary";

/** Characters of text around the first marked word. */
export const EXCERPT_CHARS = 180;
const LEAD_CHARS = 50;

/** Where a hit matched (the API's SearchHighlight). */
export type Excerpt = z.infer<typeof SearchHighlightSchema>;

export interface MatchWords {
  words: Set<string>;
  prefixes: string[];
  /** Codes and phrases of several tokens (LA-K351P is "la" "k351p"): marked only where all of them follow each other. */
  phrases: { tokens: string[]; prefix: boolean }[];
}

/** The folded words (and prefixes) a query matches, every alternative included. */
export function matchWords(parsed: ParsedQuery): MatchWords {
  const words = new Set<string>();
  const prefixes: string[] = [];
  const phrases: MatchWords["phrases"] = [];
  for (const term of parsed.terms) {
    for (const alt of [...term.alternatives.flat(), ...(term.loose ?? []), ...(term.synonyms ?? []), ...(term.wordVariants ?? []).flat()]) {
      const tokens = alt.tokens.map(fold);
      if (tokens.length > 1) phrases.push({ tokens, prefix: alt.prefix === true });
      else if (alt.prefix) prefixes.push(tokens[0]);
      else words.add(tokens[0]);
    }
  }
  // Longest first: a code is marked whole before a shorter phrase inside it.
  phrases.sort((a, b) => b.tokens.length - a.tokens.length);
  return { words, prefixes, phrases };
}

const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

/** Fields written in Markdown; titles and page text are quoted as written (whitespace collapsed only). */
const MARKDOWN_FIELDS = new Set(["body", "replies", "excerpt", "description", "symptom", "diagnosis", "fix", "components"]);

/**
 * Markdown syntax out, whitespace collapsed: an excerpt reads as text. Only markup is removed: emphasis marks at a
 * word's edge, a heading's or quote's lead, table pipes, code ticks, link targets. A character inside a word stays
 * (PPBUS_G3H, +VCC_CORE, 2*R).
 */
const plainMarkdown = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^[ \t]*(?:#{1,6}|>+)[ \t]+/gm, "")
    .replace(/`+|\|/g, " ")
    .replace(/(?<![\p{L}\p{N}])[*_]+|[*_]+(?![\p{L}\p{N}])/gu, " ");

const plain = (field: string, text: string) => (MARKDOWN_FIELDS.has(field) ? plainMarkdown(text) : text).replace(/\s+/g, " ").trim();

/** As the index folds a word; most words are plain ASCII, lower-cased without the Unicode normalisation. */
const foldToken = (word: string) => (/^[\x00-\x7f]*$/.test(word) ? word.toLowerCase() : fold(word));

/**
 * The matched words' character ranges, up to the end of the first match's excerpt (`reach` characters after
 * its start): an excerpt never shows more, and a page may be 20,000 characters long.
 */
function marksIn(text: string, match: MatchWords, reach = EXCERPT_CHARS): [number, number][] {
  const re = new RegExp(TOKEN.source, TOKEN.flags);
  const tokens: { start: number; end: number; folded: string }[] = [];
  // Tokens are read as far as asked (a phrase looks a few ahead), never the whole text at once. (At the end
  // exec starts over from the text's start: `ended` keeps it there.)
  let ended = false;
  const token = (i: number) => {
    while (tokens.length <= i && !ended) {
      const m = re.exec(text);
      if (m) tokens.push({ start: m.index, end: m.index + m[0].length, folded: foldToken(m[0]) });
      else ended = true;
    }
    return tokens[i];
  };
  const at = (i: number, word: string, prefix: boolean) => {
    const t = token(i);
    return t !== undefined && (prefix ? t.folded.startsWith(word) : t.folded === word);
  };
  const marks: [number, number][] = [];
  for (let i = 0; token(i) !== undefined; i++) {
    const t = tokens[i];
    if (marks.length && t.start > marks[0][0] + reach) break;
    const phrase = match.phrases.find((p) => p.tokens.every((word, k) => at(i + k, word, p.prefix && k === p.tokens.length - 1)));
    if (phrase) {
      marks.push([t.start, tokens[i + phrase.tokens.length - 1].end]);
      i += phrase.tokens.length - 1;
    } else if (match.words.has(t.folded) || match.prefixes.some((p) => t.folded.startsWith(p))) {
      marks.push([t.start, t.end]);
    }
  }
  return marks;
}

/** The excerpt of one text, or undefined when no word of it matched. */
function cut(field: string, page: number | null, raw: string, match: MatchWords): (Excerpt & { score: number }) | undefined {
  const text = plain(field, raw);
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
