// What technicians write about a point of a board, in one spelling: the point (a net or a designator) and the
// values they read on it. Pure functions; the importer stores their results beside what was written
// (case_measurements.point_norm, expected_norm, measured_norm) and triggers gather them per board
// (migrations/0020_board_knowledge.sql), so `12.6 V`, `12.60V`, `12,6 V` and `12.6V` count as one value.

/** The longest point name compared: nets and designators are short; anything longer matches nothing. */
export const MAX_POINT_SPELLING = 100;

/**
 * A point in the form every spelling is matched by: upper case, without spaces, `_`, `-`, dots and a leading
 * `+` (`ppbus_g3h`, `PPBUS-G3H`, `PPBUS G3H` → `PPBUSG3H`; `+3V3_S5` → `3V3S5`). The SQL twin is in the
 * migration's backfill.
 */
export function normalizePoint(text: string): string {
  return (
    text
      .normalize("NFKC")
      .trim()
      .replace(/^\++/, "")
      // Control and format characters name no point (a NUL would reach the text search).
      .replace(/[\s._\-\p{C}]+/gu, "")
      .toUpperCase()
  );
}

/** The words a point is written with in text (`PPBUS_G3H` → ppbus, g3h): what full-text search matches. */
export function pointWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Unit spellings → the one each is shown as. Keys are lower case, without spaces. */
const UNITS: Record<string, string> = {
  v: "V",
  volt: "V",
  volts: "V",
  mv: "mV",
  a: "A",
  amp: "A",
  amps: "A",
  ma: "mA",
  ω: "Ω",
  ohm: "Ω",
  ohms: "Ω",
  r: "Ω",
  k: "kΩ",
  kω: "kΩ",
  kohm: "kΩ",
  kohms: "kΩ",
  kr: "kΩ",
};

const NUMBER = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/** A decimal written with a dot or a comma, without insignificant zeros (`012,60` → `12.6`); undefined if not one. */
function canonicalNumber(text: string): string | undefined {
  const m = NUMBER.exec(text);
  if (!m) return undefined;
  const [, sign, whole, fraction = ""] = m;
  if (!whole && !fraction) return undefined;
  const int = whole.replace(/^0+(?=\d)/, "") || "0";
  const frac = fraction.replace(/0+$/, "");
  const value = frac ? `${int}.${frac}` : int;
  return sign === "-" && /[1-9]/.test(value) ? `-${value}` : value;
}

/**
 * A reading in one spelling: a number with a unit of V, mV, A, mA, ohm or kohm in any usual spelling
 * (`12,60V`, `12.6 v`, `4.7k`, `10 kOhms`, `2.2 Ω`) becomes `12.6 V`, `4.7 kΩ`, `2.2 Ω`. A number without a unit
 * (a diode-mode reading) and anything else (`OL`, `short`, `~0.4 V`) are kept as written, without outer spaces.
 */
export function normalizeValue(text: string): string {
  const written = text.normalize("NFKC").trim().replace(/\s+/g, " ");
  const m = /^([+-]?[\d.,]+)\s*([^\d\s.,+-][^\d]*)$/u.exec(written);
  if (!m) return written;
  const unit = UNITS[m[2].replace(/\s+/g, "").toLowerCase()];
  const number = canonicalNumber(m[1]);
  if (!unit || number === undefined) return written;
  return `${number} ${unit}`;
}

/** A value as stored beside what was written: null stays null (no expected value given). */
export function normalizeOptionalValue(text: string | null | undefined): string | null {
  if (text == null) return null;
  const value = normalizeValue(text);
  return value === "" ? null : value;
}
