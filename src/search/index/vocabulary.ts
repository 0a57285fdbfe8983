// The vocabulary behind word forms and typos: every distinct word of the search index, with its
// Spanish and English stems and, for words of 5+ letters, its deletion neighbourhood (SymSpell).
//
// - Fed from the FTS5 indexes themselves (fts5vocab), so it holds exactly what was indexed, from every
//   kind of item and from page text, and any database holding an FTS table can feed it (the page-text
//   shards too): syncVocabulary walks a source's terms in order from a stored cursor, a bounded
//   number per call, and adds the ones it lacks. Runs after a rebuild (whole) and on the cron (a slice).
// - At query time a word of letters meets the indexed words that share a stem with it (any
//   language) and those within its edit budget: 1 edit from 5 letters, 2 from 9 (insert, delete,
//   substitute, transpose). Numbers and codes are never looked up here.
// Everything is folded as unicode61 with remove_diacritics 2 folds it: lower case, no accents.
import { stemmer as stemEn } from "@orama/stemmers/english";
import { sql, type SQL } from "drizzle-orm";
import { stemmer as stemEs } from "@orama/stemmers/spanish";

/** Shortest word that is stemmed; shorter ones only match as typed. */
export const MIN_STEM_CHARS = 4;
/** A word of this many letters forgives one edit… */
export const ONE_EDIT_CHARS = 5;
/** …and of this many, two. */
export const TWO_EDIT_CHARS = 9;
/** Longest word the vocabulary keeps (longer runs are codes or noise). */
export const MAX_WORD_CHARS = 24;
/** Other forms and corrections one query word may expand to (each one more doclist to read). */
export const MAX_EXPANSIONS = 8;

/**
 * The vocabulary's own tables: emptied with the content by a reset import (cli/import/load.ts RESET_SQL), whose
 * end rebuilds them from the new index, so no word of the old content is offered as a form or correction.
 */
export const VOCABULARY_TABLES = ["search_term_deletes", "search_terms", "search_vocabulary_cursor"] as const;

/** The FTS tables whose words make the vocabulary (boards hold codes only). */
export const VOCABULARY_SOURCES = ["search_documents", "search_threads", "search_posts", "search_cases"] as const;

export const fold = (word: string) =>
  word
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    // Two letters unicode61 folds to another (test/search/shard-absence.test.ts): the micro sign of µF and µH
    // to Greek mu, the long s to s. Without this a word with them was never found in the vocabulary.
    .replace(/\u00b5/g, "\u03bc")
    .replace(/\u017f/g, "s");

/** Only plain words are stemmed and corrected: letters, no digits. */
export const isPlainWord = (word: string) => /^\p{L}+$/u.test(word) && word.length <= MAX_WORD_CHARS;

export const editBudget = (word: string) => (word.length >= TWO_EDIT_CHARS ? 2 : word.length >= ONE_EDIT_CHARS ? 1 : 0);

export function stems(word: string): { es: string; en: string } {
  const w = fold(word);
  return w.length < MIN_STEM_CHARS ? { es: w, en: w } : { es: stemEs(w), en: stemEn(w) };
}

/** Every string made by deleting up to `depth` characters (the word itself included). */
export function deletions(word: string, depth: number): string[] {
  const out = new Set<string>([word]);
  let level = [word];
  for (let d = 0; d < depth; d++) {
    const next: string[] = [];
    for (const w of level) {
      for (let i = 0; i < w.length; i++) {
        const shorter = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(shorter)) {
          out.add(shorter);
          next.push(shorter);
        }
      }
    }
    level = next;
  }
  return [...out];
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions), capped at max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

// ---- feeding ----

/** Terms read from a source per statement. */
export const SYNC_CHUNK = 500;

interface TermRow {
  term: string;
}

/** A term's rows: [term, stem_es, stem_en] and its deletion keys (none under 5 letters). */
function entryOf(term: string): { row: [string, string, string]; deletes: string[] } {
  const s = stems(term);
  // One letter shorter than the query-side rule: a 9-letter query may be 2 edits from an 8-letter word.
  const budget = term.length >= TWO_EDIT_CHARS - 1 ? 2 : term.length >= ONE_EDIT_CHARS - 1 ? 1 : 0;
  return { row: [term, s.es, s.en], deletes: budget ? deletions(term, budget) : [] };
}

/**
 * Adds to the vocabulary the words of `source` (an FTS table of `from`) it lacks, walking from the
 * stored cursor; `maxTerms` bounds one call. Returns the words read and whether the walk wrapped
 * (a whole pass over the source is done). `into` is the primary database (the vocabulary's home).
 */
export async function syncSource(
  from: D1Database,
  into: D1Database,
  source: string,
  maxTerms = SYNC_CHUNK * 4,
  cursorKey = source,
): Promise<{ read: number; added: number; wrapped: boolean }> {
  const cursor =
    (await into.prepare("select after from search_vocabulary_cursor where source = ?").bind(cursorKey).first<{ after: string }>())?.after ?? "";
  let after = cursor;
  let read = 0;
  let added = 0;
  let wrapped = false;
  while (read < maxTerms) {
    const { results } = await from
      .prepare(`select term from ${source}_vocab where term > ? order by term limit ?`)
      .bind(after, SYNC_CHUNK)
      .all<TermRow>();
    read += results.length;
    const words = results.map((r) => r.term).filter((t) => isPlainWord(t) && t.length >= MIN_STEM_CHARS);
    if (words.length) {
      const known = await into
        .prepare("select value as term from json_each(?) where not exists (select 1 from search_terms t where t.term = value)")
        .bind(JSON.stringify(words))
        .all<TermRow>();
      const fresh = known.results.map((r) => r.term).map(entryOf);
      if (fresh.length) {
        await into.batch([
          into
            .prepare("insert or ignore into search_terms (term, stem_es, stem_en) select value ->> 0, value ->> 1, value ->> 2 from json_each(?)")
            .bind(JSON.stringify(fresh.map((f) => f.row))),
          into
            .prepare("insert or ignore into search_term_deletes (del, term) select value ->> 0, value ->> 1 from json_each(?)")
            .bind(JSON.stringify(fresh.flatMap((f) => f.deletes.map((d) => [d, f.row[0]])))),
        ]);
        added += fresh.length;
      }
    }
    if (results.length < SYNC_CHUNK) {
      after = "";
      wrapped = true;
      break;
    }
    after = results[results.length - 1].term;
  }
  await into
    .prepare("insert into search_vocabulary_cursor (source, after) values (?, ?) on conflict (source) do update set after = excluded.after")
    .bind(cursorKey, after)
    .run();
  return { read, added, wrapped };
}

/** A text database whose page index feeds the vocabulary (src/text/shards.ts). */
interface TextSource {
  name: string;
  db: D1Database;
}

/**
 * A bounded slice of every source (the cron): the primary's FTS tables and each text database's page index
 * (cursor `NAME:page_index`); missing FTS tables (index dropped) are skipped.
 */
export async function syncVocabulary(
  db: D1Database,
  shards: readonly TextSource[] = [],
  maxTermsPerSource = SYNC_CHUNK * 4,
): Promise<{ added: number; wrapped: boolean }> {
  let added = 0;
  let wrapped = true;
  const sources = [
    ...VOCABULARY_SOURCES.map((source) => ({ from: db, source, key: source })),
    ...shards.map((s) => ({ from: s.db, source: "page_index", key: `${s.name}:page_index` })),
  ];
  for (const { from, source, key } of sources) {
    try {
      const r = await syncSource(from, db, source, maxTermsPerSource, key);
      added += r.added;
      wrapped &&= r.wrapped;
    } catch (error) {
      if (!/no such (table|fts5 table)/.test(String((error as { cause?: unknown }).cause ?? error))) throw error;
    }
  }
  return { added, wrapped };
}

/** A whole pass over every source (after a rebuild or import): starts from the beginning. */
export async function syncWholeVocabulary(db: D1Database, shards: readonly TextSource[] = []): Promise<number> {
  await db.prepare("delete from search_vocabulary_cursor").run();
  let added = 0;
  for (let pass = 0; pass < 10_000; pass++) {
    const r = await syncVocabulary(db, shards, SYNC_CHUNK * 20);
    added += r.added;
    if (r.wrapped) break;
  }
  return added;
}

// ---- looking up ----

/** What one query word may also match: other forms first, then corrections, nearest first. */
export interface WordVariants {
  forms: string[];
  corrections: string[];
  /** The index holds the word as typed: its corrections widen the match but correct nothing. */
  known?: boolean;
}

/** One statement: the indexed words sharing a stem with `word`, and those sharing a deletion key. */
export function variantsQuery(word: string): SQL | undefined {
  const w = fold(word);
  if (!isPlainWord(w) || w.length < MIN_STEM_CHARS) return undefined;
  const s = stems(w);
  const budget = editBudget(w);
  const keys = JSON.stringify(budget ? deletions(w, budget) : []);
  // Both halves read index ranges only, each with its own bound.
  return sql`select term, 2 as typo from search_terms where term = ${w}
    union all select term, 0 from (select term from search_terms where (stem_es = ${s.es} or stem_en = ${s.en}) and term <> ${w} limit 50)
    union all select term, 1 from (select distinct term from search_term_deletes where del in (select value from json_each(${keys})) and term <> ${w} limit 200)`;
}

/** Corrections kept for a word the index also holds as typed (it is most likely what was meant). */
export const KNOWN_WORD_CORRECTIONS = 2;

/**
 * The rows of variantsQuery → the forms and the verified corrections, nearest first, bounded. A word
 * the index holds as typed keeps only its KNOWN_WORD_CORRECTIONS nearest corrections: more would add
 * rows to read and neighbours nobody asked for (`power` → `tower`, `lower`, `mower`).
 */
export function variantsOf(word: string, rows: { term: string; typo: number }[]): WordVariants {
  const w = fold(word);
  const known = rows.some((r) => r.typo === 2);
  const budget = editBudget(w);
  const forms = [...new Set(rows.filter((r) => r.typo === 0).map((r) => r.term))].sort(
    (a, b) => Math.abs(a.length - w.length) - Math.abs(b.length - w.length) || (a < b ? -1 : 1),
  );
  const formSet = new Set(forms);
  const corrections = [...new Set(rows.filter((r) => r.typo === 1 && !formSet.has(r.term)).map((r) => r.term))]
    .map((term) => ({ term, d: editDistance(w, term, budget) }))
    .filter((c) => c.d <= budget)
    .sort((a, b) => a.d - b.d || (a.term < b.term ? -1 : 1))
    .map((c) => c.term);
  const keptForms = forms.slice(0, MAX_EXPANSIONS);
  const room = Math.max(0, MAX_EXPANSIONS - keptForms.length);
  return { forms: keptForms, corrections: corrections.slice(0, known ? Math.min(room, KNOWN_WORD_CORRECTIONS) : room), known };
}
