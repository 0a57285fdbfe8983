// ASUS .asc: a board as separate text files, as a repair shop receives them. format.asc: heading lines, then the
// outline's points `x y`; pins.asc: heading lines, then per part a line `Part NAME (T)` or `(B)` followed by its
// pins `number name x y layer net probe` (a name may hold single spaces); nails.asc: heading lines, then test
// points `<marker>probe x y type grid (T)|(B) net_id net`. Positions are inches. Uploaded together in a .zip (the
// document is the archive, read as a boardview) or one at a time as pins.asc (then parts and nets come from it
// alone). Heading lines are skipped because they do not parse as records.
import { BoardBuilder } from "../builder";
import { fields, nameOf, numberOf, positionOf, type ReadState, readLines, unreadableAfter } from "../lines";
import type { ArchiveEntry, BoardPart, BoardRead, BoardSide, BoardviewFormat, Point } from "../types";
import { BOARDVIEW_CAPS, unreadable } from "../types";
import { addOutlineCut } from "./values";

/** The files of a board, by role; `missing` names those that were found but could not be read. */
export interface AscFiles {
  format?: Uint8Array;
  pins?: Uint8Array;
  nails?: Uint8Array;
  missing?: string[];
}

export const ASC_ROLES = { "format.asc": "format", "pins.asc": "pins", "nails.asc": "nails" } as const;
export type AscRole = (typeof ASC_ROLES)[keyof typeof ASC_ROLES];

const PART_LINE = /^\s*Part\s*(\S+)\s+\(([TB])\)/im;

/** A pins.asc on its own: a `Part NAME (T)` line among its first lines. */
export function looksLikeAscPins(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 16384);
  if (head.includes(0)) return false;
  return PART_LINE.test(latin1Head(head));
}

function latin1Head(head: Uint8Array): string {
  let out = "";
  for (let i = 0; i < head.length; i += 4096) out += String.fromCharCode(...head.subarray(i, i + 4096));
  return out;
}

/**
 * Of an archive's entry names, the .asc files of one board: the first pins.asc (any folder, any case) and the
 * format.asc and nails.asc beside it. Empty when the archive holds no pins.asc.
 */
export function pickAscEntries(names: readonly string[]): { name: string; role: AscRole }[] {
  const split = (name: string) => {
    const cut = name.lastIndexOf("/") + 1;
    return { folder: name.slice(0, cut).toLowerCase(), base: name.slice(cut).toLowerCase() };
  };
  const pins = names.find((n) => split(n).base === "pins.asc");
  if (pins === undefined) return [];
  const folder = split(pins).folder;
  const picked: { name: string; role: AscRole }[] = [];
  for (const name of names) {
    const { folder: f, base } = split(name);
    const role = ASC_ROLES[base as keyof typeof ASC_ROLES];
    if (f === folder && role && !picked.some((p) => p.role === role)) picked.push({ name, role });
  }
  return picked;
}

/** The entry names of pickAscEntries (what an archive's reader is asked for). */
export const ascEntryNames = (names: readonly string[]): string[] => pickAscEntries(names).map((e) => e.name);

/** The picked entries (as zipEntryContents reads them) as one board; an entry not read is named in the reason. */
export function parseAscEntries(entries: readonly ArchiveEntry[]): BoardRead {
  const files: AscFiles = { missing: [] };
  for (const entry of entries) {
    const role = ASC_ROLES[entry.name.slice(entry.name.lastIndexOf("/") + 1).toLowerCase() as keyof typeof ASC_ROLES];
    if (!role) continue;
    if (entry.bytes) files[role] = entry.bytes;
    else files.missing?.push(`${entry.name} (${entry.reason ?? "unreadable"})`);
  }
  return parseAscFiles(files);
}

const sideOf = (marker: string | undefined): BoardSide => (marker?.toUpperCase() === "(B)" ? "bottom" : "top");

export function parseAscFiles(files: AscFiles): BoardRead {
  if (!files.pins) {
    const why = files.missing?.length ? `${files.missing.join(", ")} could not be read` : "no pins.asc";
    return unreadable(`The ASUS .asc board has no readable pins.asc (${why}).`);
  }
  const board = new BoardBuilder();
  if (files.format) readOutline(board, files.format);
  readPins(board, files.pins);
  if (files.nails) readNails(board, files.nails);
  if (!board.parts.length) return unreadableAfter(board, "The pins.asc file lists no parts.");
  if (files.missing?.length) board.stop(`${files.missing.join(", ")} could not be read from the archive`);
  return board.finish("asc", "inch");
}

export const parseAscPins = (bytes: Uint8Array): BoardRead => parseAscFiles({ pins: bytes });

function readOutline(board: BoardBuilder, bytes: Uint8Array): void {
  const points: Point[] = [];
  for (const { text } of readLines(bytes, board)) {
    const f = text.split(/[\s,]+/);
    if (f.length !== 2) continue;
    const x = positionOf(f[0], board);
    const y = positionOf(f[1], board);
    if (x !== undefined && y !== undefined) {
      points.push({ x, y });
      if (points.length > BOARDVIEW_CAPS.outlinePoints) break;
    }
  }
  addOutlineCut(board, points);
}

function readPins(board: BoardBuilder, bytes: Uint8Array): void {
  let part: BoardPart | undefined;
  let inPart = false;
  for (const { text } of readLines(bytes, board)) {
    const f = fields(text);
    if (f[0]?.startsWith("Part")) {
      const name = f[0] === "Part" ? f[1] : f[0].slice(4);
      const marker = f[0] === "Part" ? f[2] : f[1];
      if (!name || !/^\([TB]\)$/i.test(marker ?? "")) continue;
      part = board.addPart(nameOf(name), sideOf(marker), "smd");
      inPart = true;
      if (!part) return;
      continue;
    }
    if (!inPart || !part) continue;
    const pin = pinOf(f, board);
    if (pin && !board.addPin(part, pin)) return;
  }
}

/** `id name x y layer net probe`, the name possibly several words; else `id name x y layer net`. */
function pinOf(f: string[], state: ReadState) {
  const n = f.length;
  if (numberOf(f[0]) === undefined) return undefined;
  const withProbe = n >= 7 && numberOf(f[n - 1]) !== undefined && numberOf(f[n - 3]) !== undefined;
  const at = withProbe ? n - 5 : 2;
  const x = positionOf(f[at], state);
  const y = positionOf(f[at + 1], state);
  if (x === undefined || y === undefined) return undefined;
  // The first field is a running count over the board; the name column is the pin's number in its part.
  return { x, y, net: nameOf(f[at + 3]), number: nameOf(f.slice(1, at).join(" ")) };
}

function readNails(board: BoardBuilder, bytes: Uint8Array): void {
  for (const { text } of readLines(bytes, board)) {
    const f = fields(text);
    // The first character marks the record; the probe number follows it.
    const probe = numberOf(f[0]?.slice(1)) ?? numberOf(f[0]);
    if (probe === undefined || f.length < 8) continue;
    const x = positionOf(f[1], board);
    const y = positionOf(f[2], board);
    if (x === undefined || y === undefined) continue;
    if (!board.addTestPoint({ name: String(probe), x, y, side: sideOf(f[5]), net: nameOf(f[7]) })) return;
  }
}

/** Tried after the format whose <<pins.asc>> section holds the same Part lines. */
export const ASC: BoardviewFormat = {
  order: 60,
  catalogue: [
    {
      format: "asc",
      extensions: ["asc", "zip"],
      name: "ASUS .asc",
      variants: ["format.asc, pins.asc and nails.asc together in a .zip (the archive is the boardview)", "pins.asc alone"],
      reads: ["outline (format.asc)", "parts with side", "pins with net and number (pins.asc)", "test points (nails.asc)"],
      unit: "inch",
    },
  ],
  looksLike: looksLikeAscPins,
  read: parseAscPins,
  archive: { entries: ascEntryNames, read: parseAscEntries },
};
