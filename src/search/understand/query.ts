// User text → FTS5 MATCH expressions. Raw input never reaches FTS5 syntax: it is cut into tokens of
// letters, digits and combining marks only, and every token is written inside double quotes, so
// quotes, parentheses, `*`, `-`, `^`, `:`, AND/OR/NOT/NEAR and SQL fragments are plain words or
// separators. Supported: "quoted phrases", prefix matching of the last word, and board and part
// numbers in any spelling (820-00165, 82000165, 820 00165).
import { normalizeBoardNumber } from "../../core/urls";
import { conceptById, expansionsOf, IMPLIED_EXPANSIONS, MAX_QUERY_EXPANSIONS } from "../thesaurus";
import { isPart } from "../thesaurus/compose";
import { FUNCTION_WORDS, NEGATIONS } from "../index/function-words";
import { isFunctionWord, MAX_TERMS, statesOfParts, withinBound, withinQueryBound } from "./query-bounds";
import type { Alternative, ParsedQuery, Term } from "../query-types";
import { conceptAt, conceptOrComposedAt, hasDigit, type Word, words } from "./words";
import { temperatureAt } from "./temperature";
import { tokenize } from "../index/tokens";
import { fold } from "../index/vocabulary";

export { tokenize };

export type { Alternative, ParsedQuery, Term } from "../query-types";
export { MAX_TERMS } from "./query-bounds";

const MAX_PHRASE_TOKENS = 8;
/** Prefix matching needs this many characters: shorter prefixes expand to too many index terms. */
export const MIN_PREFIX_CHARS = 3;
/** A code typed partly (a prefix, or without its package suffix) matches from this many characters. */
export const MIN_CODE_PREFIX_CHARS = 5;

const phrase = (tokens: string[], prefix = false): Alternative => ({ tokens: tokens.slice(0, MAX_PHRASE_TOKENS), prefix });

/** "tps62180" → ["tps", "62180"] when the token is exactly one letter run and one digit run. */
function letterDigitSplit(token: string): string[] | undefined {
  const m = /^(\p{L}+)(\p{N}+)$/u.exec(token) ?? /^(\p{N}+)(\p{L}+)$/u.exec(token);
  return m ? [m[1], m[2]] : undefined;
}

/** A word like 820-00165, PP3V42_G3H or TPS62180: its phrase, its joined form, its letter/digit split. */
function codeTerm(tokens: string[], norm: string): Term {
  const joined = tokens.join("");
  const alternatives: Alternative[][] = [[phrase(tokens)]];
  if (tokens.length > 1) alternatives.push([phrase([joined])]);
  const split = tokens.length === 1 ? letterDigitSplit(joined) : undefined;
  if (split) alternatives.push([phrase(split)]);
  // ISL9582 finds ISL95828HRTZ: letters and digits, long enough that the prefix stays selective.
  const loose = joined.length >= MIN_CODE_PREFIX_CHARS && /\p{L}/u.test(joined) && hasDigit(joined) ? [phrase([joined], true)] : undefined;
  return { alternatives, norm, ...(loose ? { loose } : {}) };
}

/** A code of letters and digits this long is whole: the word after it is not its other half. */
export const WHOLE_CODE_CHARS = 8;

/** Two adjacent words that may be one code written with a space: "820 00165", "TPS 62180", "LA B162P". */
function pairable(a: Word, b: Word): boolean {
  if (a.quoted || b.quoted || a.tokens.length !== 1 || b.tokens.length !== 1) return false;
  const [x, y] = [a.tokens[0], b.tokens[0]];
  if (!hasDigit(x) && !hasDigit(y)) return false;
  // A whole code (letters and digits, a board number's length) followed by a word stays a code and a word:
  // "DAG35AMB8D0 cam missing". A short one may be half of an alias ("x1c mlb" for X1C_MLB).
  if (x.length >= WHOLE_CODE_CHARS && /\p{L}/u.test(x) && hasDigit(x) && !hasDigit(y)) return false;
  const short = (t: string) => hasDigit(t) || t.length <= 4;
  return short(x) && short(y) && x.length + y.length <= 40;
}

const isWord = (token: string) => /^\p{L}+$/u.test(token);

const isNegation = (w: Alternative) => w.tokens.length === 1 && NEGATIONS.has(w.tokens[0]);

/** Tokens a concept's other phrase may have between its words ("stuck on the Acer logo" says "stuck on logo"). */
export const NEAR_SLACK = 3;

/**
 * A concept's other phrase as searched: its meaningful words near each other (its function words left out),
 * so a brand or a word between them still says it. A phrase with a negation stays a phrase: "no … enciende"
 * apart may say the opposite ("enciende pero no da imagen").
 */
function synonymPhrase(tokens: string[]): Alternative {
  const meaningful = tokens.filter((t) => !FUNCTION_WORDS.has(t));
  if (tokens.some((t) => NEGATIONS.has(t)) || meaningful.length < 2) return phrase(tokens);
  return { tokens: tokens.slice(0, MAX_PHRASE_TOKENS), prefix: false, near: true };
}

/** The tokens the index is asked for: a NEAR group's meaningful ones, a phrase's all. */
const searchedTokens = (p: Alternative) => (p.near ? p.tokens.filter((t) => !FUNCTION_WORDS.has(t)) : p.tokens);

/**
 * `standalone`: norms of codes that name a board alone, so the word after them is not their other half ("nma311 la
 * laptop no prende" is NM-A311 and words, not the code NMA311LA): src/search/understand/understand.ts parses again
 * with them when a pair names no board and its first word does.
 */
export function parseQuery(q: string, standalone: ReadonlySet<string> = new Set()): ParsedQuery {
  const list = words(q);
  const terms: Term[] = [];
  const pairs: ParsedQuery["pairs"] = [];
  let lastWordUsed = false;
  // Plain function words take no place of the bound: "con el adaptador de la marca la batería no se llena" keeps
  // its last phrase (they are left out below when the query holds more than MAX_TERMS terms).
  const meaningful = () => terms.filter((t) => !isFunctionWord(t)).length;
  for (let i = 0; i < list.length && meaningful() < MAX_TERMS; i++) {
    const w = list[i];
    const next = list[i + 1];
    const named = conceptOrComposedAt(list, i);
    if (named) {
      const extra = expansionsOf(named.entry.concept, named.tokens);
      const typed = list.slice(i, i + named.words).flatMap((x) => x.tokens);
      terms.push({
        alternatives: [[phrase(typed)]],
        ...(named.words === 1 && typed.length === 1 && isWord(typed[0]) ? { word: typed[0] } : {}),
        // Two terms may search the same words ("stuck on logo", "stuck at logo"): once.
        synonyms: extra.map(synonymPhrase).filter((p, k, all) => all.findIndex((o) => renderPhrase(o) === renderPhrase(p)) === k),
        concept: {
          id: named.entry.concept.id,
          typed: typed.join(" "),
          ...(isPart(named.entry.concept) ? { part: true } : {}),
          ...(named.entry.term.tags.includes("state") ? { state: true } : {}),
        },
        ...(typed.length > 1 ? { words: typed.map((t) => phrase([t])) } : {}),
      });
      i += named.words - 1;
      lastWordUsed = i === list.length - 1;
      continue;
    }
    const heat = temperatureAt(list, i);
    if (heat) {
      const extra = expansionsOf(heat.concept, []);
      const typed = list.slice(i, i + heat.words).flatMap((x) => x.tokens);
      terms.push({ alternatives: [[phrase(typed)]], synonyms: extra.map(synonymPhrase), concept: { id: heat.concept.id, typed: typed.join(" ") } });
      i += heat.words - 1;
      lastWordUsed = i === list.length - 1;
      continue;
    }
    // A number before a concept's words stays a number: "9380 no carga" is not the code "9380NO".
    const alone = normalizeBoardNumber(w.raw);
    if (next && pairable(w, next) && !standalone.has(alone) && !conceptAt(list, i + 1) && !temperatureAt(list, i + 1)) {
      const norm = normalizeBoardNumber(w.raw + next.raw);
      if (hasDigit(alone))
        pairs.push({
          joined: norm,
          first: alone,
          ...(w.tokens.length === 1 ? { word: fold(w.tokens[0]) } : {}),
          ...(next.tokens.length === 1 && isWord(next.tokens[0]) ? { second: next.tokens[0] } : {}),
        });
      terms.push({ alternatives: [[phrase(w.tokens), phrase(next.tokens)], [phrase([w.tokens[0] + next.tokens[0]])]], norm });
      i++;
      lastWordUsed = i === list.length - 1;
      continue;
    }
    lastWordUsed = i === list.length - 1;
    if (w.quoted) {
      terms.push({ alternatives: [[phrase(w.tokens)]] });
    } else if (w.tokens.length > 1 || hasDigit(w.tokens[0])) {
      terms.push(codeTerm(w.tokens, normalizeBoardNumber(w.raw)));
    } else {
      terms.push({ alternatives: [[phrase(w.tokens)]], word: w.tokens[0] });
    }
  }
  const lastTerm = terms[terms.length - 1];
  terms.splice(0, terms.length, ...withinBound(terms));
  if (terms[terms.length - 1] !== lastTerm) lastWordUsed = false;
  // Prefix on the last word while the user is still typing it (not after a space or a closing quote).
  const last = list[list.length - 1];
  if (lastWordUsed && !last.quoted && !/[\s"]$/u.test(q)) {
    for (const alt of terms[terms.length - 1].alternatives) {
      const end = alt[alt.length - 1];
      if (end.tokens[end.tokens.length - 1].length >= MIN_PREFIX_CHARS) end.prefix = true;
    }
  }
  const norm = normalizeBoardNumber(q);
  const whole = norm.length >= 2 && norm.length <= 100 ? norm : "";
  const norms = [...new Set([...terms.flatMap((t) => (t.norm ? [t.norm] : [])), ...pairs.map((p) => p.first), whole])].filter(Boolean);
  const shared = withinQueryBound(terms);
  const spent = shared.reduce((sum, t) => sum + (t.synonyms?.length ?? 0), 0);
  return { terms: withImplied(statesOfParts(shared), MAX_QUERY_EXPANSIONS - spent), norms, whole, pairs };
}

/** A concept implying another (corrosion: liquid damage) also searches that one's first usual terms, within the
 * query's bound (a query naming both has spent it): "equipo sulfatado" finds "se mojó con agua". */
function withImplied(terms: Term[], budget: number): Term[] {
  let left = budget;
  return terms.map((t) => {
    const concept = t.concept && conceptById(conceptById(t.concept.id)?.implies ?? "");
    if (!concept || left <= 0) return t;
    const extra = expansionsOf(concept, [], Math.min(IMPLIED_EXPANSIONS, left)).map(synonymPhrase);
    left -= extra.length;
    return { ...t, synonyms: [...(t.synonyms ?? []), ...extra] };
  });
}

/** Known spellings of a board (number and aliases): matched as a phrase or as the joined form. */
export interface BoardSpellings {
  norm: string;
  spellings: string[];
}

/** Adds a board's other spellings to every term whose norm names it (by number or alias). */
export function expandBoards(parsed: ParsedQuery, boardsByNorm: Map<string, BoardSpellings>): ParsedQuery {
  const terms = parsed.terms.map((term) => {
    const board = term.norm ? boardsByNorm.get(term.norm) : undefined;
    if (!board) return term;
    const extra: Alternative[][] = [];
    for (const spelling of board.spellings) {
      const tokens = tokenize(spelling);
      if (tokens.length) extra.push([phrase(tokens)]);
      const joined = tokens.join("");
      if (joined) extra.push([phrase([joined])]);
    }
    return { ...term, alternatives: dedupe([...term.alternatives, ...extra]) };
  });
  return { ...parsed, terms };
}

function dedupe(alternatives: Alternative[][]): Alternative[][] {
  const seen = new Set<string>();
  return alternatives.filter((alt) => {
    const key = JSON.stringify(alt);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---- rendering: the only place FTS5 syntax is written ----

const renderPhrase = (p: Alternative) =>
  p.near
    ? `NEAR(${searchedTokens(p)
        .map((t) => `"${t}"`)
        .join(" ")}, ${NEAR_SLACK})`
    : `"${p.tokens.join(" ")}"${p.prefix ? "*" : ""}`;

/**
 * How far a term reaches: as typed; with its forms, corrections and code prefixes; with its concept's other
 * words too ("said": all of that, but a negated phrase's words never apart); and with everything (loose).
 */
export type Reach = "exact" | "forms" | "said" | "loose";

/** A concept phrase typed with a negation among its words ("no enciende"): its words apart may say the opposite. */
const negatedApart = (term: Term) => term.words?.some(isNegation) ?? false;

function renderTerm(term: Term, reach: Reach, mode: "all" | "any"): string {
  const alts = term.alternatives.map((parts) => (parts.length === 1 ? renderPhrase(parts[0]) : `(${parts.map(renderPhrase).join(" AND ")})`));
  if (reach !== "exact") alts.push(...(term.loose ?? []).map(renderPhrase));
  if (reach === "loose" || reach === "said") alts.push(...(term.synonyms ?? []).map(renderPhrase));
  // A concept's phrase typed with its words apart ("pantalla se queda negra" for "pantalla negra"), each
  // in any of its forms: as close as a word's other form; one by one, for the forgiving pass.
  const word = (w: Alternative, i: number) => {
    const forms = [w, ...(term.wordVariants?.[i] ?? [])].map(renderPhrase);
    return forms.length === 1 ? forms[0] : `(${forms.join(" OR ")})`;
  };
  // With a negation among them ("no enciende" in "enciende pero no da imagen") the words apart may say the
  // opposite: only the loose reach takes them, so they rank below the concept's other words.
  const apart = reach === "loose" || (reach !== "exact" && !negatedApart(term));
  if (apart && term.words) alts.push(`(${term.words.map(word).join(" AND ")})`);
  // One by one, a phrase's function words ("a" of "corto a masa", "no" of "no enciende") are left out: each
  // alone would let every item in.
  if (apart && reach !== "forms" && mode === "any")
    alts.push(...(term.words ?? []).flatMap((w, i) => (FUNCTION_WORDS.has(w.tokens[0]) && term.words!.length > 1 ? [] : [word(w, i)])));
  return alts.length === 1 ? alts[0] : `(${alts.join(" OR ")})`;
}

/** Whether a term's words apart are searched only in the loose reach (then "said" is a level of its own). */
export const hasNegatedApart = (parsed: ParsedQuery) => parsed.terms.some(negatedApart);

/**
 * The MATCH expression: every term (AND), or any term (OR) for the forgiving second pass; `loose`
 * adds each term's other forms, corrections and code prefixes, `exact` keeps the terms as typed.
 */
export function matchExpression(parsed: ParsedQuery, mode: "all" | "any" = "all", variant: Reach = "loose"): string | undefined {
  if (parsed.terms.length === 0) return undefined;
  return termsOf(parsed, mode)
    .map((t) => renderTerm(t, variant, mode))
    .join(mode === "all" ? " AND " : " OR ");
}

/**
 * The terms an expression joins. Any word: a function word alone ("the", "de", "no") would let every
 * item in, and rank first those sharing only it as typed; it still counts inside a phrase, and when the
 * query is nothing else.
 */
function termsOf(parsed: ParsedQuery, mode: "all" | "any"): Term[] {
  const meaningful = parsed.terms.filter((t) => !isFunctionWord(t));
  return mode === "any" && meaningful.length ? meaningful : parsed.terms;
}

/**
 * What a term weighs in an item's coverage of the query: a thesaurus concept (a symptom, a part, an
 * action) is the query's meaning, matched in any of its words, so it weighs as much as two plain words
 * ("overheats" over "load" in "overheats under load").
 */
export const CONCEPT_COVERAGE_WEIGHT = 2;
// Beside a fault the query names, a part ("cpu" of "cpu at 95c") says where, not what: it weighs a plain word.
const coverageWeight = (t: Term, withFault: boolean) => (t.concept && !(withFault && t.concept.part) ? CONCEPT_COVERAGE_WEIGHT : 1);

/**
 * Each term's own expression (any word) and its weight: the weight of those an item matches ranks it in the
 * forgiving pass. A concept phrase's single word alone ("battery" of "battery won't charge", "dead" of
 * "dead on the kb") weighs a plain word: only the concept said (its phrase, its words together, its other
 * words) weighs the concept's full weight.
 */
export function termExpressions(parsed: ParsedQuery, statement?: readonly string[]): { match: string; weight: number }[] {
  const terms = termsOf(parsed, "any");
  const withFault = terms.some((t) => t.concept && !t.concept.part);
  return terms.flatMap((t) => {
    const any = renderTerm(t, "loose", "any");
    // The concept said in the item's own statement of its fault (STATEMENT_COLUMNS), not only in replies.
    const inItem = renderTerm(t, "loose", "all");
    const said = t.concept && statement ? `{${statement.join(" ")}} : (${inItem})` : inItem;
    // A plain word counts where the item states its fault, not in a reply's aside ("de nuevo", "next to U2201").
    if (!t.concept && statement) return [{ match: `{${statement.join(" ")}} : (${any})`, weight: 1 }];
    if (!t.concept || said === any) return [{ match: any, weight: coverageWeight(t, withFault) }];
    return [
      { match: said, weight: coverageWeight(t, withFault) - 1 },
      { match: any, weight: 1 },
    ];
  });
}

/** The terms without the last word's prefix (code prefixes of 5+ characters stay: they expand to few terms). */
export function withoutWordPrefixes(parsed: ParsedQuery): ParsedQuery {
  const exact = (a: Alternative): Alternative => ({ ...a, prefix: false });
  const terms = parsed.terms.map((t) => ({ ...t, alternatives: t.alternatives.map((parts) => parts.map(exact)) }));
  return { ...parsed, terms };
}

/** Whether any term has looser alternatives (else the loose and exact expressions are the same). */
export const hasLoose = (parsed: ParsedQuery) => parsed.terms.some((t) => t.loose?.length || t.synonyms?.length || t.words?.length);

/** The plain words whose other forms and corrections widen the query: the terms' words and a concept phrase's words. */
export const variantWords = (parsed: ParsedQuery): string[] => [
  ...new Set(parsed.terms.flatMap((t) => [...(t.word ? [t.word] : []), ...(t.words ?? []).map((w) => w.tokens[0]).filter(isWord)])),
];

/**
 * Each plain word's other forms and corrections, as looser single-word alternatives. A word of a phrase the
 * thesaurus recognised is no typo: only its other forms (`formsOf`) widen it ("trafo" is not "trajo").
 */
export function withVariants(
  parsed: ParsedQuery,
  variantsOf: (word: string) => string[],
  formsOf: (word: string) => string[] = variantsOf,
): ParsedQuery {
  const terms = parsed.terms.map((term) => {
    const widen = term.concept ? formsOf : variantsOf;
    if (term.words) return { ...term, wordVariants: term.words.map((w) => widen(w.tokens[0]).map((v) => phrase([v]))) };
    if (!term.word) return term;
    const extra = widen(term.word).map((v) => phrase([v]));
    return extra.length ? { ...term, loose: [...(term.loose ?? []), ...extra] } : term;
  });
  return { ...parsed, terms };
}

/** A word of a phrase the index is asked for: a token, possibly a prefix. */
export interface ShapeWord {
  token: string;
  prefix: boolean;
}

/**
 * Every phrase a term's expressions may hold (src/search/understand/query.ts renderTerm, either mode), each as its
 * words: bm25 counts each phrase's rows over the whole table to weigh it. `loose` adds the other forms,
 * corrections, concept words and a concept phrase's words one by one (what the widest expression holds).
 */
export function termPhrases(term: Term, loose = false): ShapeWord[][] {
  const wordsOf = (p: Alternative) => searchedTokens(p).map((token, i, all) => ({ token, prefix: p.prefix && i === all.length - 1 }));
  const phrases = term.alternatives.flat();
  if (loose) phrases.push(...(term.loose ?? []), ...(term.synonyms ?? []), ...(term.words ?? []), ...(term.wordVariants ?? []).flat());
  return phrases.map(wordsOf);
}

/** Adds a required marker token (letters and digits only, built by our code, never by the user). */
export function withMarker(expression: string, marker: string): string {
  return /^[a-z0-9]+$/.test(marker) ? `"${marker}" AND (${expression})` : expression;
}
