// Reading a boardview file line by line straight from its bytes: no copy of the whole file as a string (a 50 MB
// file stays one buffer), each line decoded on its own (Latin-1: any byte is a character, so names that are not
// UTF-8 survive as written) after an optional per-line byte transform (the encoded variants).
import { BOARDVIEW_CAPS } from "./types";

/**
 * Characters of one line (its end not counted): no real record is near this long. A longer line is not read in
 * part: reading stops there, so no record after it is misread (a Test_Link part numbered one too low).
 */
export const LINE_CHARS = 4096;

/** Turns one line's bytes into plain bytes in place; `crlfBefore` counts the CRLF line ends before it. */
export type LineDecoder = (line: Uint8Array, crlfBefore: number) => void;

export interface Line {
  text: string;
  index: number;
  /** The line's first byte in the file (a reader may read a line longer than the kept characters from here). */
  start: number;
}

/** Why reading stopped before the end of the file, once it has: a size or line cap, or an over-long line. */
export interface ReadState {
  stopped: string | null;
}

/**
 * The file's lines (trimmed, empty ones skipped): the first BOARDVIEW_CAPS.bytes bytes, at most
 * BOARDVIEW_CAPS.lines lines, up to the first line longer than LINE_CHARS. `state.stopped` says what ended it early.
 */
export function* readLines(
  bytes: Uint8Array,
  state: ReadState,
  decode?: LineDecoder,
  /** A longer line whose first LINE_CHARS characters this accepts is yielded cut (the reader reads on from `start`). */
  longLine?: (head: string) => boolean,
): Generator<Line> {
  const end = Math.min(bytes.length, BOARDVIEW_CAPS.bytes);
  if (bytes.length > end) state.stopped = `only the first ${BOARDVIEW_CAPS.bytes} bytes are read`;
  let start = 0;
  let crlf = 0;
  for (let index = 0; start < end; index++) {
    if (index >= BOARDVIEW_CAPS.lines) {
      state.stopped = `only the first ${BOARDVIEW_CAPS.lines} lines are read`;
      return;
    }
    const lineStart = start;
    let stop = bytes.indexOf(0x0a, start);
    if (stop < 0 || stop > end) stop = end;
    const endsCrlf = stop < end && stop > start && bytes[stop - 1] === 0x0d;
    let raw = bytes.subarray(start, stop);
    if ((endsCrlf ? stop - 1 : stop) - start > LINE_CHARS) {
      raw = bytes.subarray(start, start + LINE_CHARS);
      if (!longLine?.(latin1(raw).trim())) {
        state.stopped = `line ${index + 1} is longer than ${LINE_CHARS} characters: reading stopped there`;
        return;
      }
    }
    start = stop + 1;
    let line = raw;
    if (decode) {
      line = raw.slice();
      decode(line, crlf);
    }
    if (endsCrlf) crlf++;
    const text = latin1(line).trim();
    if (text) yield { text, index, start: lineStart };
  }
}

function latin1(bytes: Uint8Array): string {
  // A line is at most LINE_CHARS bytes: one call, far below engine argument limits.
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

/** Whitespace-separated fields; "double quoted" fields may hold spaces (GenCAD). */
export function fields(text: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1] ?? m[2]);
  return out;
}

/** Whether a number can be a position: finite and within ±BOARDVIEW_CAPS.coordinate. */
export function inRange(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= BOARDVIEW_CAPS.coordinate;
}

/** A number within range, or undefined (NaN, Infinity, 1e308 and non-numbers are not positions). */
export function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return inRange(value) ? value : undefined;
}

/** A name as stored: control characters dropped, cut to BOARDVIEW_CAPS.nameChars. */
export function nameOf(text: string | undefined): string {
  return (text ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, BOARDVIEW_CAPS.nameChars);
}

/** Whether `needle` (ASCII) occurs in the first `within` bytes. */
export function bytesInclude(bytes: Uint8Array, needle: string, within = bytes.length): boolean {
  const code = [...needle].map((c) => c.charCodeAt(0));
  const limit = Math.min(bytes.length, within) - code.length;
  for (let i = 0; i <= limit; i++) {
    i = bytes.indexOf(code[0], i);
    if (i < 0 || i > limit) return false;
    let j = 1;
    while (j < code.length && bytes[i + j] === code[j]) j++;
    if (j === code.length) return true;
  }
  return false;
}
