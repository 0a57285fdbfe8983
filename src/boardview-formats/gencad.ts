// GenCAD (.cad), the open ASCII exchange standard: `$SECTION` … `$ENDSECTION` blocks of keyword lines. Read here:
// $HEADER (UNITS), $BOARD (the outline: LINE, ARC, CIRCLE, RECTANGLE), $PADS (PAD name shape drill), $PADSTACKS (PADSTACK name drill), $SHAPES (SHAPE name, then PIN
// name pad x y layer rot mirror; the name is the pin's number), $COMPONENTS (COMPONENT name, PLACE x y, LAYER
// TOP|BOTTOM, ROTATION deg, SHAPE name mirror flip, SHEET "RefDes: …, Value: …" for a value), $SIGNALS (SIGNAL net, then NODE component pin and NAILLOC test points) and $TESTPINS (TESTPIN name x y
// [layer] [net]). A part is through-hole when a pin's pad or padstack is drilled. A pin's position is the
// component's place plus the shape's pin offset, mirrored (MIRRORX / MIRRORY) and then rotated.
import { BoardBuilder } from "./builder";
import { bytesInclude, fields, nameOf, noteCut, noteReason, numberOf, positionOf, type ReadState, readLines, unreadableAfter } from "./lines";
import { arcPoints, circlePoints, joinPieces } from "./outline";
import { addOutlineCut } from "./text-formats/values";
import type { BoardRead, BoardSide, BoardUnit, Point, TestPoint } from "./types";
import type { BoardviewFormat } from "./types";

export function looksLikeGenCad(bytes: Uint8Array): boolean {
  return bytesInclude(bytes, "$HEADER", 4096) && (bytesInclude(bytes, "GENCAD", 4096) || bytesInclude(bytes, "$COMPONENTS"));
}

interface ShapePin {
  name: string;
  pad: string;
  x: number;
  y: number;
}

interface Component {
  name: string;
  /** Undefined until a readable PLACE line: a component without one is skipped, and the reason says so. */
  x?: number;
  y?: number;
  side: BoardSide | null;
  rotation: number;
  shape: string;
  mirrorX: boolean;
  mirrorY: boolean;
  flip: boolean;
  /** From `SHEET "RefDes: R1, Value: 10k"` (as KiCad writes it). */
  value?: string;
}

/** Entries kept per table (shapes, pads, nodes): bounded whatever the file. */
const TABLE_CAP = 500_000;

/**
 * The header's `UNITS`: INCH, THOU (mils), MM; USER n / USERMM n are n units per inch / per mm (1000 per inch
 * is mils, 1 per mm is mm); other scales read as unknown.
 */
export function genCadUnit(f: string[]): BoardUnit {
  const word = f[1]?.toUpperCase();
  const per = numberOf(f[2]);
  if (word === "INCH") return "inch";
  if (word === "THOU" || (word === "USER" && per === 1000)) return "mil";
  if (word === "MM" || (word === "USERMM" && per === 1)) return "mm";
  if (word === "USER" && per === 1) return "inch";
  return "unknown";
}

const layerSide = (layer: string | undefined): BoardSide | null =>
  layer?.toUpperCase() === "BOTTOM" ? "bottom" : layer?.toUpperCase() === "TOP" ? "top" : null;

export function parseGenCad(bytes: Uint8Array): BoardRead {
  const board = new BoardBuilder();
  const drilled = new Set<string>();
  const shapes = new Map<string, ShapePin[]>();
  const components: Component[] = [];
  const nodes = new Map<string, string>();
  const testPoints: TestPoint[] = [];
  let section = "";
  let shape: ShapePin[] | undefined;
  let component: Component | undefined;
  let signal = "";
  let entries = 0;
  let unit: BoardUnit = "unknown";
  const outline: Point[][] = [];
  const at = (text: string | undefined) => positionOf(text, board);
  for (const { text } of readLines(bytes, board)) {
    if (text.startsWith("$")) {
      const name = text.split(/\s/)[0].toUpperCase();
      section = name.startsWith("$END") ? "" : name;
      continue;
    }
    if (++entries > TABLE_CAP) {
      board.stopped ??= `only the first ${TABLE_CAP} GenCAD records are read`;
      break;
    }
    const f = fields(text);
    const keyword = f[0]?.toUpperCase();
    if (section === "$HEADER" && keyword === "UNITS") unit = genCadUnit(f);
    else if (section === "$BOARD") readBoardLine(board, keyword, f, outline);
    else if (section === "$PADS" && keyword === "PAD" && (numberOf(f[3]) ?? 0) > 0) drilled.add(f[1]);
    else if (section === "$PADSTACKS" && keyword === "PADSTACK" && (numberOf(f[2]) ?? 0) > 0) drilled.add(f[1]);
    else if (section === "$SHAPES") {
      if (keyword === "SHAPE" && f[1]) {
        shape = [];
        shapes.set(f[1], shape);
      } else if (keyword === "PIN" && shape) {
        const x = at(f[3]);
        const y = at(f[4]);
        if (f[1] && x !== undefined && y !== undefined) shape.push({ name: f[1], pad: f[2] ?? "", x, y });
      }
    } else if (section === "$COMPONENTS") {
      if (keyword === "COMPONENT" && f[1]) {
        component = { name: nameOf(f[1]), side: null, rotation: 0, shape: "", mirrorX: false, mirrorY: false, flip: false };
        components.push(component);
      } else if (component) readComponentLine(board, component, keyword, f);
    } else if (section === "$SIGNALS") {
      if (keyword === "SIGNAL")
        signal = nameOf(
          text
            .slice(text.indexOf(f[0]) + f[0].length)
            .trim()
            .replace(/^"|"$/g, ""),
        );
      else if (keyword === "NODE" && f[1] && f[2]) nodes.set(`${nameOf(f[1])}\u0000${f[2]}`, signal);
      else if (keyword === "NAILLOC") {
        // NAILLOC component pin test-point x y tan tin probe layer
        const x = at(f[4]);
        const y = at(f[5]);
        if (f[3] && x !== undefined && y !== undefined)
          testPoints.push({ name: nameOf(f[3]), x, y, side: layerSide(f[f.length - 1]) ?? "top", net: signal });
      }
    } else if (section === "$TESTPINS" && keyword === "TESTPIN") {
      const x = at(f[2]);
      const y = at(f[3]);
      if (f[1] && x !== undefined && y !== undefined) {
        const side = layerSide(f[4]);
        const net = side ? f[5] : f[4];
        testPoints.push({ name: nameOf(f[1]), x, y, side: side ?? "top", net: nameOf(net) });
      }
    }
  }
  if (section) noteCut(board, `inside its ${section} section`);
  if (!components.length) return unreadableAfter(board, "The GenCAD file has no $COMPONENTS.");
  for (const line of joinPieces(outline)) if (!addOutlineCut(board, line)) break;
  for (const c of components) placeComponent(board, c, shapes.get(c.shape) ?? [], drilled, nodes);
  for (const point of testPoints) board.addTestPoint(point);
  return board.finish("gencad", unit);
}

/** The component's lines. A PLACE no board has (1e308) is said where it stands, and the component skipped. */
function readComponentLine(state: ReadState, c: Component, keyword: string | undefined, f: string[]): void {
  if (keyword === "PLACE") {
    c.x = positionOf(f[1], state);
    c.y = positionOf(f[2], state);
  } else if (keyword === "LAYER") c.side = layerSide(f[1]);
  else if (keyword === "ROTATION") c.rotation = numberOf(f[1]) ?? 0;
  else if (keyword === "SHEET") c.value = /Value:\s*(.*)$/.exec(f[1] ?? "")?.[1]?.trim() || undefined;
  else if (keyword === "SHAPE" && f[1]) {
    c.shape = f[1];
    const mirror = (f[2] ?? "").toUpperCase();
    c.mirrorX = mirror === "MIRRORX";
    c.mirrorY = mirror === "MIRRORY";
    c.flip = (f[3] ?? "").toUpperCase() === "FLIP";
  }
}

/** $BOARD: LINE x1 y1 x2 y2, ARC x1 y1 x2 y2 cx cy (counter-clockwise), CIRCLE cx cy r, RECTANGLE x y w h. */
function readBoardLine(state: ReadState, keyword: string | undefined, f: string[], outline: Point[][]): void {
  const n = f.slice(1, 7).map((t) => positionOf(t, state));
  const point = (i: number): Point | undefined => (n[i] !== undefined && n[i + 1] !== undefined ? { x: n[i]!, y: n[i + 1]! } : undefined);
  const [a, b, c] = [point(0), point(2), point(4)];
  if (keyword === "LINE" && a && b) outline.push([a, b]);
  else if (keyword === "ARC" && a && b && c) outline.push(arcPoints(a, b, c));
  else if (keyword === "CIRCLE" && a && n[2] !== undefined && n[2] > 0) outline.push(circlePoints(a, n[2]));
  else if (keyword === "RECTANGLE" && a && b)
    outline.push([a, { x: a.x + b.x, y: a.y }, { x: a.x + b.x, y: a.y + b.y }, { x: a.x, y: a.y + b.y }, a]);
}

function placeComponent(board: BoardBuilder, c: Component, pins: ShapePin[], drilled: Set<string>, nodes: Map<string, string>): void {
  if (c.x === undefined || c.y === undefined) {
    noteReason(board, `components without a readable PLACE were skipped`, `component ${c.name}`);
    return;
  }
  const side = c.side ?? (c.flip ? "bottom" : "top");
  const mounting = pins.some((p) => drilled.has(p.pad)) ? "through_hole" : "smd";
  const part = board.addPart(c.name, side, mounting, { x: c.x, y: c.y }, { value: c.value });
  if (!part) return;
  const angle = (c.rotation * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (const pin of pins) {
    const ox = c.mirrorX ? -pin.x : pin.x;
    const oy = c.mirrorY ? -pin.y : pin.y;
    const net = nodes.get(`${c.name}\u0000${pin.name}`) ?? "";
    // A shape pin's name is the pin's number ("none" where the pad has none, as KiCad writes it).
    const number = pin.name === "none" ? undefined : nameOf(pin.name);
    if (!board.addPin(part, { x: c.x + ox * cos - oy * sin, y: c.y + ox * sin + oy * cos, net, number })) return;
  }
}

export const GENCAD: BoardviewFormat = {
  order: 40,
  catalogue: [
    {
      format: "gencad",
      extensions: ["cad"],
      name: "GenCAD",
      variants: ["GenCAD 1.4 text"],
      reads: [
        "parts with place, side, mounting and value (SHEET, as KiCad writes it)",
        "pins with net and number",
        "test points",
        "unit from the UNITS header",
      ],
      unit: "unknown",
    },
  ],
  looksLike: looksLikeGenCad,
  read: parseGenCad,
};
