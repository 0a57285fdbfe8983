// A page's runs (places.ts) as stored in document_places.runs. Version 2, written today, is a BLOB: a version byte,
// the run count, then a bit stream where each run is its word gap and count, its box delta-coded against the
// previous run's (a symbol's labels stand together), its height (width, when upright) and direction only when they
// change. Version 1, written before, is base-64 TEXT; it is still read. Anything malformed ends the reading.
import { MAX_RUNS_PER_PAGE, type PlaceBox, type RunDirection, type TextRun } from "./places";

/** What a row's `runs` column holds as D1 answers it: TEXT (version 1) or a BLOB (version 2, bytes or numbers). */
export type StoredRuns = string | Uint8Array | ArrayBuffer | readonly number[];

/** A coordinate in 10 bits: 1/1023 of the page, under 1 pt on an A4 sheet (a box marks a word, it measures nothing). */
const SCALE = 1023;
const VERSION_2 = 2;
/** Exp-Golomb orders of each field (measured on dense schematics: bench/places/measure.ts). */
const K = { gap: 0, count: 0, across: 3, along: 4, dx: 5, dy: 5 } as const;
/** Leading zeros of an exp-Golomb code past which a row is malformed (no field is that large). */
const MAX_ZEROS = 24;

const quantize = (v: number) => Math.min(SCALE, Math.max(0, Math.round(v * SCALE)));
const upright = (dir: RunDirection) => dir === 1 || dir === 2;

class BitWriter {
  private bytes: number[] = [];
  private bits = 0;
  private used = 0;
  write(value: number, width: number): void {
    for (let i = width - 1; i >= 0; i--) {
      this.bits = (this.bits << 1) | (Math.floor(value / 2 ** i) & 1);
      if (++this.used === 8) this.flush();
    }
  }
  /** Exp-Golomb of order k (small values in few bits). */
  golomb(value: number, k: number): void {
    const v = value + 2 ** k;
    const width = Math.floor(Math.log2(v)) + 1;
    this.write(0, width - k - 1);
    this.write(v, width);
  }
  signed(value: number, k: number): void {
    this.golomb(value >= 0 ? value * 2 : -value * 2 - 1, k);
  }
  private flush(): void {
    this.bytes.push(this.bits);
    this.bits = 0;
    this.used = 0;
  }
  done(head: number[]): Uint8Array {
    if (this.used) this.write(0, 8 - this.used);
    return Uint8Array.from([...head, ...this.bytes]);
  }
}

class BitReader {
  private at: number;
  constructor(
    private readonly bytes: Uint8Array,
    start: number,
  ) {
    this.at = start * 8;
  }
  read(width: number): number | undefined {
    if (this.at + width > this.bytes.length * 8) return undefined;
    let v = 0;
    for (let i = 0; i < width; i++, this.at++) v = v * 2 + ((this.bytes[this.at >> 3] >> (7 - (this.at & 7))) & 1);
    return v;
  }
  golomb(k: number): number | undefined {
    let zeros = 0;
    for (;;) {
      const bit = this.read(1);
      if (bit === undefined || zeros > MAX_ZEROS) return undefined;
      if (bit) break;
      zeros++;
    }
    const rest = this.read(zeros + k);
    return rest === undefined ? undefined : 2 ** (zeros + k) + rest - 2 ** k;
  }
  signed(k: number): number | undefined {
    const v = this.golomb(k);
    return v === undefined ? undefined : v % 2 ? -(v + 1) / 2 : v / 2;
  }
}

/** A run's box in quantized units, along and across its reading direction. */
const frame = (run: TextRun) => {
  const [x, y, w, h] = [run.box.x, run.box.y, run.box.w, run.box.h].map(quantize);
  return { x, y, along: upright(run.dir) ? h : w, across: upright(run.dir) ? w : h };
};

/** The runs as stored (version 2); none: an empty array (the page keeps no row). */
export function encodeRuns(runs: readonly TextRun[]): Uint8Array {
  const out = new BitWriter();
  let [next, kept, x, y, across, dir] = [0, 0, 0, 0, -1, -1];
  for (const run of runs.slice(0, MAX_RUNS_PER_PAGE)) {
    if (run.first < next || run.count < 1) continue;
    const f = frame(run);
    out.golomb(run.first - next, K.gap);
    out.golomb(run.count - 1, K.count);
    const changed = f.across !== across || run.dir !== dir;
    out.write(changed ? 1 : 0, 1);
    if (changed) {
      out.write(run.dir, 2);
      out.golomb(f.across, K.across);
    }
    out.signed(f.x - x, K.dx);
    out.signed(f.y - y, K.dy);
    out.golomb(f.along, K.along);
    [next, kept, x, y, across, dir] = [run.first + run.count, kept + 1, f.x, f.y, f.across, run.dir];
  }
  return kept ? out.done([VERSION_2, kept >> 8, kept & 255]) : new Uint8Array(0);
}

/** Reads runs back from either version; stops at anything malformed (a row is never trusted beyond what it encodes). */
export function decodeRuns(stored: StoredRuns | null | undefined): TextRun[] {
  if (stored == null) return [];
  if (typeof stored === "string") return decodeVersion1(stored);
  const bytes = stored instanceof Uint8Array ? stored : stored instanceof ArrayBuffer ? new Uint8Array(stored) : Uint8Array.from(stored);
  return bytes[0] === VERSION_2 ? decodeVersion2(bytes) : [];
}

function decodeVersion2(bytes: Uint8Array): TextRun[] {
  const runs: TextRun[] = [];
  const total = Math.min(MAX_RUNS_PER_PAGE, ((bytes[1] ?? 0) << 8) | (bytes[2] ?? 0));
  const bits = new BitReader(bytes, 3);
  let [next, x, y, across, dir] = [0, 0, 0, -1, 0 as RunDirection];
  while (runs.length < total) {
    const gap = bits.golomb(K.gap);
    const count = bits.golomb(K.count);
    const changed = bits.read(1);
    if (gap === undefined || count === undefined || changed === undefined) break;
    if (changed) {
      const d = bits.read(2);
      const a = bits.golomb(K.across);
      if (d === undefined || a === undefined) break;
      [dir, across] = [d as RunDirection, a];
    }
    const dx = bits.signed(K.dx);
    const dy = bits.signed(K.dy);
    const along = bits.golomb(K.along);
    if (across < 0 || dx === undefined || dy === undefined || along === undefined) break;
    [x, y] = [x + dx, y + dy];
    if (Math.max(x, y, along, across) > SCALE || Math.min(x, y) < 0) break;
    const [w, h] = upright(dir) ? [across, along] : [along, across];
    runs.push({ first: next + gap, count: count + 1, dir, box: { x: x / SCALE, y: y / SCALE, w: w / SCALE, h: h / SCALE } });
    next += gap + count + 1;
  }
  return runs;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

/** Version 1 (base-64 TEXT, before 2026-12-07): per run a varint word gap, count and direction, then x, y, w, h. */
function decodeVersion1(encoded: string): TextRun[] {
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
      box.push(((hi << 6) | lo) / 4095);
    }
    const first = next + gap;
    const count = Math.floor(countDir / 4);
    const placed: PlaceBox = { x: box[0], y: box[1], w: box[2], h: box[3] };
    runs.push({ first, count, dir: (countDir % 4) as RunDirection, box: placed });
    next = first + count;
  }
  return runs;
}
