// How common a term is, from the FTS5 vocabularies (fts5vocab 'row' tables: one row per indexed word with the
// number of index rows holding it). A word's count costs one row read, where counting its matches in the
// index read up to the cap's number of rows per word and group (about 940 each at 100,000 documents).
//
// What makes a term costly is what bm25 reads to weigh it: it counts the rows of every phrase of the
// expression over the whole table, and finding a phrase's rows walks each of its words' rows. So a term's
// estimate is the sum over its phrases of the commonest word of each; a prefix counts the words it
// expands to (at most PREFIX_TERMS of them). Deleted rows may linger in the counts until the index
// merges: an estimate, never a visibility decision.
import { sql, type SQL } from "drizzle-orm";

/** Words of the vocabulary a prefix is counted over at most (in word order). */
export const PREFIX_TERMS = 64;

/** One count to know: a word, or a prefix (the words it expands to, summed). */
export interface CountKey {
  token: string;
  prefix: boolean;
}

/** A count's name in caches and answers: `w:` + word or `p:` + prefix. */
export const countName = (k: CountKey) => `${k.prefix ? "p" : "w"}:${k.token}`;

/** The distinct counts a list of shapes needs. */
export function countKeys(shapes: readonly CountKey[][][]): CountKey[] {
  const byName = new Map<string, CountKey>();
  for (const k of shapes.flat(2)) byName.set(countName(k), k);
  return [...byName.values()];
}

/**
 * The term's estimated rows, or undefined when a count is not known yet. `count` answers a count by its
 * name. "weigh": what bm25 reads to weigh the term (each phrase's commonest word); "match": at most how
 * many rows the term matches (each phrase's rarest word), what walking its matches reads.
 */
export function estimate(
  shape: readonly CountKey[][],
  count: (name: string) => number | undefined,
  what: "weigh" | "match" = "weigh",
): number | undefined {
  let total = 0;
  for (const words of shape) {
    let phrase = what === "weigh" ? 0 : Infinity;
    for (const k of words) {
      const n = count(countName(k));
      if (n === undefined) return undefined;
      phrase = what === "weigh" ? Math.max(phrase, n) : Math.min(phrase, n);
    }
    if (words.length) total += phrase;
  }
  return total;
}

const prefixCount = (vocab: string, column: string) =>
  `(select coalesce(sum(doc), 0) from (select doc from ${vocab} where term >= ${column} and term < ${column} || char(1114111) limit ${PREFIX_TERMS}))`;
const wordCount = (vocab: string, column: string) => `coalesce((select doc from ${vocab} where term = ${column}), 0)`;

/**
 * One statement: each count of `keys` in each vocabulary (columns named as `vocabularies`' keys), rows
 * `name` + one column per vocabulary. Vocabulary table names are ours, never the user's; the words are bound.
 */
export function countsStatement(vocabularies: Record<string, string>, keys: readonly CountKey[]): { sql: string; params: string[] } {
  const columns = (prefix: boolean) =>
    Object.entries(vocabularies)
      .map(([name, vocab]) => `${(prefix ? prefixCount : wordCount)(vocab, "j.value")} as ${name}`)
      .join(", ");
  const words = keys.filter((k) => !k.prefix).map((k) => k.token);
  const prefixes = keys.filter((k) => k.prefix).map((k) => k.token);
  return {
    sql: `select 'w:' || j.value as name, ${columns(false)} from json_each(?1) j
union all select 'p:' || j.value, ${columns(true)} from json_each(?2) j`,
    params: [JSON.stringify(words), JSON.stringify(prefixes)],
  };
}

/** countsStatement as a drizzle statement (the primary's batch). */
export function countsQuery(vocabularies: Record<string, string>, keys: readonly CountKey[]): SQL {
  const { sql: text, params } = countsStatement(vocabularies, keys);
  const [head, tail] = text.split("?1");
  const [middle, end] = tail.split("?2");
  return sql`${sql.raw(head)}${params[0]}${sql.raw(middle)}${params[1]}${sql.raw(end)}`;
}
