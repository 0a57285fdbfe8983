// Writes boardview files in the text formats BRD2, BVR (BVRAW_FORMAT_3 and _1) and ASUS .asc, from a board
// described in plain terms (scripts/lib/boardview-writer.ts), laid out as the exporters write them (BRD2 and BVR3
// as kicad-boardview does: a `0` line before BRDOUT:, the closing outline point repeated, indented BVR3 keyword
// lines, OUTLINE_POINTS on one last line without a line end). Written here from the documented layouts
// (docs/boardviews.md), for the tests, the bench and demo data.
import type { WrittenBoard, WrittenPart } from "./boardview-writer";

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const OUTLINE = [
  [0, 0],
  [1000, 0],
  [1000, 800],
  [0, 800],
];
const HEIGHT = 800;

/** The 1-based net ids of a board's nets, in the order pins first name them ("" is id 0, no net). */
function netIds(board: WrittenBoard): Map<string, number> {
  const ids = new Map<string, number>();
  for (const net of [...board.parts.flatMap((p) => p.pins.map((pin) => pin.net)), ...(board.testPoints ?? []).map((t) => t.net)])
    if (net && !ids.has(net)) ids.set(net, ids.size + 1);
  return ids;
}

function boxOf(part: WrittenPart): [number, number, number, number] {
  const xs = part.pins.map((p) => p.x);
  const ys = part.pins.map((p) => p.y);
  return [Math.min(...xs) - 5, Math.min(...ys) - 5, Math.max(...xs) + 5, Math.max(...ys) + 5];
}

/**
 * BRD2 text. kicad-boardview writes every pin on its part's side; `throughHoleBoth` writes a through-hole part's
 * pins on side 0 (both), as other exporters do, so the part reads as through-hole.
 */
export function brd2Text(board: WrittenBoard, options: { throughHoleBoth?: boolean; claimedCounts?: number } = {}): string {
  const ids = netIds(board);
  const claim = (n: number) => options.claimedCounts ?? n;
  const lines = ["0", `BRDOUT: ${claim(OUTLINE.length + 1)} 1000 ${HEIGHT}`];
  for (const [x, y] of [...OUTLINE, OUTLINE[0]]) lines.push(`${x} ${y}`);
  lines.push("", `NETS: ${claim(ids.size)}`);
  for (const [name, id] of ids) lines.push(`${id} ${name}`);
  lines.push("", `PARTS: ${claim(board.parts.length)}`);
  // What is on the bottom is written with its y mirrored about the board's height.
  const mirrored = (y: number, top: boolean) => (top ? y : HEIGHT - y);
  let first = 0;
  for (const part of board.parts) {
    const [x1, y1, x2, y2] = boxOf(part);
    const top = part.side === "top";
    lines.push(`${part.name} ${x1} ${mirrored(y1, top)} ${x2} ${mirrored(y2, top)} ${first} ${top ? 1 : 2}`);
    first += part.pins.length;
  }
  lines.push("", `PINS: ${claim(first)}`);
  for (const part of board.parts) {
    const side = options.throughHoleBoth && part.mounting === "through_hole" ? 0 : part.side === "top" ? 1 : 2;
    for (const pin of part.pins) lines.push(`${pin.x} ${mirrored(pin.y, side === 1)} ${ids.get(pin.net) ?? 0} ${side}`);
  }
  lines.push("", `NAILS: ${claim(board.testPoints?.length ?? 0)}`);
  for (const n of board.testPoints ?? [])
    lines.push(`${n.probe} ${n.x} ${mirrored(n.y, n.side === "top")} ${ids.get(n.net) ?? 0} ${n.side === "top" ? 1 : 2}`);
  return `${lines.join("\n")}\n\n`;
}

export const brd2File = (board: WrittenBoard, options: Parameters<typeof brd2Text>[1] = {}) => ascii(brd2Text(board, options));

/** BVRAW_FORMAT_3 text, as kicad-boardview writes it (pin numbers from 1, PIN_NAME the number too). */
export function bvr3Text(board: WrittenBoard, options: { pinNames?: boolean; segmented?: boolean } = {}): string {
  const lines = ["BVRAW_FORMAT_3"];
  for (const part of board.parts) {
    const side = part.side === "top" ? "T" : "B";
    lines.push("", `PART_NAME ${part.name}`, `   PART_SIDE ${side}`, "   PART_ORIGIN 0.000 0.000");
    lines.push(`   PART_MOUNT ${part.mounting === "smd" ? "SMD" : "THT"}`, "");
    for (const [i, pin] of part.pins.entries()) {
      const number = String(i + 1);
      lines.push(`   PIN_ID ${part.name}-${number}`, `      PIN_NUMBER ${number}`, `      PIN_NAME ${options.pinNames ? `P${number}` : number}`);
      lines.push(`      PIN_SIDE ${side}`, `      PIN_ORIGIN ${pin.x.toFixed(1)} ${pin.y.toFixed(1)}`, "      PIN_RADIUS 24.0");
      lines.push(`      PIN_NET ${pin.net}`, "      PIN_TYPE 2", "      PIN_COMMENT", "   PIN_END", "");
    }
    lines.push("PART_END", "");
  }
  const closed = [...OUTLINE, OUTLINE[0]];
  if (options.segmented)
    return `${lines.join("\n")}\nOUTLINE_SEGMENTED ${closed
      .slice(1)
      .map(([x, y], i) => `${closed[i][0]} ${closed[i][1]} ${x} ${y}`)
      .join(" ")}`;
  return `${lines.join("\n")}\nOUTLINE_POINTS ${closed.map(([x, y]) => `${x} ${y}`).join(" ")}`;
}

export const bvr3File = (board: WrittenBoard, options: Parameters<typeof bvr3Text>[1] = {}) => ascii(bvr3Text(board, options));

/** BVRAW_FORMAT_1 text: <<Layout>>, <<Pin>> and <<Nail>> blocks, each after a heading line, fields tab-separated. */
export function bvr1Text(board: WrittenBoard): string {
  const lines = ["BVRAW_FORMAT_1", "<<Layout>>", "X,Y"];
  for (const [x, y] of OUTLINE) lines.push(`${x},${y}`);
  lines.push("<<Pin>>", "Part\tSide\tId\tName\tX\tY\tLayer\tNet");
  let id = 1;
  for (const part of board.parts) {
    for (const [i, pin] of part.pins.entries())
      lines.push([part.name, part.side === "top" ? "(T)" : "(B)", id++, i + 1, pin.x, pin.y, 1, pin.net].join("\t"));
  }
  lines.push("<<Nail>>", "Nail\tX\tY\tType\tGrid\tSide\tNetId\tNet");
  for (const n of board.testPoints ?? []) lines.push([`$${n.probe}`, n.x, n.y, 1, "A1", n.side === "top" ? "(T)" : "(B)", n.probe, n.net].join("\t"));
  return `${lines.join("\r\n")}\r\n`;
}

export const bvr1File = (board: WrittenBoard) => ascii(bvr1Text(board));

/** The ASUS .asc files of a board (heading lines first, as the exporter writes them). */
export function ascFiles(board: WrittenBoard, spaced = false): { "format.asc": Uint8Array; "pins.asc": Uint8Array; "nails.asc": Uint8Array } {
  const heading = (n: number) => Array.from({ length: n }, (_, i) => `; heading line ${i + 1} of the ASUS export`);
  const format = [...heading(7), ...OUTLINE.map(([x, y]) => `${(x / 1000).toFixed(3)} ${(y / 1000).toFixed(3)}`)];
  const pins = [...heading(7)];
  let id = 1;
  for (const part of board.parts) {
    pins.push(`Part ${part.name} ${part.side === "top" ? "(T)" : "(B)"}`);
    // Pin names may hold single spaces ("PAD 1"); fields are split on runs of spaces.
    for (const [i, pin] of part.pins.entries()) pins.push(`${id++}  ${spaced ? "PAD " : ""}${i + 1}  ${pin.x}  ${pin.y}  1  ${pin.net}  0`);
  }
  const nails = [...heading(6)];
  for (const n of board.testPoints ?? []) nails.push(`-${n.probe} ${n.x} ${n.y} 1 A1 ${n.side === "top" ? "(T)" : "(B)"} ${n.probe} ${n.net}`);
  const file = (lines: string[]) => ascii(`${lines.join("\r\n")}\r\n`);
  return { "format.asc": file(format), "pins.asc": file(pins), "nails.asc": file(nails) };
}
