// What a boardview file reads as, whatever its format: parts with their pins (position and net), test points,
// and the nets they make. Coordinates are the file's own numbers (integers, usually mils, or decimals in the
// file's units), so a position reads back exactly as the file states it.

export type BoardSide = "top" | "bottom";
export type Mounting = "smd" | "through_hole";
/** A format's id, as its module's catalogue entry states it (src/boardview-formats/list.ts lists the modules). */
export type BoardFormat = string;

/** The unit of the file's numbers, as the reader knows it ("unknown" when the format does not say). */
export type BoardUnit = "mil" | "mm" | "inch" | "unknown";

/** A rectangle in the file's units: x1 <= x2, y1 <= y2. */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A known-good reading a file carries for a net (diode readings): the reference values of its board. */
export interface NetReading {
  net: string;
  kind: "diode" | "voltage" | "resistance";
  /** As the file writes it (normalised where the values are stored). */
  value: string;
}

export interface BoardPin {
  x: number;
  y: number;
  /** "" when the file names none. */
  net: string;
  /** The pin's number ("1", "A3") and name ("VCC") where the format has them. */
  number?: string;
  name?: string;
  /** The pad's radius in the file's units, where the format has it. */
  radius?: number;
}

export interface BoardPart {
  name: string;
  side: BoardSide;
  mounting: Mounting;
  /** The placement point (GenCAD) or the centre of the pins (formats that place only pins). */
  x: number;
  y: number;
  pins: BoardPin[];
  /** The part's value or description ("10uF", "2k2") where the format has one. */
  value?: string;
  /** Its bounding box where the format states one (else a viewer draws the box around its pins). */
  box?: Box;
}

export interface TestPoint {
  name: string;
  x: number;
  y: number;
  side: BoardSide;
  net: string;
}

export interface Board {
  kind: "board";
  format: BoardFormat;
  parts: BoardPart[];
  testPoints: TestPoint[];
  unit: BoardUnit;
  /** The board's outline as polylines (empty when the file has none). */
  outline: Point[][];
  /** Known-good readings the file carries (empty for most formats). */
  readings: NetReading[];
  /** Why reading stopped before the end (a cap was reached); the parts read so far are kept. */
  stopped: string | null;
}

export interface Unreadable {
  kind: "unreadable";
  reason: string;
}

export type BoardRead = Board | Unreadable;

/**
 * Caps, whatever a file claims: a count in a header is never trusted for an allocation, and reading stops
 * (keeping what was read) at the first cap reached. Sized for the largest real boards (a laptop main board has
 * a few thousand parts and about 20,000 pins) with room to spare; docs/boardviews.md lists them.
 */
export const BOARDVIEW_CAPS = {
  /** Bytes read from a file (the upload cap for boardview extensions is 50 MB: src/content/formats.ts). */
  bytes: 50_000_000,
  parts: 50_000,
  pins: 300_000,
  testPoints: 50_000,
  /** Characters kept of a part or net name. */
  nameChars: 64,
  /** Lines read: a file of empty or unparsed lines stops here too. */
  lines: 3_000_000,
  /** Outline points kept (all polylines together). */
  outlinePoints: 20_000,
  /** Characters kept of a part's value or a pin's number or name. */
  valueChars: 64,
  /**
   * The largest coordinate (either sign) read as a position: a kilometre in mils, far beyond any board, and small
   * enough that rounding to six decimals stays exact (1e15 < 2^53) instead of overflowing to Infinity.
   */
  coordinate: 1e9,
} as const;

/** The operator's decryption keys by format id (boardviewKeys in index.ts reads them from the secrets). */
export type BoardviewKeys = Readonly<Partial<Record<BoardFormat, Uint8Array | Uint32Array>>>;

/** A key as the operator writes it in its secret → the key, or undefined when the text is no such key. */
export type KeyParser = (text: string) => Uint8Array | Uint32Array | undefined;

/** What a reader is told beside the bytes: the operator's keys, and the file's extension as a hint. */
export interface ReadOptions {
  keys?: BoardviewKeys;
  /** A hint only: names a container two formats share, and so which key an encrypted file needs. */
  extension?: string | null;
  /** The most bytes of an encrypted file decrypted (default ENCRYPTED_BYTES; the tests lower it). */
  encryptedBytes?: number;
}

/** A format as GET /capabilities lists it (boardview_formats) and docs/boardviews.md writes it out. */
export interface BoardviewFormatEntry {
  format: BoardFormat;
  name: string;
  extensions: string[];
  variants: string[];
  reads: string[];
  unit: BoardUnit;
  /** The secret holding the decryption key of its encrypted variant, when it has one. */
  key_secret?: string;
}

/** An archive a format reads as one board: the entries it picks (none: not its archive), and the board they make. */
export interface ArchiveReader {
  entries(names: readonly string[]): string[];
  read(entries: readonly ArchiveEntry[]): BoardRead;
}

/** An archive's entry as zipEntryContents reads it: its bytes, or why they were not read. */
export interface ArchiveEntry {
  name: string;
  bytes?: Uint8Array;
  reason?: string;
}

/** One format's module: what it reads (its catalogue entries: one module may read two), how it is told, its reader. */
export interface BoardviewFormat {
  catalogue: BoardviewFormatEntry[];
  /** Its place in the reading order, lowest first: the most telling signature is tried first. */
  order: number;
  /** Whether the bytes are this format, by their content (an extension is only a hint). */
  looksLike(bytes: Uint8Array): boolean;
  /** The board, the reason it cannot be read, or undefined when the bytes turn out not to be this format. */
  read(bytes: Uint8Array, options: ReadOptions): BoardRead | undefined;
  /** Present when the format also comes as several files in a .zip. */
  archive?: ArchiveReader;
  /** How each of its entries' keys (`key_secret`) is read, for the formats with an encrypted variant. */
  keys?: Readonly<Record<BoardFormat, KeyParser>>;
}

export function unreadable(reason: string): Unreadable {
  return { kind: "unreadable", reason };
}
