// The one rule for finding a boardview part or net by a name a user typed or linked: the exact name first;
// folded spelling (case, spaces, `_`, `.`, a `-` joining two letters or digits) only when no name is exact and the
// folded spelling names one name of the board. Signs (`+`, `-` not joining two letters or digits), `/`, `#`
// and `~` are never folded away: `Vin+` and `Vin-`, `+5V` and `-5V`, `/D1` and `D1` stay apart. Pure code, no
// imports: the server and the browser viewer bundle the same file (docs/boardviews.md, "Names").

/** What a query names on a board. */
export type NameMatch =
  | { kind: "exact"; name: string }
  | { kind: "folded"; name: string }
  /** The folded spelling names several names (none exact): the caller says so and lists them. */
  | { kind: "ambiguous"; candidates: string[] }
  | { kind: "none" };

/** A board's names, ready for resolveName: the exact names, and every folded spelling with the names it folds from. */
export interface NameIndex {
  exact: ReadonlySet<string>;
  folded: ReadonlyMap<string, readonly string[]>;
}

/** Letters and digits: a `-` between two of them is a separator (`PP3V3-S5`, `U12-Vin`), elsewhere a sign. */
const JOINED_HYPHEN = /(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu;
/** Separators folded away: white space, `_`, `.`, and characters that name nothing (controls, zero-width). */
const SEPARATORS = /[\s_.\p{Cc}\p{Cf}]+/gu;

/** One character in upper case, kept as written when upper case would change its length or make it ASCII (ß, ı). */
function upperChar(c: string): string {
  if (c >= "a" && c <= "z") return c.toUpperCase();
  if (c.charCodeAt(0) < 128) return c;
  const upper = c.toUpperCase();
  return upper.length === c.length && upper.charCodeAt(0) >= 128 ? upper : c;
}

/**
 * A name's folded spelling: `ppbus_g3h`, `PPBUS G3H`, `PPBUS-G3H` and `ppbus.g3h` → `PPBUSG3H`; `Net-(U12-Vin+)` →
 * `NET-(U12VIN+)`; `USB_D-` → `USBD-`; `+5V` → `+5V`. Hyphens are judged in the written name, before separators go.
 */
export function foldName(name: string): string {
  const text = name.normalize("NFKC").replace(JOINED_HYPHEN, "").replace(SEPARATORS, "");
  let out = "";
  for (const c of text) out += upperChar(c);
  return out;
}

/** The index of a board's names (each name once; the order of first appearance is kept for candidates). */
export function buildNameIndex(names: Iterable<string>): NameIndex {
  const exact = new Set<string>();
  const folded = new Map<string, string[]>();
  for (const name of names) {
    if (!name || exact.has(name)) continue;
    exact.add(name);
    const key = foldName(name);
    if (!key) continue;
    const list = folded.get(key);
    if (list) list.push(name);
    else folded.set(key, [name]);
  }
  return { exact, folded };
}

/** What `query` names among the indexed names (the rule above). An empty query names nothing. */
export function resolveName(query: string, index: NameIndex): NameMatch {
  if (!query) return { kind: "none" };
  if (index.exact.has(query)) return { kind: "exact", name: query };
  const trimmed = query.trim();
  if (trimmed && index.exact.has(trimmed)) return { kind: "exact", name: trimmed };
  const key = foldName(query);
  const names = key ? index.folded.get(key) : undefined;
  if (!names?.length) return { kind: "none" };
  return names.length === 1 ? { kind: "folded", name: names[0] } : { kind: "ambiguous", candidates: [...names] };
}

/** resolveName against a list of names (a small candidate set, such as rows a database prefiltered). */
export function resolveAmong(query: string, names: Iterable<string>): NameMatch {
  return resolveName(query, buildNameIndex(names));
}

/**
 * Whether `name` begins with what `prefix` spells under the same folding (completions): `pp3v3-` and `pp3v3 s`
 * begin `PP3V3-S5`; `vin-` begins `Vin-` but not `Vin+`; an empty prefix begins every name.
 */
export function completesName(prefix: string, name: string): boolean {
  const wanted = foldName(prefix);
  if (!wanted) return true;
  for (let end = 1; end <= name.length; end++) {
    const head = foldName(name.slice(0, end));
    if (head === wanted) return true;
    if (head.length > wanted.length + 1) return false;
  }
  return false;
}
