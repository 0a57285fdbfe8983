// Reading binary boardview files: a little-endian cursor that never reads past the end (it throws
// `OutOfBytes`, which each reader turns into a board with `stopped` or an unreadable reason), counts checked
// against the bytes left before any loop, and bounded zlib inflation.
import { Buffer } from "node:buffer";
import { constants, inflateSync } from "node:zlib";
import { inRange, noteReason, type ReadState, SKIPPED_POSITION } from "../lines";
import { BOARDVIEW_CAPS } from "../types";

/** Reading ran past the end of the file (or of a block): the file is truncated or a length lies. */
export class OutOfBytes extends Error {
  /** Where the record that runs past the end starts reading its missing bytes (a byte offset of its buffer). */
  constructor(readonly offset = 0) {
    super("the file ends inside a record");
  }
}

export class ByteCursor {
  private readonly view: DataView;
  pos: number;
  readonly end: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    end = bytes.length,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
    this.end = Math.min(end, bytes.length);
  }

  get left(): number {
    return Math.max(0, this.end - this.pos);
  }

  private need(n: number): number {
    if (n < 0 || this.pos + n > this.end) throw new OutOfBytes(this.bytes.byteOffset + this.pos);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  skip(n: number): void {
    this.need(n);
  }
  u8(): number {
    return this.bytes[this.need(1)];
  }
  u16(): number {
    return this.view.getUint16(this.need(2), true);
  }
  i16(): number {
    return this.view.getInt16(this.need(2), true);
  }
  u32(): number {
    return this.view.getUint32(this.need(4), true);
  }
  i32(): number {
    return this.view.getInt32(this.need(4), true);
  }
  f32(): number {
    return this.view.getFloat32(this.need(4), true);
  }
  /** `n` bytes as a view (no copy). */
  take(n: number): Uint8Array {
    const at = this.need(n);
    return this.bytes.subarray(at, at + n);
  }
  /** A string of `n` bytes, read as Latin-1 (any byte is a character). */
  text(n: number): string {
    return latin1(this.take(n));
  }

  /**
   * A count stated in the file, checked against what is left: `count` items of at least `minBytes` each must fit,
   * else the file lies (OutOfBytes). A count is never used to size an allocation.
   */
  count(count: number, minBytes: number): number {
    if (!Number.isInteger(count) || count < 0 || count * Math.max(1, minBytes) > this.left) throw new OutOfBytes();
    return count;
  }
}

export function latin1(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 4096) out += String.fromCharCode.apply(null, bytes.subarray(i, i + 4096) as unknown as number[]);
  return out;
}

/** Whether bytes at `at` start a zlib stream (deflate, a 32 KB window at most, the header check right). */
export function isZlibHeader(bytes: Uint8Array, at: number): boolean {
  const cmf = bytes[at];
  const flg = bytes[at + 1];
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0 && !(flg & 0x20);
}

export type Inflated = { kind: "bytes"; bytes: Uint8Array } | { kind: "too_large" } | { kind: "broken" };

/**
 * Inflates the zlib stream at the start of `bytes` (anything after its end is ignored), at most `cap` bytes out:
 * zlib stops there, so a decompression bomb costs bounded memory and time. A stream cut short yields what it held.
 */
export function inflateBounded(bytes: Uint8Array, cap: number = BOARDVIEW_CAPS.bytes): Inflated {
  try {
    const out = inflateSync(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      maxOutputLength: cap,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    return { kind: "bytes", bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength) };
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return { kind: "too_large" };
    return { kind: "broken" };
  }
}

/**
 * A finite coordinate within ±BOARDVIEW_CAPS.coordinate of the file's units, or undefined: a refused value is said
 * in the reason (where `state.offset` says, when the reader set it).
 */
export function coordinate(value: number, state: ReadState): number | undefined {
  if (inRange(value)) return value;
  noteReason(state, SKIPPED_POSITION);
  return undefined;
}
