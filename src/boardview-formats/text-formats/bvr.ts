// BVR, two layouts. BVRAW_FORMAT_3 (kicad-boardview and others): a keyword per line. PART_NAME opens a part,
// then PART_SIDE T|B|O (O: both sides), PART_ORIGIN, PART_MOUNT SMD|THT|Other; each pin is PIN_ID … PIN_END
// with PIN_NUMBER, PIN_NAME, PIN_SIDE, PIN_ORIGIN x y, PIN_RADIUS r, PIN_NET name, PIN_TYPE, PIN_COMMENT;
// PART_END closes the part. The outline is OUTLINE_POINTS x y x y … (one polyline) or OUTLINE_SEGMENTED
// x1 y1 x2 y2 … (segments), each on one line. Positions are mils.
// BVRAW_FORMAT_1: blocks `<<Layout>>` (outline points `x,y`), `<<Pin>>` (one line per pin: part, (T)|(B), pin
// id, pin name, x, y, layer, net; a part's pins are consecutive lines) and `<<Nail>>` (a marker field, then x, y,
// type, grid, (T)|(B), net id, net), each after one heading line. Positions are inches.
import { BoardBuilder } from "../builder";
import { bytesInclude, fields, nameOf, noteCut, positionOf, type ReadState, readLines, unreadableAfter } from "../lines";
import type { BoardPart, BoardPin, BoardRead, BoardSide, Mounting, Point } from "../types";
import { BOARDVIEW_CAPS } from "../types";
import { addOutlineCut, numbersOfLine, outlineFull, restOf } from "./values";
import type { BoardviewFormat } from "../types";

export function looksLikeBvr(bytes: Uint8Array): boolean {
  return bytesInclude(bytes, "BVRAW_FORMAT_3", 4096) || bytesInclude(bytes, "BVRAW_FORMAT_1", 4096);
}

export function parseBvr(bytes: Uint8Array): BoardRead {
  return bytesInclude(bytes, "BVRAW_FORMAT_3", 4096) ? parseBvr3(bytes) : parseBvr1(bytes);
}

interface PendingPart {
  name: string;
  side: BoardSide;
  mounting: Mounting;
  /** PART_SIDE O: on both sides, so through-hole whatever PART_MOUNT says. */
  bothSides: boolean;
  pins: BoardPin[];
}

const sideOf = (code: string | undefined): BoardSide => (code?.toUpperCase() === "B" ? "bottom" : "top");
/** SMD is surface mount; THT and anything else (KiCad's "Other") through-hole, as the format's viewers read it. */
const mountingOf = (word: string | undefined): Mounting => (word?.toUpperCase() === "SMD" ? "smd" : "through_hole");

function parseBvr3(bytes: Uint8Array): BoardRead {
  const board = new BoardBuilder();
  let part: PendingPart | undefined;
  let pin: BoardPin | undefined;
  const endPin = () => {
    // A pin is kept once it has its position (a file cut inside a pin leaves it without).
    if (pin && part && Number.isFinite(pin.x) && Number.isFinite(pin.y)) board.hold(part.pins, pin, "pins");
    pin = undefined;
  };
  const endPart = () => {
    endPin();
    if (part) {
      const added = board.addPart(part.name, part.side, part.bothSides ? "through_hole" : part.mounting);
      if (added) for (const p of part.pins) if (!board.addPin(added, p)) break;
    }
    part = undefined;
  };
  // An outline may be one line of any length (read from its bytes); any other over-long line stops reading.
  for (const { text, start } of readLines(bytes, board, undefined, (head) => head.startsWith("OUTLINE_"))) {
    const keyword = text.split(/\s/, 1)[0].toUpperCase();
    if (keyword.startsWith("OUTLINE_")) {
      if (!outlineFull(board)) readOutlineLine(board, keyword, numbersOfLine(bytes, start, 2 * BOARDVIEW_CAPS.outlinePoints + 4, true, board));
      continue;
    }
    const value = restOf(text);
    if (keyword === "PART_NAME") {
      endPart();
      if (value) part = { name: nameOf(value), side: "top", mounting: "smd", bothSides: false, pins: [] };
    } else if (keyword === "PART_SIDE" && part) {
      part.side = sideOf(value);
      part.bothSides = value.toUpperCase() === "O";
    } else if (keyword === "PART_MOUNT" && part) {
      part.mounting = mountingOf(value);
    } else if (keyword === "PART_END") endPart();
    else if (keyword === "PIN_ID") {
      endPin();
      if (part) pin = { x: Number.NaN, y: Number.NaN, net: "" };
    } else if (keyword === "PIN_END") endPin();
    else if (keyword.startsWith("PIN_") && part) {
      pin ??= { x: Number.NaN, y: Number.NaN, net: "" };
      readPinLine(board, pin, keyword, value);
    }
  }
  // A part still open at the end: the file was cut inside its block (its pins read so far are kept).
  if (part) noteCut(board, `inside the block of part ${part.name}`);
  endPart();
  if (!board.parts.length && !board.outline.length) return unreadableAfter(board, "The BVR file lists no parts.");
  return board.finish("bvr", "mil");
}

/** OUTLINE_POINTS: one polyline; OUTLINE_SEGMENTED: segments, chained where they meet. */
function readOutlineLine(board: BoardBuilder, keyword: string, numbers: number[]): void {
  if (keyword === "OUTLINE_POINTS") addOutlineCut(board, pointsOf(numbers));
  else if (keyword === "OUTLINE_SEGMENTED") for (const line of chained(numbers)) if (!addOutlineCut(board, line)) return;
}

function readPinLine(state: ReadState, pin: BoardPin, keyword: string, value: string): void {
  if (keyword === "PIN_NUMBER") pin.number = nameOf(value);
  else if (keyword === "PIN_NAME") pin.name = nameOf(value);
  else if (keyword === "PIN_NET") pin.net = nameOf(value);
  else if (keyword === "PIN_RADIUS") pin.radius = positionOf(value.split(/\s+/)[0], state);
  else if (keyword === "PIN_ORIGIN") {
    const [x, y] = value.split(/[\s,]+/).map((t) => positionOf(t, state));
    if (x !== undefined && y !== undefined) {
      pin.x = x;
      pin.y = y;
    }
  }
}

function pointsOf(numbers: number[]): Point[] {
  const points: Point[] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) points.push({ x: numbers[i], y: numbers[i + 1] });
  return points;
}

/** Segments x1 y1 x2 y2 …: consecutive segments that meet (one's end is the next's start) make one polyline. */
function chained(numbers: number[]): Point[][] {
  const lines: Point[][] = [];
  let line: Point[] = [];
  for (let i = 0; i + 3 < numbers.length; i += 4) {
    const a = { x: numbers[i], y: numbers[i + 1] };
    const b = { x: numbers[i + 2], y: numbers[i + 3] };
    const last = line[line.length - 1];
    if (last && last.x === a.x && last.y === a.y) line.push(b);
    else {
      if (line.length) lines.push(line);
      line = [a, b];
    }
  }
  if (line.length) lines.push(line);
  return lines;
}

type Block1 = "none" | "layout" | "pin" | "nail";
const BLOCKS1: Record<string, Block1> = { "<<Layout>>": "layout", "<<Pin>>": "pin", "<<Nail>>": "nail" };
const markerSide = (marker: string | undefined): BoardSide => (marker?.toUpperCase() === "(B)" ? "bottom" : "top");

function parseBvr1(bytes: Uint8Array): BoardRead {
  const board = new BoardBuilder();
  let block: Block1 = "none";
  const outline: Point[] = [];
  let part: BoardPart | undefined;
  let partName = "";
  for (const { text } of readLines(bytes, board)) {
    const next = BLOCKS1[text];
    if (next) {
      block = next;
      continue;
    }
    if (block === "layout") {
      const [x, y] = text.split(/[\s,]+/).map((t) => positionOf(t, board));
      if (x !== undefined && y !== undefined && outline.length <= BOARDVIEW_CAPS.outlinePoints) outline.push({ x, y });
    } else if (block === "pin") {
      // part, (T)|(B), id, name, x, y, layer, net: a heading line does not parse and is skipped.
      const f = fields(text);
      if (!f[0] || !/^\((T|B)\)$/i.test(f[1] ?? "")) continue;
      const x = positionOf(f[4], board);
      const y = positionOf(f[5], board);
      if (x === undefined || y === undefined) continue;
      const name = nameOf(f[0]);
      if (!part || name !== partName) {
        part = board.addPart(name, markerSide(f[1]), "smd");
        partName = name;
        if (!part) break;
      }
      // The id is a running count over the board; the name column is the pin's number in its part.
      if (!board.addPin(part, { x, y, net: nameOf(f[7]), number: nameOf(f[3]) })) break;
    } else if (block === "nail") {
      // The first (tab-separated) field is a marker; then x, y, type, grid, (T)|(B), net id, net.
      const tab = text.indexOf("\t");
      const f = fields(tab >= 0 ? text.slice(tab + 1) : text.replace(/^\S+/, ""));
      if (f.length < 7) continue;
      const x = positionOf(f[0], board);
      const y = positionOf(f[1], board);
      if (x === undefined || y === undefined) continue;
      const probe = nameOf((tab >= 0 ? text.slice(0, tab) : text.split(/\s/, 1)[0]).replace(/^\D+/, ""));
      board.addTestPoint({ name: probe, x, y, side: markerSide(f[4]), net: nameOf(f[6]) });
    }
  }
  addOutlineCut(board, outline);
  return board.finishParts("bvr", "inch", "The BVR file");
}

export const BVR: BoardviewFormat = {
  order: 30,
  catalogue: [
    {
      format: "bvr",
      extensions: ["bvr"],
      name: "BVR",
      variants: ["BVRAW_FORMAT_3 (keyword lines; mils)", "BVRAW_FORMAT_1 (<<Layout>>, <<Pin>>, <<Nail>> blocks; inches)"],
      reads: [
        "outline (points or segments)",
        "parts with side and mounting",
        "pins with net, number, name and radius (format 3)",
        "pins with net and number, test points (format 1)",
      ],
      unit: "mil",
    },
  ],
  looksLike: looksLikeBvr,
  read: parseBvr,
};
