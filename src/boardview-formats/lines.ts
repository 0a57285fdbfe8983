// Reading a boardview file line by line straight from its bytes: no copy of the whole file as a string (a 50 MB
// file stays one buffer), each line decoded on its own (Latin-1: any byte is a character, so names that are not
// UTF-8 survive as written) after an optional per-line byte transform (the encoded variants).
import { BOARDVIEW_CAPS, type Unreadable, unreadable } from "./types";

/**
 * Characters of one line (its end not counted): no real record is near this long. A longer line is not read in
 * part: reading stops there, so no record after it is misread (a part numbered one too low).
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

/**
 * Why the board read is not the whole file, once it is not (a cap, an over-long line, a skipped record, a cut):
 * each cause once, where it first happened. `line` (from 1) is the line being read, set by readLines; a binary
 * reader sets `offset` (the record's first byte) instead.
 */
export interface ReadState {
  stopped: string | null;
  line?: number;
  offset?: number;
  /** The file's last line, once readLines is done (for a cut: "the file ends at line 40"). */
  lastLine?: number;
  /** Reading stopped before the file's end (a cap, an over-long line): what is missing after is no cut of the file. */
  stoppedEarly?: boolean;
}

/** Causes said at most per file: the first few are what a reader needs. */
const REASONS_SAID = 4;

/** Where reading is, for a reason: "line 12", "byte 3400", or "" when unknown. */
export function whereOf(state: ReadState): string {
  return state.line !== undefined ? `line ${state.line}` : state.offset !== undefined ? `byte ${state.offset}` : "";
}

/**
 * The one rule for reasons (issue 51): `cause` is added to the state's reason once (a second record of the same
 * cause adds nothing), with where it first happened unless `where` is "" (a cap says its own bound).
 */
export function noteReason(state: ReadState, cause: string, where?: string): void {
  // Called once per record past a cap: the common case (already said) costs one search of a short string.
  if (state.stopped?.includes(cause)) return;
  const said = state.stopped ? state.stopped.split("; ") : [];
  where ??= whereOf(state);
  if (said.some((r) => r.startsWith(cause)) || said.length >= REASONS_SAID) return;
  said.push(where ? `${cause} (first at ${where})` : cause);
  state.stopped = said.join("; ");
}

/** The cause of a skipped position: a number no board has. */
export const SKIPPED_POSITION = `records with a position that is not finite or beyond ±${BOARDVIEW_CAPS.coordinate} (such as 1e308) were skipped`;

/**
 * A position: a number within ±BOARDVIEW_CAPS.coordinate, else undefined. A number that is not finite or out of
 * range (1e308, 1e999, NaN, Infinity) is said in the reason, where it stands; text that is no number is not.
 */
export function positionOf(text: string | undefined, state: ReadState): number | undefined {
  if (text === undefined) return undefined;
  const value = numberOf(text);
  if (value === undefined && (NUMBER.test(text) || /^[-+]?(nan|inf|infinity)$/i.test(text))) noteReason(state, SKIPPED_POSITION);
  return value;
}

/**
 * A file no part could be read from: when something was said (an over-long line, a cap, skipped records, a cut),
 * that is the reason, not what is missing after it ("Line 3 is longer…", not "has no $COMPONENTS"); else `missing`.
 */
export function unreadableAfter(state: ReadState, missing: string): Unreadable {
  if (!state.stopped) return unreadable(missing);
  return unreadable(`${state.stopped[0].toUpperCase()}${state.stopped.slice(1)}; no part could be read.`);
}

/** The start of every cut's reason: a file said to end early is said so once. */
export const FILE_ENDS = "the file ends";

/** Says that the file ends early (`how`: "inside part U7's block"), at its last line or byte; once per file. */
export function noteCut(state: ReadState, how: string, where = state.lastLine !== undefined ? `line ${state.lastLine}` : whereOf(state)): void {
  if (state.stoppedEarly || state.stopped?.includes(FILE_ENDS)) return;
  noteReason(state, `${FILE_ENDS}${where ? ` at ${where}` : ""}, ${how}`, "");
}

/**
 * Notes a file that ends before the count a header or block line declared ("245 parts"): `seen` records (lines of
 * the block, a skipped one too) are fewer than declared; `kept` is what the reason says was read.
 */
export function noteDeclared(state: ReadState, what: string, declared: number | undefined, seen: number, kept: number): void {
  if (declared === undefined || seen >= declared || !Number.isFinite(declared)) return;
  noteCut(state, `before the ${declared} ${what} it declares (${kept} read)`);
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
  if (bytes.length > end) {
    noteReason(state, `only the first ${BOARDVIEW_CAPS.bytes} bytes are read`, "");
    state.stoppedEarly = true;
  }
  try {
    let start = 0;
    let crlf = 0;
    for (let index = 0; start < end; index++) {
      if (index >= BOARDVIEW_CAPS.lines) {
        noteReason(state, `only the first ${BOARDVIEW_CAPS.lines} lines are read`, "");
        state.stoppedEarly = true;
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
          noteReason(state, `line ${index + 1} is longer than ${LINE_CHARS} characters: reading stopped there`, "");
          state.stoppedEarly = true;
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
      state.line = index + 1;
      if (text) yield { text, index, start: lineStart };
    }
  } finally {
    // What a reader does after its lines (placing parts) happens at no line.
    state.lastLine = state.line;
    state.line = undefined;
  }
}

function latin1(bytes: Uint8Array): string {
  // A line is at most LINE_CHARS bytes: one call, far below engine argument limits.
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

/** Whitespace-separated fields; "double quoted" fields may hold spaces. */
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
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || !NUMBER.test(text)) return undefined;
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
