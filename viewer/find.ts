// What a name typed in the find box, or given by a deep link, selects: exact names first, then a pin entry (U1.1,
// U1-1, U1 1, U1:1, U1 pin 1), then one folded spelling (src/boardview/name-match.ts, the service's one rule);
// several folded matches are listed, none is said. Pure: the board's names in, a selection out.
import { buildNameIndex, completesName, foldName, type NameIndex, type NameMatch, resolveName } from "../src/boardview/name-match";
import { type PanelPin, pinIndex, pinLabel } from "../src/site/pages/boardview-panel";
import type { Board } from "./layout";

export type Found =
  | { kind: "part"; part: number }
  | { kind: "net"; net: number }
  | { kind: "pin"; pin: number }
  | { kind: "ambiguous"; name: string; candidates: { kind: "part" | "net"; name: string }[] }
  | { kind: "missing"; what: "part" | "net" | "pin" | "name"; name: string; part?: string };

export interface Names {
  parts: NameIndex;
  nets: NameIndex;
  /** A name's index in the layout (its first part or net of that exact name). */
  part: Map<string, number>;
  net: Map<string, number>;
}

const firstIndex = (names: readonly string[]) => {
  const map = new Map<string, number>();
  for (const [i, name] of names.entries()) if (!map.has(name)) map.set(name, i);
  return map;
};

export function namesOf(board: Board): Names {
  const partNames = board.answer.parts.map((p) => p.name);
  return {
    parts: buildNameIndex(partNames),
    nets: buildNameIndex(board.answer.nets),
    part: firstIndex(partNames),
    net: firstIndex(board.answer.nets),
  };
}

/** Pin entries: the part, then `.`, `:`, `-`, `#`, spaces or the word "pin", then the pin's number (1, A3, EP). */
const PIN_ENTRY = /^(.+?)(?:\s*[.:#]\s*|\s+pin\s*|\s+|-)([A-Za-z0-9]{1,8})$/i;

/** Entries longer than a name can be (the service's cap) are read no further: bounded work per keystroke. */
export const ENTRY_MAX = 200;

export function parsePinEntry(text: string): { part: string; pin: string } | null {
  const m = PIN_ENTRY.exec(text.trim().slice(0, ENTRY_MAX));
  return m ? { part: m[1], pin: m[2] } : null;
}

/** A part's pins as the panel lists them (number, name, net). */
export function pinsOf(board: Board, p: number): PanelPin[] {
  const { number, name } = board.answer.pins;
  const pins: PanelPin[] = [];
  for (let i = board.partStart[p]; i < board.partStart[p + 1]; i++) {
    const net = board.pinNet[i];
    pins.push({ number: number?.[i] || undefined, name: name?.[i] || undefined, net: net >= 0 ? board.answer.nets[net] : "" });
  }
  return pins;
}

/** The layout index of a part's pin that `wanted` names (as the panel labels pins), or -1. */
export function pinOfPart(board: Board, p: number, wanted: string): number {
  const k = pinIndex(pinsOf(board, p), wanted);
  return k < 0 ? -1 : board.partStart[p] + k;
}

/** A pin's label in the panel (its number, else its place in the part). */
export const pinName = (board: Board, i: number): string => pinLabel(pinsOf(board, board.pinPart[i]), i - board.partStart[board.pinPart[i]]);

function matched(kind: "part" | "net", m: NameMatch): { kind: "part" | "net"; name: string }[] {
  if (m.kind === "exact" || m.kind === "folded") return [{ kind, name: m.name }];
  return m.kind === "ambiguous" ? m.candidates.map((name) => ({ kind, name })) : [];
}

const chosen = (names: Names, c: { kind: "part" | "net"; name: string }): Found =>
  c.kind === "part" ? { kind: "part", part: names.part.get(c.name)! } : { kind: "net", net: names.net.get(c.name)! };

/** A part by a deep link's or entry's name: exact, else its one folded spelling. */
function partNamed(names: Names, text: string): number | undefined {
  const m = resolveName(text, names.parts);
  return m.kind === "exact" || m.kind === "folded" ? names.part.get(m.name) : undefined;
}

/** What the find box's text selects. */
export function find(board: Board, names: Names, text: string): Found {
  const name = text.trim().slice(0, ENTRY_MAX);
  if (names.parts.exact.has(name)) return { kind: "part", part: names.part.get(name)! };
  if (names.nets.exact.has(name)) return { kind: "net", net: names.net.get(name)! };
  const entry = parsePinEntry(name);
  const entryPart = entry ? partNamed(names, entry.part) : undefined;
  if (entry && entryPart !== undefined) {
    const pin = pinOfPart(board, entryPart, entry.pin);
    if (pin >= 0) return { kind: "pin", pin };
  }
  const candidates = [...matched("part", resolveName(name, names.parts)), ...matched("net", resolveName(name, names.nets))];
  if (candidates.length === 1) return chosen(names, candidates[0]);
  if (candidates.length > 1) return { kind: "ambiguous", name, candidates };
  if (entry && entryPart !== undefined) return { kind: "missing", what: "pin", name: entry.pin, part: board.answer.parts[entryPart].name };
  return { kind: "missing", what: "name", name };
}

/** What a deep link (?part=, ?pin=, ?net=, ?find=) selects; a name the board does not hold is said, named. */
export function findLink(
  board: Board,
  names: Names,
  q: { part?: string | null; net?: string | null; pin?: string | null; find?: string | null },
): Found | null {
  if (q.part) {
    const m = resolveName(q.part, names.parts);
    if (m.kind === "ambiguous") return { kind: "ambiguous", name: q.part, candidates: matched("part", m) };
    if (m.kind === "none") return { kind: "missing", what: "part", name: q.part };
    const p = names.part.get(m.name)!;
    if (!q.pin) return { kind: "part", part: p };
    const pin = pinOfPart(board, p, q.pin);
    return pin >= 0 ? { kind: "pin", pin } : { kind: "missing", what: "pin", name: q.pin, part: m.name };
  }
  if (q.net) {
    const m = resolveName(q.net, names.nets);
    if (m.kind === "ambiguous") return { kind: "ambiguous", name: q.net, candidates: matched("net", m) };
    return m.kind === "none" ? { kind: "missing", what: "net", name: q.net } : { kind: "net", net: names.net.get(m.name)! };
  }
  return q.find ? find(board, names, q.find) : null;
}

/**
 * Completions: a part's pins once the entry names the part and a separator (U7.), else the names the entry begins
 * by the service's rule (completesName: signs kept, so USB_D+ never offers USB_D-), parts first, at most `limit`.
 */
export function completions(board: Board, names: Names, entered: string, limit = 50): string[] {
  const text = entered.slice(0, ENTRY_MAX);
  const entry = parsePinEntry(`${text.trim()}0`);
  const p = entry && /[.:#]$/.test(text.trim()) ? partNamed(names, entry.part) : undefined;
  if (p !== undefined) {
    const pins = pinsOf(board, p);
    return pins.slice(0, limit).map((_, i) => `${board.answer.parts[p].name}.${pinLabel(pins, i)}`);
  }
  // The folded spellings a completion can begin with (a trailing `-` may join what follows), then the rule itself.
  const key = foldName(text).replace(/-+$/, "");
  if (!key) return [];
  const out: string[] = [];
  for (const index of [names.parts, names.nets]) {
    for (const [folded, list] of index.folded) {
      if (!folded.startsWith(key)) continue;
      for (const name of list) if (out.length < limit && completesName(text, name)) out.push(name);
      if (out.length >= limit) return out;
    }
  }
  return out;
}
