// Collects what a parser reads, enforcing the caps (BOARDVIEW_CAPS) in one place: past a cap nothing more is
// added and `stopped` says which cap was reached; the parts read so far are kept. A position no board has (NaN,
// Infinity, beyond ±BOARDVIEW_CAPS.coordinate) is refused here too, whatever reader produced it.
import { inRange, noteReason, type ReadState, SKIPPED_POSITION, unreadableAfter } from "./lines";
import {
  BOARDVIEW_CAPS,
  type Board,
  type BoardFormat,
  type BoardPart,
  type BoardPin,
  type BoardSide,
  type BoardUnit,
  type Unreadable,
  type Box,
  type Mounting,
  type NetReading,
  type Point,
  type TestPoint,
} from "./types";

const round = (v: number) => Math.round(v * 1e6) / 1e6;
const placed = (...values: number[]) => values.every(inRange);
const cut = (text: string | undefined) => (text ? text.slice(0, BOARDVIEW_CAPS.valueChars) : undefined);

/** What each counted cap bounds, as its reason names it. */
const CAP_LABELS = { parts: "parts", pins: "pins", testPoints: "test points", outlinePoints: "outline points" } as const;
export type CountedCap = keyof typeof CAP_LABELS;
/** The caps' reasons, made once (a reader past a cap says one for every record it refuses). */
const CAP_REASONS = Object.fromEntries(
  Object.entries(CAP_LABELS).map(([cap, label]) => [cap, `only the first ${BOARDVIEW_CAPS[cap as CountedCap]} ${label} are kept`]),
) as Record<CountedCap, string>;

/** The reason reading stopped at a cap, written once for every reader. */
export const capReason = (cap: CountedCap): string => CAP_REASONS[cap];

/** Whether a lookup a reader builds (nets by id, values by part) may take one more entry, bounded by a cap. */
export const underCap = (cap: CountedCap, size: number): boolean => size < BOARDVIEW_CAPS[cap];

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
  private readonly held = { parts: 0, pins: 0 };
  /** Parts whose position is the centre of their pins (formats that place only pins). */
  private readonly centred = new Set<BoardPart>();

  /** Says a cap was reached (the reason names its bound); false, for a reader's loop. */
  stop(reason: string): false {
    noteReason(this, reason, "");
    return false;
  }

  /** Adds a part; undefined at the parts cap. Without x and y it sits at the centre of its pins. */
  addPart(name: string, side: BoardSide, mounting: Mounting, at?: { x: number; y: number }, extras?: PartExtras): BoardPart | undefined {
    if (!underCap("parts", this.parts.length)) {
      this.stop(capReason("parts"));
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

  /**
   * Holds a record a reader keeps until its part is known (pins read before their parts): pushed to `pending`,
   * or false with the reason once as many are held, in all lists together, as the cap of what they become.
   */
  hold<T>(pending: T[], record: T, cap: "parts" | "pins"): boolean {
    if (!underCap(cap, this.held[cap])) return this.stop(capReason(cap));
    pending.push(record);
    this.held[cap]++;
    return true;
  }

  /** Notes a refused position where it stands (reading goes on) and returns `value`. */
  private skip<T>(value: T): T {
    noteReason(this, SKIPPED_POSITION);
    return value;
  }

  /** Adds a pin; false at the pins cap (an out-of-range pin is skipped: true). */
  addPin(part: BoardPart, pin: BoardPin): boolean {
    if (!underCap("pins", this.pins)) return this.stop(capReason("pins"));
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
    if (!underCap("testPoints", this.testPoints.length)) return this.stop(capReason("testPoints"));
    if (!placed(point.x, point.y)) return this.skip(true);
    this.testPoints.push({ ...point, x: round(point.x), y: round(point.y) });
    return true;
  }

  /** Adds one polyline of the outline (at least two points); false at the outline cap. */
  addOutline(points: readonly Point[]): boolean {
    if (points.length < 2) return true;
    if (!points.every((p) => placed(p.x, p.y))) return this.skip(true);
    if (!underCap("outlinePoints", this.outlinePoints + points.length - 1)) return this.stop(capReason("outlinePoints"));
    this.outline.push(points.map((p) => ({ x: round(p.x), y: round(p.y) })));
    this.outlinePoints += points.length;
    return true;
  }

  /** A known-good reading the file carries for a net (kept up to the test points cap). */
  addReading(reading: NetReading): boolean {
    if (!underCap("testPoints", this.readings.length)) return false;
    this.readings.push({ ...reading, value: reading.value.slice(0, BOARDVIEW_CAPS.valueChars) });
    return true;
  }

  /** The board, or the reason when no part was read: `file` names the file ("The .xyz file"). */
  finishParts(format: BoardFormat, unit: BoardUnit, file: string): Board | Unreadable {
    return this.parts.length ? this.finish(format, unit) : unreadableAfter(this, `${file} lists no parts.`);
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
