// Deterministic benchmark content: repair language with a Zipf-like word distribution, so common
// words ("power", "short", "no") appear in a third or more of all texts and rare words in few.
// Same seed, same data, every run.

/** Mulberry32: small, fast, seeded. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The head of the distribution: real repair words (English and Spanish), most frequent first.
const HEAD = `the no power short board de la and to is on with after replaced check voltage rail ground
  fix charging backlight screen display battery pantalla carga enciende placa corto cpu gpu chip ic capacitor
  resistor mosfet coil fuse diode liquid damage corrosion boot dead usb port connector keyboard trackpad fan
  thermal heat audio speaker microphone camera wifi bluetooth ssd nand ram bios firmware smc pmic buck
  converter regulator enable signal clock reset line measured expected volts amps ohms resistance diode-mode
  schematic boardview datasheet pin pad trace via flux solder reflow reball rework hot air iron microscope
  multimeter oscilloscope bench supply current draw leakage component missing burnt cracked lifted jumper
  wire bridge sleep wake standby led flicker artifact no-image intermittent random shutdown overheating
  tension medir linea condensador resistencia bobina fusible sin imagen`
  .split(/\s+/)
  .filter(Boolean);

const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "qu", "bra", "cel", "dor", "fin", "gal", "hum", "jor", "ple", "tri", "xan"];
export const VOCABULARY_SIZE = 20000;

/** Head words, then pronounceable synthetic words: a fixed vocabulary of VOCABULARY_SIZE words. */
export function vocabulary(): string[] {
  const words = [...HEAD];
  const seen = new Set(words);
  const rnd = prng(7);
  while (words.length < VOCABULARY_SIZE) {
    const n = 2 + Math.floor(rnd() * 3);
    let w = "";
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/** Samples ranks with probability ∝ 1/rank (Zipf, s = 1) by inverting the cumulative distribution. */
export function zipfSampler(size: number, rnd: () => number): () => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r++) cumulative[r] = total += 1 / (r + 1);
  return () => {
    const x = rnd() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export function ulidAt(ms: number, rnd: () => number): string {
  let time = "";
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  let rest = "";
  for (let i = 0; i < 16; i++) rest += CROCKFORD[Math.floor(rnd() * 32)];
  return time + rest;
}

export const DOCUMENT_TYPES = ["schematic", "boardview", "datasheet", "service_manual", "document", "bios", "software", "image", "other"] as const;
export const PART_NUMBERS = [
  "TPS62180",
  "ISL6259",
  "CD3215",
  "TPS51980",
  "ISL95828",
  "SN2400",
  "LP8550",
  "TPS61280",
  "BQ24780",
  "RT8812A",
  "NCP81253",
  "ALC3246",
];
export const DESIGNATORS = ["U7000", "U7100", "C7020", "R5020", "Q3200", "L7010", "F3400", "U3100", "C4500", "D6905", "U8900", "J5150"];
const PREFIXES = ["820-", "LA-", "NM-", "DA0", "BA41-", "6050A"];

/** A board number of one of several real-world families. */
export function boardNumber(i: number): string {
  const family = PREFIXES[i % PREFIXES.length];
  if (family === "820-") return `820-${String(i).padStart(5, "0")}`;
  if (family === "LA-") return `LA-${String.fromCharCode(65 + (i % 26))}${100 + (i % 900)}P`;
  if (family === "NM-") return `NM-${String.fromCharCode(65 + (i % 26))}${String(i % 1000).padStart(3, "0")}`;
  if (family === "DA0") return `DA0${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i >> 5) % 26))}${i % 10}MB${i % 8}D0`;
  if (family === "BA41-") return `BA41-${String(i).padStart(5, "0")}A`;
  return `6050A${String(2000000 + i * 7)}`;
}

/** Writes a board number the way people do: with its dash, without, or with a space. */
export function spell(number: string, variant: number): string {
  if (variant % 3 === 1) return number.replace(/[^A-Za-z0-9]/g, "");
  if (variant % 3 === 2) return number.replace(/[-_]/g, " ");
  return number;
}

export interface Sizes {
  documents: number;
  threads: number;
  cases: number;
  posts: number;
  boards: number;
  users: number;
  pageWords: number;
}

export const DEFAULT_SIZES: Sizes = { documents: 100_000, threads: 50_000, cases: 20_000, posts: 500, boards: 3000, users: 200, pageWords: 300 };

/** Text generator over the fixed vocabulary; sprinkles board numbers and part numbers as people write them. */
export class TextMaker {
  readonly words = vocabulary();
  private readonly rank: () => number;
  constructor(
    private readonly rnd: () => number,
    private readonly boards: number,
  ) {
    this.rank = zipfSampler(this.words.length, rnd);
  }
  word(): string {
    return this.words[this.rank()];
  }
  text(n: number, codeChance = 0.005): string {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const x = this.rnd();
      if (x < codeChance / 3) out.push(spell(boardNumber(Math.floor(this.rnd() * this.boards)), Math.floor(this.rnd() * 3)));
      else if (x < (2 * codeChance) / 3) out.push(PART_NUMBERS[Math.floor(this.rnd() * PART_NUMBERS.length)]);
      else if (x < codeChance) out.push(DESIGNATORS[Math.floor(this.rnd() * DESIGNATORS.length)]);
      else out.push(this.word());
    }
    return out.join(" ");
  }
  title(n: number): string {
    const t = this.text(n, 0.02);
    return t.charAt(0).toUpperCase() + t.slice(1);
  }
}
