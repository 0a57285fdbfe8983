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
    pointSpelling(text)
      .replace(/^\++/, "")
      // Control and format characters name no point (a NUL would reach the text search).
      .replace(/[\s._\-\p{C}]+/gu, "")
      .toUpperCase()
  );
}

/** What a point's written name says beyond the name: a trailing `/` or a kind in brackets (`PP3V3_ALW/`, `PP3V3 (resistance)`). */
const POINT_SUFFIX = /(?:\s*\((?:diode|diodo|diode mode|modo diodo|resistance|resistencia|voltage|voltaje|tensi[oó]n|volts?|ohms?)\)|[\s/\\]+)+$/iu;
/** A current draw at a supply voltage, in Spanish or English (`Consumo a 20 V`, `Draw at 20 V`): one point. */
const DRAW_AT = /^(?:consumo|corriente|current draw|current|draw)\s+(?:a|at|@|en)\s+/iu;

/** A point's name as written, without outer spaces and the suffixes that name no point; draws in one language. */
export function pointSpelling(text: string): string {
  return text.normalize("NFKC").trim().replace(POINT_SUFFIX, "").replace(DRAW_AT, "Draw at ").trim();
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
  mω: "MΩ",
  megohm: "MΩ",
  megohms: "MΩ",
  meg: "MΩ",
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
  if (/^o\.?l\.?$/i.test(written)) return "OL";
  // A comparison keeps its sign before the value it bounds (`> 100 ohm` → `> 100 Ω`).
  const compared = /^([<>~≈]=?|≥|≤)\s*(.+)$/u.exec(written);
  if (compared) {
    const inner = normalizeValue(compared[2]);
    return inner === compared[2] ? written : `${compared[1]} ${inner}`;
  }
  const m = /^([+-]?[\d.,]+)\s*([^\d\s.,+-][^\d]*)$/u.exec(written);
  if (!m) return written;
  const spelled = m[2].replace(/\s+/g, "");
  // `M` alone is mega (4.2M = 4.2 MΩ); `m` stays as written: milli of nothing.
  const unit = spelled === "M" || spelled === "MOhm" || spelled === "MOhms" ? "MΩ" : spelled === "m" ? undefined : UNITS[spelled.toLowerCase()];
  const number = canonicalNumber(m[1]);
  if (!unit || number === undefined) return written;
  return `${number} ${unit}`;
}

export type ValueKind = "diode" | "voltage" | "resistance" | "current";

/** A normalised value's kind by its unit: V → voltage, Ω → resistance, A → current; undefined without one. */
export function kindOfValue(value: string): ValueKind | undefined {
  const m = /\s(mV|V|Ω|kΩ|MΩ|A|mA)$/u.exec(value);
  if (!m) return undefined;
  return m[1].endsWith("V") ? "voltage" : m[1].endsWith("Ω") ? "resistance" : "current";
}

/** The kind a case's words give a reading (a diode heading or note, `(resistance)` after the point), if any. */
export function kindOfWords(text: string | null | undefined): ValueKind | undefined {
  if (!text) return undefined;
  if (/\bdiod[eo]s?\b|diode[- ]mode|modo diodo|ca[ií]da de tensi[oó]n/iu.test(text)) return "diode";
  if (/\bresist(ance|encia)\b|\bohm/iu.test(text)) return "resistance";
  if (/\bvolta(ge|je)\b|\btensi[oó]n\b/iu.test(text)) return "voltage";
  return undefined;
}

/**
 * A reference value of a known kind in the form case values take: `ol` → `OL`, `na` (and `-`) → undefined (no
 * value); a plain number gets its kind's unit (`3.3` → `3.3 V`, `100K` → `100 kΩ`, `4.2M` → `4.2 MΩ`, `15.00r` →
 * `15 Ω`), a diode reading stays a number without trailing zeros (`0.420` → `0.42`).
 */
export function referenceValue(kind: "diode" | "voltage" | "resistance", raw: string): string | undefined {
  const written = raw.normalize("NFKC").trim();
  if (!written || /^(na|n\/a|-|\?|none)$/i.test(written)) return undefined;
  if (/^o\.?l\.?$/i.test(written)) return "OL";
  const compared = /^([<>~≈]=?)\s*(.+)$/u.exec(written);
  if (compared) {
    const inner = referenceValue(kind, compared[2]);
    return inner === undefined ? written : `${compared[1]} ${inner}`;
  }
  const plain = canonicalNumber(written);
  if (plain !== undefined) return kind === "diode" ? plain : kind === "voltage" ? `${plain} V` : `${plain} Ω`;
  if (kind === "resistance") {
    // `2k2` and `4M7`: the multiplier as the decimal point.
    const infix = /^(\d+)([kKmMrR])(\d+)$/.exec(written);
    if (infix) return referenceValue(kind, `${infix[1]}.${infix[3]}${infix[2]}`);
    const m = /^([+-]?[\d.,]+)\s*([kKmMrRΩ]|ohms?|kohms?|mohms?)$/u.exec(written);
    const number = m && canonicalNumber(m[1]);
    if (m && number !== undefined) {
      const unit = m[2].toLowerCase();
      return `${number} ${unit.startsWith("k") ? "kΩ" : unit.startsWith("m") ? "MΩ" : "Ω"}`;
    }
  }
  return normalizeValue(written);
}

/** A value as stored beside what was written: null stays null (no expected value given). */
export function normalizeOptionalValue(text: string | null | undefined): string | null {
  if (text == null) return null;
  const value = normalizeValue(text);
  return value === "" ? null : value;
}
