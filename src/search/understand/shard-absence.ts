// Which text databases a search need not ask. A text database whose vocabulary lacks a word cannot match a
// phrase holding it; when every phrase of a term has such a word there, no page of that database can match the
// query (every term must match), and the search skips that database: one call fewer, often the most
// expensive part of a search for a part number or a rare word.
//
// A word's absence is only trusted while it is fresh: it must have been counted after the isolate read the
// text generation (src/text/generation.ts), and every search that skips reads the generation again in its
// ranking's batch. A raised generation (new page text stored since) means the search runs again, asking every
// database (src/search/rank/rank.ts). A word is trusted only when the index folds it exactly as `fold` does
// (test/search/shard-absence.test.ts checks each character against the tokenizer itself).
import { termPhrases, type Term } from "./query";
import { countName } from "../index/term-counts";
import { fold } from "../index/vocabulary";

/** Lower-case Latin letters with or without accents and digits: folded by unicode61 remove_diacritics 2 as by `fold`. */
const FOLDS_AS_INDEXED = /^[a-z0-9à-åç-ïñ-öù-ýÿ]+$/u;

/** Whether the index holds this query token exactly as `fold` writes it. */
export const foldsAsIndexed = (token: string) => FOLDS_AS_INDEXED.test(token);

/**
 * Per term: whether no page of a text database can match it there, given which counts are known to be
 * zero there (`missing`, by count name): every one of its phrases has a word missing.
 */
export function absentTerms(terms: readonly Term[], missing: (name: string) => boolean): boolean[] {
  return terms.map((term) => {
    const phrases = termPhrases(term, true);
    return (
      phrases.length > 0 &&
      phrases.every((words) => words.some((w) => foldsAsIndexed(w.token) && missing(countName({ token: fold(w.token), prefix: w.prefix }))))
    );
  });
}

/** Whether a text database cannot match: one absent term stops an all-words match, every term an any-word one. */
export function cannotMatch(absent: readonly boolean[] | undefined, mode: "all" | "any"): boolean {
  if (!absent?.length) return false;
  return mode === "all" ? absent.some(Boolean) : absent.every(Boolean);
}
