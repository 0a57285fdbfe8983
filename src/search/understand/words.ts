// Query text → words, and the runs of words a thesaurus concept names (as a term, in another form of its
// words, or as a part and its fault: src/search/thesaurus/compose.ts).
import { conceptNamed, conceptOf, MAX_CONCEPT_TOKENS } from "../thesaurus";
import { symptomComposed } from "../thesaurus/compose";
import { fold } from "../index/vocabulary";
import { tokenize } from "../index/tokens";

export const hasDigit = (s: string) => /\p{N}/u.test(s);

export interface Word {
  raw: string;
  tokens: string[];
  quoted: boolean;
}

/** Splits into quoted phrases and whitespace-separated words; an unbalanced quote is ignored. */
export function words(q: string): Word[] {
  const parts = q.split('"');
  const balanced = parts.length % 2 === 1;
  const out: Word[] = [];
  parts.forEach((part, i) => {
    const quoted = i % 2 === 1 && (balanced || i < parts.length - 1);
    if (quoted) {
      const tokens = tokenize(part);
      if (tokens.length) out.push({ raw: part, tokens, quoted: true });
      return;
    }
    for (const raw of part.split(/\s+/u)) {
      const tokens = tokenize(raw);
      if (tokens.length) out.push({ raw, tokens, quoted: false });
    }
  });
  return out;
}

/**
 * Whether a run of words crosses a clause: a word before its last ends with a comma, a stop, a colon, a semicolon or
 * a question or exclamation mark ("no muestra nada, por la tele va bien" says two things, not "no … por la tele").
 */
const acrossClauses = (run: Word[]) => run.slice(0, -1).some((w) => /[,.;:!?¡¿]$/u.test(w.raw));

/**
 * The longest run of words from `i` that a thesaurus concept names (plain words only, never a quoted
 * phrase or a code): multi-word phrases are matched as phrases.
 */
export function conceptAt(
  list: Word[],
  i: number,
): { words: number; tokens: string[]; entry: NonNullable<ReturnType<typeof conceptNamed>> } | undefined {
  for (let n = Math.min(MAX_CONCEPT_TOKENS, list.length - i); n >= 1; n--) {
    const run = list.slice(i, i + n);
    if (acrossClauses(run) || run.some((w) => w.quoted)) continue;
    const tokens = run.flatMap((w) => w.tokens).map(fold);
    if (tokens.length > MAX_CONCEPT_TOKENS) continue;
    // A run holding a number names a concept only as a term writes it ("fans at 100%", "línea de 12v"): else a code.
    if (tokens.some((t) => hasDigit(t) && t !== ZERO)) {
      const entry = n > 1 ? conceptOf(tokens) : undefined;
      if (entry) return { words: n, tokens, entry };
      continue;
    }
    for (const read of zeroReadings(tokens)) {
      const entry = conceptNamed(read);
      if (entry) return { words: n, tokens: read, entry };
    }
  }
  return undefined;
}

/** A bare zero, as technicians write a reading ("stuck at 0%", "se queda en 0", "0 ohms"). */
const ZERO = "0";
/** A run as written, or with its bare zeros read as the word in either language ("se queda en cero", "stuck at zero"). */
function zeroReadings(tokens: string[]): string[][] {
  if (!tokens.includes(ZERO)) return [tokens];
  return ["cero", "zero"].map((word) => tokens.map((t) => (t === ZERO ? word : t)));
}

/** A run of plain words from `i` (never a quoted phrase or a code), folded, if it is `n` words long. */
function plainRun(list: Word[], i: number, n: number): string[] | undefined {
  const run = list.slice(i, i + n);
  if (run.length < n || acrossClauses(run) || run.some((w) => w.quoted || w.tokens.some(hasDigit))) return undefined;
  const tokens = run.flatMap((w) => w.tokens).map(fold);
  return tokens.length <= MAX_CONCEPT_TOKENS ? tokens : undefined;
}

/** The concept at `i`, or a longer run that says a symptom as a part and its fault ("la tele no anda"). */
export function conceptOrComposedAt(list: Word[], i: number): ReturnType<typeof conceptAt> {
  const named = conceptAt(list, i);
  for (let n = Math.min(MAX_CONCEPT_TOKENS, list.length - i); n > (named?.words ?? 1); n--) {
    const tokens = plainRun(list, i, n);
    const entry = tokens && symptomComposed(tokens);
    if (tokens && entry) return { words: n, tokens, entry };
  }
  return named;
}
