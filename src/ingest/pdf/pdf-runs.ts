// A PDF page's runs of text (src/text/places.ts) from pdf.js's text items: items joined without whitespace make one
// run (a word never spans two), each run's box is the union of its items' boxes on screen, trimmed of its own
// leading and trailing spaces by character advance. Only runs holding a word that may be a name are kept.
import { MAX_RUNS_PER_PAGE, mayBeName, pageWords, type RunDirection, type TextRun } from "../../text/places";

/** What a run needs of a pdf.js text item, and where its string starts in the page's text. */
export interface PlacedItem {
  start: number;
  str: string;
  /** pdf.js's [a, b, c, d, e, f] text matrix in PDF space. */
  transform: number[];
  width: number;
  height: number;
  /** A line ends after it. */
  eol: boolean;
}

/** PDF space to screen fractions of the page (the viewport's conversion divided by its size). */
export type ToScreen = (x: number, y: number) => [number, number];

/** Below and above the baseline, as fractions of the font's height. */
const DESCENT = 0.2;
const ASCENT = 0.85;

export function runsOf(items: readonly PlacedItem[], text: string, toScreen: ToScreen): TextRun[] {
  const words = pageWords(text);
  const wordAt = new Map(words.map((w, i) => [w.start, i]));
  const runs: TextRun[] = [];
  let group: PlacedItem[] = [];
  const flush = () => {
    const run = group.length ? runOf(group, text, toScreen, words, wordAt) : undefined;
    if (run && runs.length < MAX_RUNS_PER_PAGE) runs.push(run);
    group = [];
  };
  for (const item of items) {
    const previous = group[group.length - 1];
    // Joined only when nothing stands between them in the text (extraction parts items that do not follow on).
    const adjacent = previous && previous.start + previous.str.length === item.start;
    const joined = adjacent && !previous.eol && /\S$/.test(previous.str) && /^\S/.test(item.str);
    if (!joined) flush();
    if (item.str.length) group.push(item);
    if (item.eol || /\s$/.test(item.str)) flush();
  }
  flush();
  return runs;
}

/**
 * Whether `next` follows on from `item` where it ends, on its line: a drawing program writes labels in any order
 * (KiCad draws `VIOB` then `DB6` far to its left on the same baseline), and pdf.js then puts no space between them.
 */
export function followsOn(item: PlacedItem, next: PlacedItem): boolean {
  const [a, b, c, d, e, f] = item.transform;
  const along = Math.hypot(a, b);
  const size = Math.hypot(c, d) || along;
  const [na, nb] = next.transform;
  if (!along || !size || (a * na + b * nb) / (along * (Math.hypot(na, nb) || 1)) < 0.99) return false;
  const [ux, uy] = [a / along, b / along];
  const [dx, dy] = [next.transform[4] - (e + ux * item.width), next.transform[5] - (f + uy * item.width)];
  const ahead = dx * ux + dy * uy;
  return ahead > -size * 0.5 && ahead < size && Math.abs(dy * ux - dx * uy) < size * 0.5;
}

function runOf(
  group: readonly PlacedItem[],
  text: string,
  toScreen: ToScreen,
  words: ReturnType<typeof pageWords>,
  wordAt: Map<number, number>,
): TextRun | undefined {
  const start = group[0].start;
  const last = group[group.length - 1];
  const end = Math.min(text.length, last.start + last.str.length);
  const raw = text.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const trail = raw.length - raw.trimEnd().length;
  if (lead + trail >= raw.length) return undefined;
  const first = wordAt.get(start + lead);
  if (first === undefined) return undefined;
  let count = 0;
  while (first + count < words.length && words[first + count].end <= end - trail) count++;
  if (!count || !words.slice(first, first + count).some((w) => mayBeName(w.text))) return undefined;

  let [x0, y0, x1, y1] = [1, 1, 0, 0];
  for (const item of group) {
    for (const [px, py] of corners(item)) {
      const [sx, sy] = toScreen(px, py);
      [x0, y0, x1, y1] = [Math.min(x0, sx), Math.min(y0, sy), Math.max(x1, sx), Math.max(y1, sy)];
    }
  }
  if (!(x1 > x0 && y1 > y0)) return undefined;
  const dir = directionOf(group[0], toScreen);
  // Leading and trailing spaces of the run are cut off by their share of its characters.
  const from = lead / raw.length;
  const to = 1 - trail / raw.length;
  const w = x1 - x0;
  const h = y1 - y0;
  const box =
    dir === 0
      ? { x: x0 + w * from, y: y0, w: w * (to - from), h }
      : dir === 3
        ? { x: x0 + w * (1 - to), y: y0, w: w * (to - from), h }
        : dir === 1
          ? { x: x0, y: y0 + h * (1 - to), w, h: h * (to - from) }
          : { x: x0, y: y0 + h * from, w, h: h * (to - from) };
  return { first, count, dir, box };
}

/** The item's four corners in PDF space: along its advance for its width, across it from descent to ascent. */
function corners(item: PlacedItem): [number, number][] {
  const [a, b, c, d, e, f] = item.transform;
  const along = Math.hypot(a, b) || 1;
  const across = Math.hypot(c, d) || 1;
  const height = item.height || across;
  const [ux, uy] = [a / along, b / along];
  const [vx, vy] = [c / across, d / across];
  const at = (s: number, t: number): [number, number] => [e + ux * s + vx * t, f + uy * s + vy * t];
  return [at(0, -DESCENT * height), at(item.width, -DESCENT * height), at(item.width, ASCENT * height), at(0, ASCENT * height)];
}

function directionOf(item: PlacedItem, toScreen: ToScreen): RunDirection {
  const [a, b, , , e, f] = item.transform;
  const [x0, y0] = toScreen(e, f);
  const [x1, y1] = toScreen(e + a, f + b);
  const [dx, dy] = [x1 - x0, y1 - y0];
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 0 : 3;
  return dy < 0 ? 1 : 2;
}
