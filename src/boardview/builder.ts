// Collects what a parser reads, enforcing the caps (BOARDVIEW_CAPS) in one place: past a cap nothing more is
// added and `stopped` says which cap was reached; the parts read so far are kept. A position no board has (NaN,
// Infinity, beyond ±BOARDVIEW_CAPS.coordinate) is refused here too, whatever reader produced it.
import { inRange, noteReason, type ReadState, SKIPPED_POSITION } from "./lines";
import {
  BOARDVIEW_CAPS,
  type Board,
  type BoardFormat,
  type BoardPart,
  type BoardPin,
  type BoardSide,
  type BoardUnit,
  type Box,
  type Mounting,
  type NetReading,
  type Point,
  type TestPoint,
} from "./types";

const round = (v: number) => Math.round(v * 1e6) / 1e6;
const placed = (...values: number[]) => values.every(inRange);
const cut = (text: string | undefined) => (text ? text.slice(0, BOARDVIEW_CAPS.valueChars) : undefined);

export interface PartExtras {
  value?: string;
  box?: Box;
}

export class BoardBuilder implements ReadState {
  readonly parts: BoardPart[] = [];
  readonly testPoints: TestPoint[] = [];
  readonly outline: Point[][] = [];
  readonly readings: NetReading[] = [];
  stopped: string | null = null;
  line?: number;
  offset?: number;
  lastLine?: number;
  stoppedEarly?: boolean;
  private pins = 0;
  private outlinePoints = 0;
  /** Parts whose position is the centre of their pins (formats that place only pins). */
  private readonly centred = new Set<BoardPart>();

  /** Says a cap was reached (the reason names its bound); false, for a reader's loop. */
  stop(reason: string): false {
    noteReason(this, reason, "");
    return false;
  }

  /** Adds a part; undefined at the parts cap. Without x and y it sits at the centre of its pins. */
  addPart(name: string, side: BoardSide, mounting: Mounting, at?: { x: number; y: number }, extras?: PartExtras): BoardPart | undefined {
    if (this.parts.length >= BOARDVIEW_CAPS.parts) {
      this.stop(`only the first ${BOARDVIEW_CAPS.parts} parts are kept`);
      return undefined;
    }
    // An out-of-range placement is dropped: the part then sits at the centre of its pins.
    const position = at && !placed(at.x, at.y) ? this.skip(undefined) : at;
    const part: BoardPart = { name, side, mounting, x: round(position?.x ?? 0), y: round(position?.y ?? 0), pins: [] };
    const value = cut(extras?.value);
    if (value) part.value = value;
    if (extras?.box && !placed(extras.box.x1, extras.box.y1, extras.box.x2, extras.box.y2)) this.skip(undefined);
    else if (extras?.box) {
      const { x1, y1, x2, y2 } = extras.box;
      part.box = { x1: round(Math.min(x1, x2)), y1: round(Math.min(y1, y2)), x2: round(Math.max(x1, x2)), y2: round(Math.max(y1, y2)) };
    }
    if (!position) this.centred.add(part);
    this.parts.push(part);
    return part;
  }

  /** Notes a refused position where it stands (reading goes on) and returns `value`. */
  private skip<T>(value: T): T {
    noteReason(this, SKIPPED_POSITION);
    return value;
  }

  /** Adds a pin; false at the pins cap (an out-of-range pin is skipped: true). */
  addPin(part: BoardPart, pin: BoardPin): boolean {
    if (this.pins >= BOARDVIEW_CAPS.pins) return this.stop(`only the first ${BOARDVIEW_CAPS.pins} pins are kept`);
    if (!placed(pin.x, pin.y)) return this.skip(true);
    const kept: BoardPin = { x: round(pin.x), y: round(pin.y), net: pin.net };
    const number = cut(pin.number);
    const name = cut(pin.name);
    if (number) kept.number = number;
    if (name) kept.name = name;
    if (pin.radius !== undefined && !placed(pin.radius)) this.skip(undefined);
    else if (pin.radius !== undefined && pin.radius > 0) kept.radius = round(pin.radius);
    part.pins.push(kept);
    this.pins++;
    return true;
  }

  addTestPoint(point: TestPoint): boolean {
    if (this.testPoints.length >= BOARDVIEW_CAPS.testPoints) return this.stop(`only the first ${BOARDVIEW_CAPS.testPoints} test points are kept`);
    if (!placed(point.x, point.y)) return this.skip(true);
    this.testPoints.push({ ...point, x: round(point.x), y: round(point.y) });
    return true;
  }

  /** Adds one polyline of the outline (at least two points); false at the outline cap. */
  addOutline(points: readonly Point[]): boolean {
    if (points.length < 2) return true;
    if (!points.every((p) => placed(p.x, p.y))) return this.skip(true);
    if (this.outlinePoints + points.length > BOARDVIEW_CAPS.outlinePoints)
      return this.stop(`only the first ${BOARDVIEW_CAPS.outlinePoints} outline points are kept`);
    this.outline.push(points.map((p) => ({ x: round(p.x), y: round(p.y) })));
    this.outlinePoints += points.length;
    return true;
  }

  /** A known-good reading the file carries for a net (kept up to the test points cap). */
  addReading(reading: NetReading): boolean {
    if (this.readings.length >= BOARDVIEW_CAPS.testPoints) return false;
    this.readings.push({ ...reading, value: reading.value.slice(0, BOARDVIEW_CAPS.valueChars) });
    return true;
  }

  finish(format: BoardFormat, unit: BoardUnit = "unknown"): Board {
    for (const part of this.centred) {
      if (!part.pins.length) continue;
      part.x = round(part.pins.reduce((s, p) => s + p.x, 0) / part.pins.length);
      part.y = round(part.pins.reduce((s, p) => s + p.y, 0) / part.pins.length);
    }
    return {
      kind: "board",
      format,
      unit,
      parts: this.parts,
      testPoints: this.testPoints,
      outline: this.outline,
      readings: this.readings,
      stopped: this.stopped,
    };
  }
}
