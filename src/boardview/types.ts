// What a boardview file reads as, whatever its format: parts with their pins (position and net), test points,
// and the nets they make. Coordinates are the file's own numbers (Test_Link: integers, usually mils; BDV and
// GenCAD: decimals in the file's units), so a position reads back exactly as the file states it.

export type BoardSide = "top" | "bottom";
export type Mounting = "smd" | "through_hole";
/** The formats read (docs/boardviews.md): Test_Link .brd (plain, encoded, nets from nails), Honhan .bdv, GenCAD. */
export type BoardFormat = "test_link" | "bdv" | "gencad";

export interface BoardPin {
  x: number;
  y: number;
  /** "" when the file names none. */
  net: string;
}

export interface BoardPart {
  name: string;
  side: BoardSide;
  mounting: Mounting;
  /** The placement point (GenCAD) or the centre of the pins (formats that place only pins). */
  x: number;
  y: number;
  pins: BoardPin[];
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
  /** Bytes read from a file (the upload cap for boardview extensions is 50 MB: src/ingest/formats.ts). */
  bytes: 50_000_000,
  parts: 50_000,
  pins: 300_000,
  testPoints: 50_000,
  /** Characters kept of a part or net name. */
  nameChars: 64,
  /** Lines read: a file of empty or unparsed lines stops here too. */
  lines: 3_000_000,
} as const;

export function unreadable(reason: string): Unreadable {
  return { kind: "unreadable", reason };
}
