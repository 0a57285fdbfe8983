// Collects what a parser reads, enforcing the caps (BOARDVIEW_CAPS) in one place: past a cap nothing more is
// added and `stopped` says which cap was reached; the parts read so far are kept.
import type { ReadState } from "./lines";
import { BOARDVIEW_CAPS, type Board, type BoardFormat, type BoardPart, type BoardPin, type BoardSide, type Mounting, type TestPoint } from "./types";

const round = (v: number) => Math.round(v * 1e6) / 1e6;

export class BoardBuilder implements ReadState {
  readonly parts: BoardPart[] = [];
  readonly testPoints: TestPoint[] = [];
  stopped: string | null = null;
  private pins = 0;
  /** Parts whose position is the centre of their pins (formats that place only pins). */
  private readonly centred = new Set<BoardPart>();

  private stop(reason: string): false {
    this.stopped ??= reason;
    return false;
  }

  /** Adds a part; undefined at the parts cap. Without x and y it sits at the centre of its pins. */
  addPart(name: string, side: BoardSide, mounting: Mounting, at?: { x: number; y: number }): BoardPart | undefined {
    if (this.parts.length >= BOARDVIEW_CAPS.parts) {
      this.stop(`only the first ${BOARDVIEW_CAPS.parts} parts are kept`);
      return undefined;
    }
    const part: BoardPart = { name, side, mounting, x: round(at?.x ?? 0), y: round(at?.y ?? 0), pins: [] };
    if (!at) this.centred.add(part);
    this.parts.push(part);
    return part;
  }

  addPin(part: BoardPart, pin: BoardPin): boolean {
    if (this.pins >= BOARDVIEW_CAPS.pins) return this.stop(`only the first ${BOARDVIEW_CAPS.pins} pins are kept`);
    part.pins.push({ x: round(pin.x), y: round(pin.y), net: pin.net });
    this.pins++;
    return true;
  }

  addTestPoint(point: TestPoint): boolean {
    if (this.testPoints.length >= BOARDVIEW_CAPS.testPoints) return this.stop(`only the first ${BOARDVIEW_CAPS.testPoints} test points are kept`);
    this.testPoints.push({ ...point, x: round(point.x), y: round(point.y) });
    return true;
  }

  finish(format: BoardFormat): Board {
    for (const part of this.centred) {
      if (!part.pins.length) continue;
      part.x = round(part.pins.reduce((s, p) => s + p.x, 0) / part.pins.length);
      part.y = round(part.pins.reduce((s, p) => s + p.y, 0) / part.pins.length);
    }
    return { kind: "board", format, parts: this.parts, testPoints: this.testPoints, stopped: this.stopped };
  }
}
