// What the search understood, for the result's `interpretation` (API, site, MCP): the corrections and
// word forms that widened the query, the concepts its phrases name, and the scope it set.
import type { ParsedQuery, Scope } from "../query-types";
import type { Interpretation } from "../stages";
import { conceptOf } from "../thesaurus";
import type { WordVariants } from "../index/vocabulary";

/** Words listed per concept (the full list is in the thesaurus). */
const CONCEPT_WORDS_SHOWN = 6;

export function interpretationOf(parsed: ParsedQuery, variantsOf: (word: string) => WordVariants | undefined, scope?: Scope): Interpretation {
  const corrections: Interpretation["corrections"] = [];
  const forms: Interpretation["forms"] = [];
  const concepts: Interpretation["concepts"] = [];
  for (const term of parsed.terms) {
    const v = term.word ? variantsOf(term.word) : undefined;
    // A word the index holds as typed was no typo: its nearest spellings still widen the match, unreported
    // (the site would say "Showing results for poner" for "power").
    // A word the thesaurus recognised was no typo either: its corrections are not searched.
    if (term.word && !term.concept && v?.corrections.length && !v.known) corrections.push({ word: term.word, to: v.corrections });
    if (term.word && v?.forms.length) forms.push({ word: term.word, to: v.forms });
    if (term.concept)
      concepts.push({
        typed: term.concept.typed,
        concept: term.concept.id,
        // As written in the thesaurus ("won't power on"), not as folded for the index ("won t power on").
        also: (term.synonyms ?? []).slice(0, CONCEPT_WORDS_SHOWN).map((p) => conceptOf(p.tokens)?.term.text ?? p.tokens.join(" ")),
      });
  }
  // Board suggestions are known only after ranking (src/search/suggest/): rank.ts fills them in.
  return { corrections, forms, concepts, scope: scope ? { by: scope.by, named: scope.named, boards: scope.boards } : null, suggestions: [] };
}
