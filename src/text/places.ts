// Where words stand on a PDF page. A page's runs of text (a pdf.js item, or items joined without a space) holding a
// word that may be a name are kept beside its text (document_places) with their box and reading direction, encoded
// by places-codec.ts; a word's box is its run's box split by character advance. The words are read back from the
// stored page text (the same whitespace split as at extraction), so a name is never stored twice.

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

/** Runs kept per page at most (a few bytes each): bounds a page's row whatever its drawing. */
export const MAX_RUNS_PER_PAGE = 4000;
/** Longest word that may be a part or net name. */
export const MAX_NAME_CHARS = 64;

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

/**
 * A component's value as schematics print it: a number with a multiplier or unit letter (IEC 60062's RKM code `4K7`,
 * `0R`, `2U2`, `u1` for 0.1 µ, lower case: `U1` is a part; `10K`, `100N`, `22R`), with its unit (`0.1UF`, `100nF`,
 * `2.2UH`, `10KOHM`, `25MHZ`), or a part number read the same way (`2N7002`). A V is no unit here: `3V3`, `5V`,
 * `+12V` are voltage-like net names.
 */
export const VALUE_WORD = /^\d+(?:[.,]\d+)?(?:[RKMGPNUµΩ]\d*|[PNUµMK]?(?:F|H|OHMS?|Ω)|[KMG]?HZ)$/iu;
const FRACTION_VALUE = /^[pnuµ]\d+$/u;
/** A package code (JEDEC and IPC families: `SOT23`, `SOT-23-5`, `QFN24`, `SOIC8`, `BGA256`); sizes like `0402` hold no letter. */
export const PACKAGE_WORD =
  /^(?:SOT|SOD|SOIC|SSOP|TSSOP|MSOP|TSOP|V?QFN|WQFN|U?DFN|WDFN|L?QFP|TQFP|F?BGA|LGA|WLCSP|PLCC|WSON|VSON|D2?PAK)-?\d*(?:-\d+)?$/i;

/**
 * Whether a word may be a part or net name: a letter among name characters, two to 64 of them (KiCad writes an
 * overbar as `~{RESET}`), and no component value or package code (no part or net is named `10K` or `QFN24`; their
 * places would only cost room).
 */
export function mayBeName(word: string): boolean {
  const name = nameOfWord(word);
  return (
    name.length >= 2 &&
    name.length <= MAX_NAME_CHARS &&
    /\p{L}/u.test(name) &&
    /^[\p{L}\p{N}_+\-./#~!()[\]{}<>=*]+$/u.test(name) &&
    !VALUE_WORD.test(name) &&
    !FRACTION_VALUE.test(name) &&
    !PACKAGE_WORD.test(name)
  );
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

const NO_RUNS = new Uint8Array(0);

/**
 * The places of `pages` from a reading of the same file (an import gives the pages' text itself): a page keeps
 * its runs only when its words are the read page's words, so a run never points at another word.
 */
export function placesMatching(pages: readonly string[], read: { pages: readonly string[]; places: readonly Uint8Array[] }): Uint8Array[] {
  const words = (text: string) => pageWords(text).map((w) => w.text);
  return pages.map((text, i) => {
    const runs = read.places[i];
    if (!runs?.length || read.pages[i] === undefined) return NO_RUNS;
    if (read.pages[i] === text) return runs;
    const [a, b] = [words(text), words(read.pages[i])];
    return a.length === b.length && a.every((w, j) => w === b[j]) ? runs : NO_RUNS;
  });
}
