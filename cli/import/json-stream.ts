// A small streaming reader for the import file's one shape: a top-level object whose members are
// arrays of records. It never holds more than one record: a first scan finds each member's byte
// range, then each array is read element by element (each element's bytes go to JSON.parse, which
// does the strict checking). Bytes are scanned as they are, which is safe for UTF-8 because every
// byte of a multi-byte character is >= 0x80 and so never looks like JSON punctuation.

export type ByteChunks = AsyncIterable<Uint8Array>;

/** A top-level member: its name and the byte range [start, end) of its value. */
export interface MemberRange {
  name: string;
  start: number;
  end: number;
}

export class JsonStreamError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
  }
}

const QUOTE = 0x22,
  BACKSLASH = 0x5c,
  COMMA = 0x2c,
  COLON = 0x3a;
const OPEN_BRACE = 0x7b,
  CLOSE_BRACE = 0x7d,
  OPEN_BRACKET = 0x5b,
  CLOSE_BRACKET = 0x5d;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** Tracks strings and nesting, so punctuation inside strings or nested values is not mistaken. */
class Nesting {
  depth = 0;
  inString = false;
  private escaped = false;

  /** Feeds one byte; returns true when it is structural at the current depth (outside any string). */
  feed(b: number): boolean {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (b === BACKSLASH) this.escaped = true;
      else if (b === QUOTE) this.inString = false;
      return false;
    }
    if (b === QUOTE) this.inString = true;
    else if (b === OPEN_BRACE || b === OPEN_BRACKET) this.depth++;
    else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) this.depth--;
    return true;
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Finds the members of the top-level object and where each value lies, without parsing values.
 * Throws JsonStreamError when the input is not one JSON object.
 */
export async function indexMembers(chunks: ByteChunks): Promise<{ members: MemberRange[]; bytes: number }> {
  type State = "start" | "keyOrEnd" | "key" | "colon" | "valueStart" | "value" | "afterValue" | "done";
  let state: State = "start";
  const members: MemberRange[] = [];
  const nesting = new Nesting();
  let keyParts: number[] = [];
  let keyEscaped = false;
  let current: MemberRange | undefined;
  let lastSignificant = 0;
  let offset = 0;
  const fail = (message: string, at: number): never => {
    throw new JsonStreamError(message, at);
  };

  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      const at = offset + i;
      switch (state) {
        case "start":
          if (isSpace(b)) break;
          if (b !== OPEN_BRACE) fail("the file must hold one JSON object", at);
          state = "keyOrEnd";
          break;
        case "keyOrEnd":
        case "afterValue":
          if (isSpace(b)) break;
          if (b === CLOSE_BRACE) state = "done";
          else if (state === "afterValue" && b === COMMA) state = "keyOrEnd";
          else if (state === "keyOrEnd" && b === QUOTE) {
            state = "key";
            keyParts = [];
            keyEscaped = false;
          } else fail(state === "keyOrEnd" ? "expected a member name" : "expected , or }", at);
          break;
        case "key":
          if (keyEscaped) keyEscaped = false;
          else if (b === BACKSLASH) keyEscaped = true;
          else if (b === QUOTE) {
            state = "colon";
            break;
          }
          keyParts.push(b);
          break;
        case "colon":
          if (isSpace(b)) break;
          if (b !== COLON) fail("expected :", at);
          state = "valueStart";
          break;
        case "valueStart":
          if (isSpace(b)) break;
          current = { name: JSON.parse(`"${new TextDecoder().decode(Uint8Array.from(keyParts))}"`) as string, start: at, end: at + 1 };
          members.push(current);
          state = "value";
          i--; // the first byte of the value is fed below
          break;
        case "value":
          if (nesting.depth === 0 && !nesting.inString && (b === COMMA || b === CLOSE_BRACE)) {
            current!.end = lastSignificant + 1;
            state = "afterValue";
            i--;
            break;
          }
          nesting.feed(b);
          if (nesting.depth < 0) fail("unbalanced brackets", at);
          if (!isSpace(b) || nesting.inString) lastSignificant = at;
          break;
        case "done":
          if (!isSpace(b)) fail("unexpected data after the top-level object", at);
          break;
      }
    }
    offset += chunk.length;
  }
  if (state !== "done") fail("the file ends before its top-level object does", offset);
  return { members, bytes: offset };
}

/** One element of an array, as parsed JSON or the reason it could not be parsed. */
export interface ArrayElement {
  index: number;
  bytes: number;
  value?: unknown;
  error?: string;
}

/**
 * The elements of the JSON array that `chunks` holds, one at a time. The value must start with
 * `[`; anything else throws JsonStreamError. An element that is not valid JSON is yielded with
 * its error, so one bad record does not hide the others.
 */
export async function* readArray(chunks: ByteChunks, baseOffset = 0): AsyncGenerator<ArrayElement> {
  const decoder = new TextDecoder();
  const nesting = new Nesting();
  let started = false;
  let ended = false;
  let parts: Uint8Array[] = [];
  let length = 0;
  let index = 0;
  let offset = baseOffset;
  let sawElement = false;

  const take = (): ArrayElement | undefined => {
    const bytes = concat(parts, length);
    parts = [];
    length = 0;
    const text = decoder.decode(bytes).trim();
    if (!text) return undefined;
    const at = index++;
    try {
      return { index: at, bytes: bytes.length, value: JSON.parse(text) };
    } catch (error) {
      return { index: at, bytes: bytes.length, error: `not valid JSON: ${(error as Error).message}` };
    }
  };

  for await (const chunk of chunks) {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (ended) {
        if (!isSpace(b)) throw new JsonStreamError("unexpected data after the array", offset + i);
        continue;
      }
      if (!started) {
        if (isSpace(b)) continue;
        if (b !== OPEN_BRACKET) throw new JsonStreamError("expected an array", offset + i);
        started = true;
        from = i + 1;
        continue;
      }
      if (nesting.depth === 0 && !nesting.inString && (b === COMMA || b === CLOSE_BRACKET)) {
        parts.push(chunk.subarray(from, i));
        length += i - from;
        from = i + 1;
        const element = take();
        if (element) {
          sawElement = true;
          yield element;
        } else if (b === COMMA || sawElement) throw new JsonStreamError("empty array element", offset + i);
        if (b === CLOSE_BRACKET) ended = true;
        continue;
      }
      nesting.feed(b);
    }
    if (!ended && started && from < chunk.length) {
      // Copied: the reader may reuse the chunk's buffer for the next read.
      parts.push(chunk.slice(from));
      length += chunk.length - from;
    }
    offset += chunk.length;
  }
  if (!ended) throw new JsonStreamError(started ? "the array is not closed" : "expected an array", offset);
}
