// The nets of a board: every pin and test point grouped by net name, with the parts the net touches; and the
// board's counts (the summary a document carries). Names are found by the one name rule (name-match.ts); rows are
// keyed by a coarser form that every spelling the rule accepts shares.
import { normalizeBoardNumber } from "../core/urls";
import type { BoardviewSummary } from "../schemas/boardviews";
import type { Board, BoardSide } from "../boardview-formats/types";

export interface NetPin {
  part: string;
  x: number;
  y: number;
  side: BoardSide;
}

export interface Net {
  name: string;
  pins: NetPin[];
  parts: string[];
  testPoints: { name: string; x: number; y: number; side: BoardSide }[];
}

/**
 * The key a part or net row is stored and prefiltered by (letters and digits only, upper case): coarser than the
 * name rule's folded spelling, so every name the rule may answer for a query shares the query's key ("Vin+" and
 * "Vin-" share VIN); the rule (resolveName) then decides among those candidates. Never the answer by itself.
 */
export const coarseNameKey = normalizeBoardNumber;

export function netsOf(board: Board): Net[] {
  const nets = new Map<string, Net & { partSet: Set<string> }>();
  const netFor = (name: string) => {
    let net = nets.get(name);
    if (!net) {
      net = { name, pins: [], parts: [], testPoints: [], partSet: new Set() };
      nets.set(name, net);
    }
    return net;
  };
  for (const part of board.parts) {
    for (const pin of part.pins) {
      if (!pin.net) continue;
      const net = netFor(pin.net);
      net.pins.push({ part: part.name, x: pin.x, y: pin.y, side: part.side });
      if (!net.partSet.has(part.name)) {
        net.partSet.add(part.name);
        net.parts.push(part.name);
      }
    }
  }
  for (const point of board.testPoints) {
    if (point.net) netFor(point.net).testPoints.push({ name: point.name, x: point.x, y: point.y, side: point.side });
  }
  return [...nets.values()].map(({ partSet: _, ...net }) => net);
}

export type BoardSummary = BoardviewSummary;

export function summaryOf(board: Board, nets: readonly Net[]): BoardSummary {
  return {
    format: board.format,
    unit: board.unit,
    parts: board.parts.length,
    pins: board.parts.reduce((n, p) => n + p.pins.length, 0),
    nets: nets.length,
    test_points: board.testPoints.length,
    reason: board.stopped,
  };
}

/** A summary as stored on the document row (JSON), or null. */
export function parseSummary(text: string | null): BoardSummary | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as BoardSummary;
  } catch {
    return null;
  }
}

export function unreadableSummary(reason: string): BoardSummary {
  return { format: null, parts: 0, pins: 0, nets: 0, test_points: 0, reason };
}

/** Characters per page of names: well under what search reads of a page for its highlight (20,000). */
const NAMES_PAGE_CHARS = 15_000;

/**
 * A part value worth finding a board by: at least three characters holding a letter and a digit ("10uF", "2k2",
 * "TPS51125"); "0", "NC", "DNP" and bare numbers are left out as noise.
 */
export function isSearchableValue(value: string | undefined): value is string {
  return !!value && value.length >= 3 && /\p{L}/u.test(value) && /\d/.test(value);
}

/**
 * The board's part and net names, then its distinct searchable part values, as page text, so page-text search
 * finds a board by a designator, a net or a value.
 */
export function namePages(board: Board, nets: readonly Net[]): string[] {
  const pages: string[] = [];
  let page = "";
  const seen = new Set<string>();
  const values = board.parts.map((p) => p.value).filter(isSearchableValue);
  for (const name of [...board.parts.map((p) => p.name), ...nets.map((n) => n.name), ...board.testPoints.map((t) => t.name), ...values]) {
    if (!name || seen.has(name) || /^\d+$/.test(name)) continue;
    seen.add(name);
    if (page.length + name.length + 1 > NAMES_PAGE_CHARS) {
      pages.push(page);
      page = "";
    }
    page = page ? `${page} ${name}` : name;
  }
  if (page) pages.push(page);
  return pages;
}
