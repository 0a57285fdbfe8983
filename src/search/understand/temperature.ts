// A temperature read in a query ("95c", "100 grados"): technicians report the sensor's reading, not the word.
import { conceptById } from "../thesaurus";
import { fold } from "../index/vocabulary";
import type { Word } from "./words";

/** A temperature this high, in °C, read in a query is the board or chip overheating (a CPU at 95 °C throttles). */
export const HOT_CELSIUS = 85;
const CELSIUS_WORDS = new Set(["c", "celsius", "grados", "degrees", "deg"]);

/**
 * A temperature read off a sensor ("95c", "95 °C", "100 grados", "98 degrees") of HOT_CELSIUS or more names the
 * overheating concept: technicians report the reading, not the word. Its words and how many the query spends.
 */
export function temperatureAt(list: Word[], i: number): { words: number; concept: NonNullable<ReturnType<typeof conceptById>> } | undefined {
  const w = list[i];
  if (w.quoted) return undefined;
  const glued = /^(\d{2,3})(c|celsius)$/u.exec(w.tokens.join(""));
  const next = list[i + 1];
  const apart = /^\d{2,3}$/u.test(w.tokens.join("")) && next && !next.quoted && next.tokens.length === 1 && CELSIUS_WORDS.has(fold(next.tokens[0]));
  const celsius = Number((glued ?? (apart ? [w.tokens.join("")] : []))[glued ? 1 : 0]);
  const concept = conceptById("overheating");
  if (!concept || !(celsius >= HOT_CELSIUS && celsius <= 150)) return undefined;
  return { words: glued ? 1 : 2, concept };
}
