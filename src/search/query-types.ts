// The shapes of a parsed query (src/search/understand/query.ts): its terms, each term's ways to match, the codes
// it may name, and the scope it sets (src/search/understand/scope.ts). Below every stage: each one reads them.
/** One way to match a term: a phrase of tokens (one token is a word), optionally a prefix. */
export interface Alternative {
  tokens: string[];
  prefix: boolean;
  /** Its meaningful tokens (function words left out) within NEAR_SLACK tokens of each other, in any order, rather than as a phrase. */
  near?: boolean;
}

/** A term matches when any alternative matches; an alternative may itself need several parts. */
export interface Term {
  /** Alternatives; each is a list of phrases that must all match (AND). */
  alternatives: Alternative[][];
  /** Upper-case letters-and-digits form when the term looks like a board or part number. */
  norm?: string;
  /** The plain word (letters only, unquoted) whose other forms and corrections may widen the term. */
  word?: string;
  /**
   * Looser alternatives: a code's prefix, a word's other forms and corrections. They widen the
   * match; an item matching only through them ranks after the items matching every term as typed.
   */
  loose?: Alternative[];
  /** The thesaurus concept the term's words name (its other words are among `loose`). */
  concept?: { id: string; typed: string; part?: boolean; state?: boolean };
  /**
   * The concept's other words in both languages (src/search/thesaurus): the loosest alternatives, an
   * item matching only through them ranks after the items matching as typed or through a word's forms.
   */
  synonyms?: Alternative[];
  /** A concept phrase's words one by one: matched only by the forgiving pass (any word). */
  words?: Alternative[];
  /** Each of `words`' other forms and corrections (same order), as a plain word's `loose`. */
  wordVariants?: Alternative[][];
}

export interface ParsedQuery {
  terms: Term[];
  /** Candidate board norms: code-like terms, a pair's code alone (`pairs`) and the whole query. */
  norms: string[];
  /** The whole query as a board norm ("" when it cannot be one). */
  whole: string;
  /**
   * Two words read as one code ("820 00165", "x1c mlb") when the first has a digit: the pair's norm, the first's norm,
   * the first as a word (one token, folded) and the second when it is a plain word (its forms are looked up).
   */
  pairs: { joined: string; first: string; word?: string; second?: string }[];
}

/** The boards a query names (src/search/understand/scope.ts). */
export interface Scope {
  /** How the query named the boards. */
  by: "board" | "model";
  /** The words of the query that named them, as typed. */
  named: string;
  boardIds: number[];
  /** Board numbers (for the interpretation). */
  boards: string[];
  /** Indexes of the query's terms that named the scope: the rest of the query is matched without them. */
  terms: number[];
}
