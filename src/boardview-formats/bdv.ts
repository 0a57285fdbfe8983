// Honhan .bdv: text in sections `<<format.asc>>` (outline points), `<<pins.asc>>` (a `Part NAME (T)` or
// `(B)` line, then its pins: number, name, x, y, layer, net, probe) and `<<nails.asc>>` (test points: a marker
// character and probe, x, y, type, grid, `(T)`/`(B)`, net number, net). Sections carry a few header lines,
// skipped here because they do not parse as records. The file is usually encoded: each byte but CR, LF and
// NUL is (key - byte) mod 256, the key starting at 160 and growing by one at every CRLF, back to 159 after 285.
// Positions are inches (the format's viewers scale them by 1000 to mils).
import { BoardBuilder } from "./builder";
import { bytesInclude, fields, type LineDecoder, nameOf, numberOf, positionOf, readLines, unreadableAfter } from "./lines";
import type { BoardPart, BoardRead, BoardSide, BoardviewFormat } from "./types";

const FIRST_KEY = 160;

/** The key of the line after `crlfBefore` CRLF line ends. */
export function bdvKey(crlfBefore: number): number {
  // 160..285 for the first 126 lines, then 159..285 over and over (127 lines).
  if (crlfBefore < 126) return FIRST_KEY + crlfBefore;
  return 159 + ((crlfBefore - 126) % 127);
}

const decodeLine: LineDecoder = (line, crlfBefore) => {
  const key = bdvKey(crlfBefore);
  for (let i = 0; i < line.length; i++) {
    const b = line[i];
    if (b === 0x0d || b === 0x0a || b === 0) continue;
    line[i] = (key - b) & 0xff;
  }
};

/** "<<format.asc>>" as it reads encoded on a file's first line. */
const ENCODED_SIGNATURE = "dd:1.3?,r?-=bb";

export function isPlainBdv(bytes: Uint8Array): boolean {
  return bytesInclude(bytes, "<<pins.asc>>", 1 << 20);
}

export function looksLikeBdv(bytes: Uint8Array): boolean {
  return bytesInclude(bytes, ENCODED_SIGNATURE, 4096) || isPlainBdv(bytes);
}

type Section = "none" | "format" | "pins" | "nails";
const SECTIONS: Record<string, Section> = { "<<format.asc>>": "format", "<<pins.asc>>": "pins", "<<nails.asc>>": "nails" };

const sideOf = (marker: string | undefined): BoardSide => (marker?.toUpperCase() === "(B)" ? "bottom" : "top");

export function parseBdv(bytes: Uint8Array): BoardRead {
  const board = new BoardBuilder();
  let section: Section = "none";
  let sawSection = false;
  let part: BoardPart | undefined;
  for (const { text } of readLines(bytes, board, isPlainBdv(bytes) ? undefined : decodeLine)) {
    const next = SECTIONS[text];
    if (next) {
      section = next;
      sawSection = true;
      continue;
    }
    const f = fields(text);
    if (section === "pins") {
      if (f[0]?.startsWith("Part")) {
        const name = f[0] === "Part" ? f[1] : f[0].slice(4);
        const marker = f[0] === "Part" ? f[2] : f[1];
        part = name ? board.addPart(nameOf(name), sideOf(marker), "smd") : undefined;
        continue;
      }
      if (!part || numberOf(f[0]) === undefined) continue;
      const x = positionOf(f[2], board);
      const y = positionOf(f[3], board);
      if (x === undefined || y === undefined) continue;
      // The first field counts pins over the board; the name column is the pin's number in its part.
      board.addPin(part, { x, y, net: nameOf(f[5]), number: nameOf(f[1]) });
    } else if (section === "nails") {
      // The first character marks the record; the probe number follows it.
      const probe = numberOf(f[0]?.slice(1)) ?? numberOf(f[0]);
      if (probe === undefined || f.length < 8) continue;
      const x = positionOf(f[1], board);
      const y = positionOf(f[2], board);
      if (x === undefined || y === undefined) continue;
      board.addTestPoint({ name: String(probe), x, y, side: sideOf(f[5]), net: nameOf(f[7]) });
    }
  }
  if (!sawSection) return unreadableAfter(board, "No BDV sections (<<pins.asc>>) were found.");
  return board.finishParts("bdv", "inch", "The BDV file");
}

export const BDV: BoardviewFormat = {
  order: 50,
  catalogue: [
    {
      format: "bdv",
      extensions: ["bdv"],
      name: "Honhan BDV",
      variants: ["encoded", "plain"],
      reads: ["parts with side", "pins with net and number", "test points"],
      unit: "inch",
    },
  ],
  looksLike: looksLikeBdv,
  read: parseBdv,
};
