// The normalised spellings one slip away from a board number typed wrong (`820-0165`, `82000l65`,
// `LA-K35P`): look-alike characters (l/I and 1, O and 0, S and 5, B and 8), a digit missing, a character
// extra, two neighbours swapped (a lost dash changes nothing: norms have none). Each key carries its cost, so the lookup is a bounded set of index
// probes on the boards' and aliases' unique norms, never a scan.

/** Shortest and longest norm treated as a board number (the demo's and real boards are 6–15 characters). */
export const MIN_BOARD_NORM = 5;
export const MAX_BOARD_NORM = 20;
/** The most keys one typed number is looked up by (one index probe each, on boards and on aliases: a row read each). */
export const MAX_NEAR_KEYS = 240;

const LOOK_ALIKES: Record<string, string> = { L: "1", I: "1", O: "0", S: "5", B: "8", "1": "L", "0": "O", "5": "S", "8": "B" };
const DIGITS = "0123456789";
/** A look-alike swap is likelier than any other slip: it ranks first. */
const LOOK_ALIKE_COST = 0.5;
const EDIT_COST = 1;

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** A norm (upper case letters and digits) that may be a board number: long enough, with a digit. */
export function looksLikeBoardNumber(norm: string): boolean {
  return norm.length >= MIN_BOARD_NORM && norm.length <= MAX_BOARD_NORM && /[0-9]/.test(norm) && /^[A-Z0-9]+$/.test(norm);
}

/** Letters that stand between or beside digits read as the digits they look like (`82000L65` → `82000165`). */
function digitsForLookAlikes(norm: string): string {
  const chars = [...norm];
  // A run of look-alikes (`82OOO165`) turns from its edges in: at most one pass per character.
  for (let changed = true, pass = 0; changed && pass < chars.length; pass++) {
    changed = false;
    for (const [i, c] of chars.entries()) {
      const digit = LOOK_ALIKES[c];
      if (!digit || !isDigit(digit) || !(isDigit(chars[i - 1]) || isDigit(chars[i + 1]))) continue;
      chars[i] = digit;
      changed = true;
    }
  }
  return chars.join("");
}

/** Keys one edit from `base`: a character deleted, a digit inserted, two neighbours swapped (a wrong digit is left
 * out: nine probes per digit, and a board one digit off is as likely another real board as the one meant). */
function oneEdit(base: string, cost: number, add: (key: string, cost: number) => void): void {
  for (let i = 0; i < base.length; i++) add(base.slice(0, i) + base.slice(i + 1), cost);
  for (let i = 0; i <= base.length; i++) for (const d of DIGITS) add(base.slice(0, i) + d + base.slice(i), cost);
  for (let i = 0; i + 1 < base.length; i++) if (base[i] !== base[i + 1]) add(base.slice(0, i) + base[i + 1] + base[i] + base.slice(i + 2), cost);
}

/** The keys near `norm` with their cost (lower is likelier), at most MAX_NEAR_KEYS, `norm` itself left out. */
export function nearKeys(norm: string): Map<string, number> {
  const keys = new Map<string, number>();
  if (!looksLikeBoardNumber(norm)) return keys;
  const add = (key: string, cost: number) => {
    if (key.length < MIN_BOARD_NORM - 1 || key === norm) return;
    const known = keys.get(key);
    if (known === undefined || cost < known) keys.set(key, cost);
  };
  // Look-alikes: one or two characters read as the other.
  const swaps = [...norm].flatMap((c, i) => (LOOK_ALIKES[c] ? [i] : []));
  const swapped = (s: string, i: number) => s.slice(0, i) + LOOK_ALIKES[s[i]] + s.slice(i + 1);
  for (const [n, i] of swaps.entries()) {
    const once = swapped(norm, i);
    add(once, LOOK_ALIKE_COST);
    for (const j of swaps.slice(n + 1)) add(swapped(once, j), 2 * LOOK_ALIKE_COST);
  }
  oneEdit(norm, EDIT_COST, add);
  const digits = digitsForLookAlikes(norm);
  if (digits !== norm) {
    add(digits, LOOK_ALIKE_COST);
    oneEdit(digits, EDIT_COST + LOOK_ALIKE_COST, add);
  }
  return new Map([...keys].sort((a, b) => a[1] - b[1]).slice(0, MAX_NEAR_KEYS));
}
