// Where a point is printed on its documents' pages (a point answer's `places`), best first: a page naming more of
// the point's neighbours (a part's nets, a net's parts, from the board's boardviews) ranks before one that only
// lists it. A page's words are matched by the one name rule (src/boardview/name-match.ts: exact first; signs never
// folded, USB_D+ is not USB_D-), and a KiCad net is found by the label its page prints.
import { buildNameIndex, type NameIndex, resolveName } from "../../../boardview/name-match";
import { decodeRuns, nameOfWord, pageWords, type PlaceBox, wordBoxes } from "../../../text/places";

/** Pages read for places per point answer and text database (their text travels with the pages' statement). */
export const PLACE_PAGES = 48;
/** Boxes answered per page. */
export const PLACE_BOXES = 32;

/** A page mentioning the point, with its text and runs when it is one of the first PLACE_PAGES. */
export interface MentionRow {
  id: string;
  page: number;
  text: string | null;
  runs: string | null;
}

export interface PointPlace {
  page: number;
  boxes: PlaceBox[];
}

/**
 * What a page prints for a name: a KiCad sheet path (`/IO_Banks/IO_Buffer_A/X1`) prints its last label (`X1`); an
 * auto-named net (`Net-(U12-Vin+)`) prints nowhere; any other name prints as itself.
 */
export function printedForms(name: string): string[] {
  if (/^Net-\(.*\)$/.test(name) || /^unconnected-\(/.test(name)) return [];
  const path = /^\/(?:[^/]+\/)*([^/]+)$/.exec(name);
  return path ? [path[1]] : name ? [name] : [];
}

/** A designator: letters then digits (U30, R4), the reference a multi-unit symbol prints with its unit's letter. */
const DESIGNATOR = /^[A-Za-z]+\d+$/;
const UNIT_LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

/** How KiCad prints the units of a multi-unit symbol: U30 as U30A … U30E (one letter, case kept). */
export function unitForms(name: string): string[] {
  return DESIGNATOR.test(name) ? UNIT_LETTERS.map((u) => name + u) : [];
}

/** The designator a printed unit reference belongs to (`U30A` → `U30`), if the word has that shape. */
export function designatorOfUnit(word: string): string | undefined {
  const base = word.slice(0, -1);
  return DESIGNATOR.test(base) && UNIT_LETTERS.includes(word.slice(-1)) ? base : undefined;
}

/** The sheet a KiCad sheet net belongs to: `/IO_Banks/IO_Buffer_A/X1` → `/IO_Banks/IO_Buffer_A/`, `/SDA` → `/`. */
export function sheetOfName(name: string): string | undefined {
  return /^\/(?:[^/]+\/)*[^/]+$/.test(name) ? name.slice(0, name.lastIndexOf("/") + 1) : undefined;
}

/** The sheet a KiCad page draws, from its title block (`Sheet: /IO_Banks/IO_Buffer_A/`), if it prints one. */
export function sheetOfPage(text: string): string | undefined {
  return /(?:^|\s)Sheet:\s+(\/(?:[^\s/]+\/)*)(?=\s|$)/.exec(text)?.[1];
}

/**
 * Whether a page may print `name`: a KiCad sheet net only on its own sheet or a sheet below it (a sibling instance
 * draws a net of the same label that is another net: IO_Buffer_B's X1 is not IO_Buffer_A's); any other name anywhere.
 */
export function mayPrintOn(name: string, pageSheet: string | undefined): boolean {
  const sheet = sheetOfName(name);
  return sheet === undefined || pageSheet === undefined || pageSheet.startsWith(sheet);
}

/** Letters as written: a page's words keep their case (a capacitor's value `u1`, 0.1 µF, is not the part U1). */
const letters = (name: string) => name.replace(/[^\p{L}]/gu, "");

/** What `query` names among `index` by the name rule, its letters' case kept (page words against names). */
export function printedMatch(query: string, index: NameIndex): string | undefined {
  const match = resolveName(query, index);
  if (match.kind === "exact") return match.name;
  return match.kind === "folded" && letters(match.name) === letters(query) ? match.name : undefined;
}

/** The word of the page (as it prints it) that one of `forms` names by the name rule, if any. */
function printedWord(index: NameIndex, forms: readonly string[]): string | undefined {
  for (const form of forms) {
    const word = printedMatch(form, index);
    if (word !== undefined) return word;
  }
  return undefined;
}

/**
 * The indexes of the page's words (as names) that print one of `forms` (at most PLACE_BOXES), else those printing
 * one of `units` exactly (a multi-unit symbol's units, unitForms).
 */
export function printedAt(
  words: readonly string[],
  forms: readonly string[],
  index = buildNameIndex(words),
  units: readonly string[] = [],
): number[] {
  const word = printedWord(index, forms);
  const wanted = word === undefined ? new Set(units) : new Set([word]);
  return words.flatMap((w, i) => (wanted.has(w) ? [i] : [])).slice(0, PLACE_BOXES);
}

/** A document's places: pages printing one of `names`, ranked by how many `neighbours` they also print. */
export function placesOf(rows: readonly MentionRow[], names: readonly string[], neighbours: readonly string[]): PointPlace[] {
  const allForms = [...new Set(names.flatMap(printedForms))];
  const units = names.flatMap(unitForms);
  const around = [...new Set(neighbours)].map(printedForms).filter((f) => f.length && !f.some((n) => allForms.includes(n)));
  if (!allForms.length) return [];
  const ranked: (PointPlace & { score: number })[] = [];
  for (const row of rows) {
    if (row.text === null || !row.runs) continue;
    const sheet = sheetOfPage(row.text);
    const forms = [...new Set(names.filter((n) => mayPrintOn(n, sheet)).flatMap(printedForms))];
    if (!forms.length) continue;
    const words = pageWords(row.text).map((w) => nameOfWord(w.text));
    const index = buildNameIndex(words);
    const at = printedAt(words, forms, index, units);
    if (!at.length) continue;
    const boxes = wordBoxes(row.text, decodeRuns(row.runs), at);
    if (!boxes.size) continue;
    const score = around.filter((n) => printedWord(index, n) !== undefined).length;
    ranked.push({ page: row.page, boxes: [...boxes.values()].map(rounded), score });
  }
  return ranked.sort((a, b) => b.score - a.score || a.page - b.page).map(({ page, boxes }) => ({ page, boxes }));
}

const round = (v: number) => Math.round(v * 10000) / 10000;
const rounded = (b: PlaceBox): PlaceBox => ({ x: round(b.x), y: round(b.y), w: round(b.w), h: round(b.h) });
