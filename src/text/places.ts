// Where words stand on a PDF page. A page's runs of text (a pdf.js item, or items joined without a space) are kept
// beside its text (document_places) with their box and reading direction, compactly encoded; a word's box is its
// run's box split by character advance. The words are read back from the stored page text (the same whitespace
// split as at extraction), so a name is never stored twice.

/** A box as fractions of the page's width and height, origin at the top-left (as the page is drawn on screen). */
export interface PlaceBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Reading direction on screen: 0 left to right, 1 upward, 2 downward, 3 right to left. */
export type RunDirection = 0 | 1 | 2 | 3;

/** A run: words `first` to `first + count - 1` of the page (whitespace-separated), drawn in `box`. */
export interface TextRun {
  first: number;
  count: number;
  dir: RunDirection;
  box: PlaceBox;
}

/** Runs kept per page at most (about 10 characters each): bounds a page's row whatever its drawing. */
export const MAX_RUNS_PER_PAGE = 4000;
/** Longest word that may be a part or net name. */
export const MAX_NAME_CHARS = 64;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));
/** A coordinate in 12 bits (two characters): 1/4095 of the page, about 0.2 pt on an A4 sheet. */
const SCALE = 4095;

const clamp = (v: number) => Math.min(SCALE, Math.max(0, Math.round(v * SCALE)));

function varint(n: number): string {
  let out = "";
  let v = Math.max(0, Math.floor(n));
  do {
    const low = v & 31;
    v = Math.floor(v / 32);
    out += ALPHABET[low | (v ? 32 : 0)];
  } while (v);
  return out;
}

/** The runs as text: per run the word gap since the previous run, count and direction, then x, y, w, h. */
export function encodeRuns(runs: readonly TextRun[]): string {
  let out = "";
  let next = 0;
  for (const run of runs.slice(0, MAX_RUNS_PER_PAGE)) {
    if (run.first < next || run.count < 1) continue;
    out += varint(run.first - next) + varint(run.count * 4 + run.dir);
    for (const v of [run.box.x, run.box.y, run.box.w, run.box.h]) {
      const q = clamp(v);
      out += ALPHABET[q >> 6] + ALPHABET[q & 63];
    }
    next = run.first + run.count;
  }
  return out;
}

/** Reads runs back; stops at anything malformed (a row is never trusted beyond what it encodes). */
export function decodeRuns(encoded: string): TextRun[] {
  const runs: TextRun[] = [];
  let at = 0;
  let next = 0;
  const readVarint = (): number | undefined => {
    let n = 0;
    let scale = 1;
    for (let i = 0; i < 6; i++) {
      const v = VALUE.get(encoded[at++] ?? "");
      if (v === undefined) return undefined;
      n += (v & 31) * scale;
      scale *= 32;
      if (!(v & 32)) return n;
    }
    return undefined;
  };
  while (at < encoded.length && runs.length < MAX_RUNS_PER_PAGE) {
    const gap = readVarint();
    const countDir = readVarint();
    if (gap === undefined || countDir === undefined || countDir < 4) break;
    const box: number[] = [];
    for (let i = 0; i < 4; i++) {
      const hi = VALUE.get(encoded[at++] ?? "");
      const lo = VALUE.get(encoded[at++] ?? "");
      if (hi === undefined || lo === undefined) return runs;
      box.push(((hi << 6) | lo) / SCALE);
    }
    const first = next + gap;
    const count = Math.floor(countDir / 4);
    runs.push({ first, count, dir: (countDir % 4) as RunDirection, box: { x: box[0], y: box[1], w: box[2], h: box[3] } });
    next = first + count;
  }
  return runs;
}

/** A word of a page's text with its character offsets. */
export interface PageWord {
  text: string;
  start: number;
  end: number;
}

/** The page's words, split on whitespace as extraction splits them (at most `limit`). */
export function pageWords(text: string, limit = Number.POSITIVE_INFINITY): PageWord[] {
  const words: PageWord[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    if (words.length >= limit) break;
    words.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return words;
}

/** A word as a name: without the punctuation around it in running text ("(C7010)," is C7010); signs stay. */
export function nameOfWord(word: string): string {
  let name = word.replace(/^["'([{]+/, "").replace(/[,;:"'.]+$/, "");
  if (/^[^(]*\)+$/.test(name)) name = name.replace(/\)+$/, "");
  if (/^[^[]*\]+$/.test(name)) name = name.replace(/\]+$/, "");
  return name;
}

/** Whether a word may be a part or net name: a letter among name characters, two to 64 of them (KiCad writes an
 *  overbar as `~{RESET}`). */
export function mayBeName(word: string): boolean {
  const name = nameOfWord(word);
  return name.length >= 2 && name.length <= MAX_NAME_CHARS && /\p{L}/u.test(name) && /^[\p{L}\p{N}_+\-./#~!()[\]{}<>=*]+$/u.test(name);
}

/** The box of each word `index` given, split from its run by character advance (words in no run: none). */
export function wordBoxes(text: string, runs: readonly TextRun[], indexes: readonly number[]): Map<number, PlaceBox> {
  const boxes = new Map<number, PlaceBox>();
  if (!indexes.length || !runs.length) return boxes;
  const wanted = new Set(indexes);
  const words = pageWords(text);
  for (const run of runs) {
    const end = run.first + run.count - 1;
    if (end >= words.length) break;
    let any = false;
    for (let i = run.first; i <= end && !any; i++) any = wanted.has(i);
    if (!any) continue;
    const spanStart = words[run.first].start;
    const span = words[end].end - spanStart;
    for (let i = run.first; i <= end; i++) {
      if (!wanted.has(i)) continue;
      const from = (words[i].start - spanStart) / span;
      const to = (words[i].end - spanStart) / span;
      boxes.set(i, split(run, from, to));
    }
  }
  return boxes;
}

/** The part of a run's box from `from` to `to` (fractions of its characters) along its reading direction. */
function split(run: TextRun, from: number, to: number): PlaceBox {
  const { x, y, w, h } = run.box;
  switch (run.dir) {
    case 0:
      return { x: x + w * from, y, w: w * (to - from), h };
    case 3:
      return { x: x + w * (1 - to), y, w: w * (to - from), h };
    case 1:
      return { x, y: y + h * (1 - to), w, h: h * (to - from) };
    default:
      return { x, y: y + h * from, w, h: h * (to - from) };
  }
}

/**
 * The places of `pages` from a reading of the same file (an import gives the pages' text itself): a page keeps
 * its runs only when its words are the read page's words, so a run never points at another word.
 */
export function placesMatching(pages: readonly string[], read: { pages: readonly string[]; places: readonly string[] }): string[] {
  const words = (text: string) => pageWords(text).map((w) => w.text);
  return pages.map((text, i) => {
    const runs = read.places[i];
    if (!runs || read.pages[i] === undefined) return "";
    if (read.pages[i] === text) return runs;
    const [a, b] = [words(text), words(read.pages[i])];
    return a.length === b.length && a.every((w, j) => w === b[j]) ? runs : "";
  });
}
