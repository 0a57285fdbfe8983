// BRD2 (.brd as kicad-boardview and others write it): text blocks, each opened by a keyword line with a count
// (never trusted here). `BRDOUT: count width height` then the outline's points `x y`; `NETS: count` then
// `id name`; `PARTS: count` then `name x1 y1 x2 y2 first_pin side` (first_pin: the 0-based index of the part's
// first line in PINS; side 1 top, 2 bottom, 0 both); `PINS: count` then `x y net_id side`; `NAILS: count`
// then `probe x y net_id side`. Net id 0, or one NETS does not list, is no net. Positions are mils; the y of
// what is on the bottom (a part of side 2, a pin or nail of side other than 1) is written mirrored about the board's
// height (BRDOUT's third number), and is put back in the board's frame here (height − y), as the format's viewers do.
import { BoardBuilder, underCap } from "../builder";
import { bytesInclude, fields, nameOf, noteDeclared, numberOf, positionOf, readLines, unreadableAfter } from "../lines";
import type { BoardRead, BoardSide, Box, Point } from "../types";
import { BOARDVIEW_CAPS } from "../types";
import { addOutlineCut, restOf } from "./values";
import type { BoardviewFormat } from "../types";

/** A BRD2 file opens with its outline block (kicad-boardview writes a line `0` before it). */
export function looksLikeBrd2(bytes: Uint8Array): boolean {
  return bytesInclude(bytes, "BRDOUT:", 4096);
}

type Block = "none" | "outline" | "nets" | "parts" | "pins" | "nails";
const BLOCKS: Record<string, Block> = { "BRDOUT:": "outline", "NETS:": "nets", "PARTS:": "parts", "PINS:": "pins", "NAILS:": "nails" };

interface PendingPart {
  name: string;
  box: Box;
  first: number;
  side: number;
}

interface PendingPin {
  x: number;
  y: number;
  net: number;
  side: number;
}

const sideOf = (code: number): BoardSide => (code === 2 ? "bottom" : "top");

export function parseBrd2(bytes: Uint8Array): BoardRead {
  const board = new BoardBuilder();
  const nets = new Map<number, string>();
  const parts: PendingPart[] = [];
  const pins: PendingPin[] = [];
  const outline: Point[] = [];
  let block: Block = "none";
  let sawBlock = false;
  let height: number | undefined;
  const unmirror = (y: number) => (height === undefined ? y : height - y);
  // Each block line's count, and the records seen in each block: a file that ends short of a count is cut.
  const declared = new Map<Block, number | undefined>();
  const seen = new Map<Block, number>();
  const at = (text: string | undefined) => positionOf(text, board);
  for (const { text } of readLines(bytes, board)) {
    const f = fields(text);
    const next = BLOCKS[f[0]];
    if (next) {
      block = next;
      sawBlock = true;
      declared.set(next, numberOf(f[1]));
      if (next === "outline") height = at(f[3]);
      continue;
    }
    seen.set(block, (seen.get(block) ?? 0) + 1);
    if (block === "outline") {
      const x = at(f[0]);
      const y = at(f[1]);
      if (x !== undefined && y !== undefined && outline.length <= BOARDVIEW_CAPS.outlinePoints) outline.push({ x, y });
    } else if (block === "nets") {
      const id = numberOf(f[0]);
      if (id === undefined || !Number.isInteger(id) || !underCap("pins", nets.size)) continue;
      nets.set(id, nameOf(restOf(text)));
    } else if (block === "parts") {
      const [x1, y1, x2, y2] = f.slice(1, 5).map(at);
      const first = numberOf(f[5]);
      if (!f[0] || x1 === undefined || y1 === undefined || x2 === undefined || y2 === undefined || first === undefined) continue;
      const side = numberOf(f[6]) ?? 1;
      const box = side === 2 ? { x1, y1: unmirror(y1), x2, y2: unmirror(y2) } : { x1, y1, x2, y2 };
      board.hold(parts, { name: nameOf(f[0]), box, first, side }, "parts");
    } else if (block === "pins") {
      const x = at(f[0]);
      const y = at(f[1]);
      if (x === undefined || y === undefined) continue;
      const side = numberOf(f[3]) ?? 0;
      board.hold(pins, { x, y: side === 1 ? y : unmirror(y), net: numberOf(f[2]) ?? 0, side }, "pins");
    } else if (block === "nails") {
      const x = at(f[1]);
      const y = at(f[2]);
      if (!f[0] || x === undefined || y === undefined) continue;
      const net = nets.get(numberOf(f[3]) ?? 0) ?? "";
      const top = numberOf(f[4]) === 1;
      board.addTestPoint({ name: nameOf(f[0]), x, y: top ? y : unmirror(y), side: top ? "top" : "bottom", net });
    }
  }
  if (!sawBlock) return unreadableAfter(board, "No BRD2 blocks (BRDOUT:, PARTS:, PINS:) were found.");
  const kept = { parts: parts.length, pins: pins.length, nets: nets.size, nails: board.testPoints.length };
  for (const block of ["parts", "pins", "nets", "nails"] as const) noteDeclared(board, block, declared.get(block), seen.get(block) ?? 0, kept[block]);
  addOutlineCut(board, outline);
  placeParts(board, parts, pins, nets);
  return board.finishParts("brd2", "mil", "The BRD2 file");
}

/**
 * A part's pins are the PINS lines from its first_pin up to the next part's (so a lying index moves no pin twice);
 * each pin's number is its place in the part, from 1. A part none of whose pins is on its own side is through-hole.
 */
function placeParts(board: BoardBuilder, parts: PendingPart[], pins: PendingPin[], nets: Map<number, string>): void {
  let cursor = 0;
  for (let i = 0; i < parts.length; i++) {
    const pending = parts[i];
    const next = parts[i + 1];
    const end = next ? Math.max(cursor, Math.min(pins.length, Math.trunc(next.first))) : pins.length;
    const own = pins.slice(cursor, end);
    cursor = end;
    const side = sideOf(pending.side);
    const onItsSide = own.some((p) => p.side === pending.side && pending.side !== 0);
    const mounting = own.length && !onItsSide ? "through_hole" : "smd";
    const part = board.addPart(pending.name, side, mounting, undefined, { box: pending.box });
    if (!part) return;
    for (const [n, pin] of own.entries()) {
      if (!board.addPin(part, { x: pin.x, y: pin.y, net: nets.get(pin.net) ?? "", number: String(n + 1) })) return;
    }
  }
}

/** BRD2 shares .brd with Test_Link: Test_Link is told by its str_length:/var_data: header, BRD2 by BRDOUT:. */
export const BRD2: BoardviewFormat = {
  order: 20,
  catalogue: [
    {
      format: "brd2",
      extensions: ["brd"],
      name: "BRD2 (kicad-boardview and others)",
      variants: ["BRDOUT:/NETS:/PARTS:/PINS:/NAILS: blocks, told from Test_Link .brd by its content"],
      reads: [
        "outline",
        "nets by id",
        "parts with box, side and mounting (through-hole when no pin is on the part's side)",
        "pins with net and number (their place in the part, from 1)",
        "nails as test points",
        "bottom positions put back in the board's frame",
      ],
      unit: "mil",
    },
  ],
  looksLike: looksLikeBrd2,
  read: parseBrd2,
};
