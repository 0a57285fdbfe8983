// The fixed mix of 200 queries, like real users': single common words, rare words, two-word
// queries, phrases, prefixes, and board and part numbers in several spellings. Deterministic.
import { boardNumber, DESIGNATORS, PART_NUMBERS, prng, spell, vocabulary } from "./data";

export interface BenchQuery {
  kind: "common" | "rare" | "two-words" | "phrase" | "prefix" | "board" | "part";
  q: string;
  /** Some callers send a key (their own and shared documents join the visibility rule). */
  keyed: boolean;
}

const COMMON = [
  "power",
  "short",
  "no power",
  "backlight",
  "charging",
  "screen",
  "battery",
  "corrosion",
  "liquid",
  "usb",
  "fan",
  "boot",
  "pantalla",
  "carga",
  "enciende",
  "mosfet",
  "capacitor",
  "voltage",
  "ground",
  "bios",
];
const PHRASES = [
  '"no power"',
  '"short to ground"',
  '"liquid damage"',
  '"no image"',
  '"hot air"',
  '"sin imagen"',
  '"buck converter"',
  '"enable signal"',
  '"bench supply"',
  '"current draw"',
];
const PREFIXES = [
  "pow",
  "backl",
  "charg",
  "corros",
  "volt",
  "conne",
  "mosf",
  "capac",
  "rebal",
  "therm",
  "pantal",
  "enci",
  "regul",
  "oscil",
  "micro",
  "leak",
  "shutd",
  "overh",
  "trackp",
  "firmw",
];

export function benchQueries(boards: number): BenchQuery[] {
  const rnd = prng(2026);
  const words = vocabulary();
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const rare = () => words[3000 + Math.floor(rnd() * 15000)];
  const common = () => words[Math.floor(rnd() * 60)];
  const out: Omit<BenchQuery, "keyed">[] = [];
  for (let i = 0; i < 40; i++) out.push({ kind: "common", q: i < COMMON.length ? COMMON[i] : common() });
  for (let i = 0; i < 30; i++) out.push({ kind: "rare", q: rare() });
  for (let i = 0; i < 40; i++) out.push({ kind: "two-words", q: i % 2 ? `${common()} ${common()}` : `${common()} ${rare()}` });
  for (let i = 0; i < 20; i++) out.push({ kind: "phrase", q: i < PHRASES.length ? PHRASES[i] : `"${common()} ${common()}"` });
  for (let i = 0; i < 20; i++) out.push({ kind: "prefix", q: PREFIXES[i] });
  for (let i = 0; i < 30; i++) out.push({ kind: "board", q: (i % 5 === 4 ? "no power " : "") + spell(boardNumber(Math.floor(rnd() * boards)), i) });
  for (let i = 0; i < 20; i++) out.push({ kind: "part", q: i % 2 ? spell(pick(PART_NUMBERS).replace(/^([A-Z]+)/, "$1-"), i) : pick(DESIGNATORS) });
  // Interleave kinds so the run is not ordered by difficulty; every fifth caller sends a key.
  const shuffled = out
    .map((q, i) => ({ q, k: prng(i + 1)() }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.q);
  return shuffled.map((q, i) => ({ ...q, keyed: i % 5 === 0 }));
}
