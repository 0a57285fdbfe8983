// What a parsed query keeps within its bounds (src/search/understand/query.ts): at most MAX_TERMS terms, plain
// function words left out first; the bound of other words shared among its concepts; a bare state said of a part.
import { MAX_QUERY_EXPANSIONS } from "../thesaurus";
import { fold } from "../index/vocabulary";
import { FUNCTION_WORDS } from "../index/function-words";
import type { Term } from "../query-types";

export const MAX_TERMS = 8;

/** A plain word (no concept, no code) that is a function word. */
export const isFunctionWord = (term: Term) => !term.concept && term.word !== undefined && FUNCTION_WORDS.has(fold(term.word));

/**
 * The query's bound of other terms (MAX_QUERY_EXPANSIONS) shared among its concepts, each taking what it has up to an
 * equal share and leaving the rest to the others: in their order, the first two concepts took 24 each and a third
 * none ("battery won't charge, charger replaced" searched nothing of "replaced" but the word).
 */
export function withinQueryBound(terms: Term[]): Term[] {
  const wants = terms.map((t) => t.synonyms?.length ?? 0);
  const shares = wants.map(() => 0);
  let left = MAX_QUERY_EXPANSIONS;
  for (let open = wants.filter(Boolean).length; left > 0 && open > 0; ) {
    const each = Math.max(1, Math.floor(left / open));
    open = 0;
    for (const [i, want] of wants.entries()) {
      const more = Math.min(want - shares[i], each, left);
      shares[i] += more;
      left -= more;
      if (shares[i] < want) open++;
    }
  }
  return terms.map((t, i) => (t.synonyms && shares[i] < t.synonyms.length ? { ...t, synonyms: t.synonyms.slice(0, shares[i]) } : t));
}

/** At most MAX_TERMS terms: plain function words are left out first (the last ones first), then the rest past the bound. */
export function withinBound(terms: Term[]): Term[] {
  let spare = terms.length - MAX_TERMS;
  if (spare <= 0) return terms;
  const kept = [...terms].reverse().filter((t) => !(spare > 0 && isFunctionWord(t) && spare--));
  return kept.reverse().slice(0, MAX_TERMS);
}

/**
 * A bare state ("dead", "muerta": a thesaurus term tagged @state) in a query naming a part ("kb half dead",
 * "charger dead") is the part's state, not the board's no power: it stays a plain word, as typed.
 */
export function statesOfParts(terms: Term[]): Term[] {
  if (!terms.some((t) => t.concept?.part)) return terms;
  return terms.map((t) => (t.concept?.state ? { alternatives: t.alternatives, ...(t.word ? { word: t.word } : {}) } : t));
}
