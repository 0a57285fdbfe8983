// The bilingual repair thesaurus, served from the isolate (no database read): concepts of board
// repair (symptoms.ts, components.ts, actions.ts), each with its Spanish and English words and
// phrases, regional and colloquial variants and common misspellings. A query phrase that names a
// concept also matches the concept's other words (src/search/understand/query.ts), ranked below the words as
// typed. `thesaurusProblems` (test/search/thesaurus.test.ts, `npm run lint`) rejects a term found in
// two concepts (ambiguous) or twice in one language of a concept (duplicate).
import { tokenize } from "../index/tokens";
import { FUNCTION_WORDS, NEGATIONS } from "../index/function-words";
import { fold, stems } from "../index/vocabulary";
import { ACTIONS } from "./actions";
import { COMPONENTS } from "./components";
import { SYMPTOMS } from "./symptoms";

export type Language = "es" | "en";
export type ConceptKind = "symptom" | "component" | "action";

export interface ConceptTerm {
  /** As written in the thesaurus. */
  text: string;
  /** Folded tokens (as the index folds them): the phrase matched and searched for. */
  tokens: string[];
  lang: Language;
  /** Regions (MX, AR, ES, …), `slang`, `typo`, `state`, `query` (see `isSearched`). */
  tags: string[];
}

export interface Concept {
  id: string;
  kind: ConceptKind;
  terms: ConceptTerm[];
  /** Where the words come from. */
  source: string;
  /** The concept this one says happened too (`implies:`): corrosion on a board is what liquid left. */
  implies?: string;
}

/** Other terms one concept adds to a query (each one more phrase to read). */
export const MAX_CONCEPT_EXPANSIONS = 24;
/** Usual terms of an implied concept searched beside a concept's own (the first of each language). */
export const IMPLIED_EXPANSIONS = 4;
export const conceptById = (id: string) => CONCEPTS.find((c) => c.id === id);
/** Other terms all the concepts of one query add together, whatever the thesaurus size. */
export const MAX_QUERY_EXPANSIONS = 48;
/** Longest term, in tokens. */
export const MAX_CONCEPT_TOKENS = 6;

const keyOf = (tokens: string[]) => tokens.join(" ");

function parseTerms(list: string, lang: Language): ConceptTerm[] {
  return list
    .split(";")
    .map((raw) => raw.trim())
    .filter(Boolean)
    .map((raw) => {
      const [text, ...tags] = raw.split("@").map((s) => s.trim());
      return { text, tokens: tokenize(text).map(fold), lang, tags };
    });
}

/** Lines of `id | es: …; … | en: …; … | src: …`. */
export function parseConcepts(text: string, kind: ConceptKind): Concept[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [id, ...fields] = line.split("|").map((s) => s.trim());
      const field = (name: string) => fields.find((f) => f.startsWith(`${name}:`))?.slice(name.length + 1) ?? "";
      const implies = field("implies").trim();
      return {
        id,
        kind,
        terms: [...parseTerms(field("es"), "es"), ...parseTerms(field("en"), "en")],
        source: field("src").trim(),
        ...(implies ? { implies } : {}),
      };
    });
}

export const CONCEPTS: Concept[] = [
  ...parseConcepts(SYMPTOMS, "symptom"),
  ...parseConcepts(COMPONENTS, "component"),
  ...parseConcepts(ACTIONS, "action"),
];

/** Ambiguous terms (in two concepts), duplicates (twice in one language of a concept), malformed entries. */
export function thesaurusProblems(concepts: Concept[]): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  const ids = new Set<string>();
  for (const c of concepts) {
    if (ids.has(c.id)) problems.push(`concept ${c.id} defined twice`);
    ids.add(c.id);
    if (!c.source) problems.push(`${c.id}: no source note`);
    if (c.implies && !concepts.some((o) => o.id === c.implies && o.id !== c.id)) problems.push(`${c.id}: implies no concept ${c.implies}`);
    for (const lang of ["es", "en"] as const) if (!c.terms.some((t) => t.lang === lang)) problems.push(`${c.id}: no ${lang} term`);
    const seen = new Set<string>();
    for (const t of c.terms) {
      const key = keyOf(t.tokens);
      if (!key) problems.push(`${c.id}: empty term "${t.text}"`);
      if (t.tokens.length > MAX_CONCEPT_TOKENS) problems.push(`${c.id}: "${t.text}" longer than ${MAX_CONCEPT_TOKENS} words`);
      if (t.tokens.some((x) => /\p{N}/u.test(x)) && t.tokens.length === 1) problems.push(`${c.id}: "${t.text}" is a code, not a word`);
      if (seen.has(`${t.lang}:${key}`)) problems.push(`${c.id}: duplicate ${t.lang} term "${t.text}"`);
      seen.add(`${t.lang}:${key}`);
      const other = owner.get(key);
      if (other && other !== c.id) problems.push(`ambiguous term "${t.text}": in ${other} and ${c.id}`);
      owner.set(key, c.id);
    }
  }
  return problems;
}

interface Entry {
  concept: Concept;
  term: ConceptTerm;
}

const BY_KEY = new Map<string, Entry>();
for (const concept of CONCEPTS)
  for (const term of concept.terms) if (!BY_KEY.has(keyOf(term.tokens))) BY_KEY.set(keyOf(term.tokens), { concept, term });

/** The concept a phrase of folded tokens names, if any. */
export const conceptOf = (tokens: string[]): Entry | undefined => BY_KEY.get(keyOf(tokens));

/**
 * Shortest stem a word of a term is recognised by in another form ("derramar" for "derrame", "reinicios" for
 * "reinicia"); a shorter stem says too little ("cortado", open, is not "corto", short): the word as written.
 */
export const MIN_CONCEPT_STEM = 5;
const stemKeyOf = (tokens: string[], lang: Language) =>
  tokens
    .map((t) => {
      const stem = stems(t)[lang];
      return stem.length >= MIN_CONCEPT_STEM ? stem : t;
    })
    .join(" ");

/** The terms (of `lang` only, when given) by a key of their words; a key two concepts share names neither (null). */
function termsByKey(keyOf: (term: ConceptTerm) => string | undefined, lang?: Language): Map<string, Entry | null> {
  const byKey = new Map<string, Entry | null>();
  for (const concept of CONCEPTS)
    for (const term of concept.terms) {
      if (lang && term.lang !== lang) continue;
      const key = keyOf(term);
      if (key === undefined) continue;
      const known = byKey.get(key);
      if (known === undefined) byKey.set(key, { concept, term });
      else if (known && known.concept.id !== concept.id) byKey.set(key, null);
    }
  return byKey;
}

/** Each term's words by their stems (in the term's language). */
const BY_STEM = termsByKey((term) => `${term.lang}:${stemKeyOf(term.tokens, term.lang)}`);

function namedAsWritten(tokens: string[]): Entry | undefined {
  const exact = conceptOf(tokens);
  if (exact) return exact;
  const es = BY_STEM.get(`es:${stemKeyOf(tokens, "es")}`);
  const en = BY_STEM.get(`en:${stemKeyOf(tokens, "en")}`);
  if (es && en && es.concept.id !== en.concept.id) return undefined;
  const formed = es ?? en ?? BY_PARTICIPLE.get(participleKeyOf(tokens)) ?? BY_EAR_VERB.get(earVerbKeyOf(tokens));
  if (formed) return formed;
  const [ces, cen] = [BY_CONTENT.get(contentKeyOf(tokens, "es", "refuse") ?? ""), BY_CONTENT.get(contentKeyOf(tokens, "en", "refuse") ?? "")];
  if (ces && cen && ces.concept.id !== cen.concept.id) return undefined;
  return ces ?? cen ?? undefined;
}

/** English auxiliaries a negation follows ("won't", "does not", "can't"): the negation says it, whichever. */
const NEGATED_AUXILIARIES = new Set("are can could did do does is was were will won would".split(" "));
/** An auxiliary written with its negation and without the apostrophe ("wont", "doesnt"). */
const JOINED_NEGATIONS = new Set("arent cant couldnt didnt dont doesnt isnt wasnt werent wont wouldnt".split(" "));

/**
 * A phrase's words that say something: function words left out (negations and the reflexive "se" kept, every
 * negation "not" once its auxiliary is dropped), so "no me prende" is "no prende", "se me apaga" is "se apaga",
 * "hangs on the logo" is "hangs at logo", "doesnt charge" is "won't charge". Two such words at least: one alone
 * says too little. A query's run may not begin or end with a word left out (it belongs to the next phrase).
 */
export function contentWords(tokens: string[], edges: "strip" | "refuse" = "strip"): string[] | undefined {
  const kept = tokens.map((t, i) => {
    const next = tokens[i + 1];
    if (NEGATED_AUXILIARIES.has(t) && (next === "t" || next === "not")) return undefined;
    if (JOINED_NEGATIONS.has(t) || t === "t") return "not";
    return NEGATIONS.has(t) || t === "se" || !FUNCTION_WORDS.has(t) ? t : undefined;
  });
  if (edges === "refuse" && (kept[0] === undefined || kept[kept.length - 1] === undefined)) return undefined;
  const out = kept.filter((t) => t !== undefined);
  return out.length >= 2 ? out : undefined;
}
const contentKeyOf = (tokens: string[], lang: Language, edges: "strip" | "refuse") => {
  const content = contentWords(tokens, edges);
  return content && `${lang}:${stemKeyOf(content, lang)}`;
};
/** The last way a phrase names a concept: its words that say something, in any form, are a term's. */
const BY_CONTENT = termsByKey((term) => (term.tags.includes("query") ? undefined : contentKeyOf(term.tokens, term.lang, "strip")));

/**
 * A Spanish verb in -ear in any tense (resetea, reseteó, reseteaba, reseteando; bootea, booteaba): forums make one
 * of every English loanword (rebootear, flickear, bootear), and Snowball stems its forms apart ("resete", "reset").
 * Each form is keyed as its third person present.
 */
const earVerbKeyOf = (tokens: string[]) =>
  tokens.map((t) => t.replace(/^(\p{L}{3,})e(?:a|as|an|o|ar|aba|abas|aban|ando|ado|ada|ados|adas|aron)$/u, "$1ea")).join(" ");
const BY_EAR_VERB = termsByKey((term) => earVerbKeyOf(term.tokens), "es");

/**
 * A Spanish participle in any gender and number (pegado, pegada, pegados; colgado, colgadas): the stem is often
 * shorter than MIN_CONCEPT_STEM ("peg", "colg"), so only its masculine singular was a term's word as written.
 */
const participleKeyOf = (tokens: string[]) => tokens.map((t) => t.replace(/^(\p{L}{2,}[ai])d(?:a|os|as)$/u, "$1do")).join(" ");
const BY_PARTICIPLE = termsByKey((term) => participleKeyOf(term.tokens), "es");

/**
 * The concept a phrase names as written or in another form of its words (same stems, either language), or with a
 * Spanish diminutive read as its word ("la camarita no anda", "el cablecito flojo"), if one.
 */
export function conceptNamed(tokens: string[]): Entry | undefined {
  const named = namedAsWritten(tokens);
  if (named) return named;
  const plain = undiminished(tokens);
  if (plain) return namedAsWritten(plain);
  for (const unstretched of unstretchedForms(tokens)) {
    const found = namedAsWritten(unstretched) ?? namedAsWritten(undiminished(unstretched) ?? unstretched);
    if (found) return found;
  }
  return undefined;
}

/**
 * A word stretched for emphasis ("nooo enciende", "no prendeee", "se calientaaa"): a letter three times or more is
 * read once, then twice ("speeed" is "sped" or "speed"). Neither language writes a letter three times.
 */
function unstretchedForms(tokens: string[]): string[][] {
  if (!tokens.some((t) => /(\p{L})\1\1/u.test(t))) return [];
  return [1, 2].map((n) => tokens.map((t) => t.replace(/(\p{L})\1{2,}/gu, (run) => run.slice(0, n))));
}

/** Every word of the thesaurus' terms (folded). */
const THESAURUS_WORDS = new Set(CONCEPTS.flatMap((c) => c.terms.flatMap((t) => t.tokens)));

/**
 * A Spanish diminutive's word, when the thesaurus holds it: forums write "la camarita", "el cablecito", "las
 * lucecitas", "la plaquita" for the camera, the cable, the lights, the board. -ito/-ita/-illo/-illa after the word
 * without its last vowel (cámara → camarita; placa → plaquita, c written qu), -cito/-cita after a word ending in
 * e, n or r (cable → cablecito, botón → botoncito), -ecito/-ecita after one syllable (luz → lucecita); plurals too.
 * A word the thesaurus holds as written is never read as another.
 */
export function diminutiveOf(token: string): string | undefined {
  if (THESAURUS_WORDS.has(token) || token.length < 6) return undefined;
  const m = /^(\p{L}+?)(ec|c)?(?:it|ill)([oa])(s?)$/u.exec(token);
  if (!m) return undefined;
  const [, root, infix = "", vowel, plural] = m;
  const roots = new Set<string>();
  if (infix === "ec") roots.add(`${root.replace(/c$/u, "z")}`).add(`${root}e`);
  if (infix) roots.add(root + (infix === "ec" ? "e" : ""));
  // -ito/-ita: the word's own last vowel was dropped (camar-ita), "qu"/"gu" written for c/g before i.
  const base = `${root}${infix}`.replace(/qu$/u, "c").replace(/gu$/u, "g");
  for (const v of [vowel, vowel === "o" ? "a" : "o", "e", ""]) roots.add(base + v);
  for (const r of roots) {
    const forms = plural ? [`${r}s`, `${r}es`, r.replace(/z$/u, "ces"), r] : [r];
    const found = forms.find((f) => THESAURUS_WORDS.has(f));
    if (found) return found;
  }
  return undefined;
}

/** The phrase with its diminutives read as their words, when one is; else undefined. */
export function undiminished(tokens: string[]): string[] | undefined {
  const plain = tokens.map((t) => diminutiveOf(t) ?? t);
  return plain.some((t, i) => t !== tokens[i]) ? plain : undefined;
}

/** Whether `inner` appears in `outer` as consecutive tokens. */
const containsPhrase = (outer: string[], inner: string[]) =>
  inner.length > 0 && outer.some((_, i) => i + inner.length <= outer.length && inner.every((t, j) => outer[i + j] === t));

/**
 * Whether a term is searched for as a concept's other word. A misspelling (`@typo`) is only recognised; so is a
 * bare phrase that in a post also says something else (`@query`: "a masa", "to ground" name a short in a query,
 * "vcore a masa", but every measurement in a post says "resistencia a masa" / "resistance to ground"; "fuente" is
 * the charger in Argentina and the bench supply in every post's "consumo en la fuente").
 */
export const isSearched = (term: ConceptTerm) => !term.tags.includes("typo") && !term.tags.includes("query");

/**
 * The other terms of a concept to search for, usual ones first and both languages in turn (a
 * misspelling is recognised, never searched), at most `max`; `typed` (folded tokens) left out. A term
 * holding another of the concept's words ("battery not charging" holds "not charging"), or the typed
 * phrase, adds no match and is not searched: its place goes to a term that does.
 */
export function expansionsOf(concept: Concept, typed: string[], max = MAX_CONCEPT_EXPANSIONS): string[][] {
  const typedKey = keyOf(typed);
  const searchable = concept.terms.filter((t) => isSearched(t) && keyOf(t.tokens) !== typedKey);
  const redundant = (t: ConceptTerm) =>
    containsPhrase(t.tokens, typed) || searchable.some((o) => o.tokens.length < t.tokens.length && containsPhrase(t.tokens, o.tokens));
  const usable = (lang: Language) => searchable.filter((t) => t.lang === lang && !redundant(t));
  const [es, en] = [usable("es"), usable("en")];
  const out: string[][] = [];
  const seen = new Set<string>();
  for (let i = 0; out.length < max && (i < es.length || i < en.length); i++) {
    for (const t of [es[i], en[i]]) {
      if (!t || out.length >= max || seen.has(keyOf(t.tokens))) continue;
      seen.add(keyOf(t.tokens));
      out.push(t.tokens);
    }
  }
  return out;
}
