// OpenBoardData files (github.com/inflex/OpenBoardData and openboarddata.org): known-good values per net, component
// values and diagnosis notes of one board, as plain text. Two layouts are read, both tolerant of the real files'
// quirks (CRLF, tabs, a BOM, keywords in any case, stray lines, `SECT_ENT`, notes outside a section):
//   v1  `ID 820-00165`, `BRAND`, `TYPE`, `COMMENT`; rows `NETNAME DIODE VOLTAGE RESISTANCE [comment]` (`ol`, `na`,
//       `NET ===OTHERNET` an alias, `#NET` a placeholder); `DIAGNOSIS_DATA_BEGIN` … `SECT_BEGIN`/`NOTE_BEGIN` … `END`
//   v2  `HEADER_DATA_START` … `OBDATA_V002`, `ID` … ; `COMPONENTS_DATA_START` rows `REF v 2k2` (v value, p package,
//       c code, s status: `s -` not fitted); `NETS_DATA_START` rows `NET/Condition d|v|r|a|t value 'comment'`
//       (texts URL-encoded with `+` for spaces); `DIAGNOSIS_DATA_START` … `SECT_START`/`NOTE_START` …
// Pure: text in, values out, bounded by REFERENCE_CAPS whatever the file claims.

export type ReferenceKind = "diode" | "voltage" | "resistance";

export interface ReferenceRow {
  net: string;
  kind: ReferenceKind;
  /** As the file writes it (`ol`, `100K`, `0.420`). */
  value: string;
  note: string | null;
}

export interface ReferencePart {
  designator: string;
  value: string | null;
  package: string | null;
  code: string | null;
  /** False for `s -` (not fitted). */
  fitted: boolean;
}

export interface ReferenceNote {
  section: string | null;
  title: string | null;
  /** The note's lines as the file writes them (links `[n:NET]`, `[p:PART:PIN]` kept as text). */
  body: string;
}

export interface OpenBoardData {
  id: string | null;
  brand: string | null;
  type: string | null;
  comment: string | null;
  rows: ReferenceRow[];
  parts: ReferencePart[];
  notes: ReferenceNote[];
}

export const REFERENCE_CAPS = {
  /** Value rows kept (the largest public file has a few thousand nets). */
  rows: 30_000,
  parts: 30_000,
  notes: 500,
  noteChars: 20_000,
  nameChars: 100,
  valueChars: 40,
  commentChars: 500,
  /** Bytes read: larger files are not reference files. */
  bytes: 5_000_000,
} as const;

const HEADER_KEYS = new Set(["ID", "BRAND", "TYPE", "COMMENT", "CATEGORY", "BOARDPATH", "TIMESTAMP"]);

/** Whether text is an OpenBoardData file: an `ID` line among its first lines and a layout keyword or value rows. */
export function isOpenBoardData(text: string): boolean {
  const head = text.replace(/^\uFEFF/, "").slice(0, 64 * 1024);
  const lines = head.split(/\r\n|\r|\n/, 400).map((l) => l.trim());
  if (lines.some((l) => /^OBDATA_V\d+\b/i.test(l))) return true;
  const first = lines.slice(0, 40);
  if (!first.some((l) => /^ID[ \t]+\S/i.test(l))) return false;
  const blocks = /^(DIAGNOSIS_DATA_(BEGIN|START)|NETS_DATA_START|COMPONENTS_DATA_START|HEADER_DATA_START)$/i;
  if (lines.some((l) => blocks.test(l) || /^#?\s*NETNAME\s+DIODE/i.test(l))) return true;
  // The header alone: ID with two of BRAND, TYPE and COMMENT (a file of placeholders only still says whose it is).
  return first.filter((l) => /^(BRAND|TYPE|COMMENT)\b/i.test(l)).length >= 2;
}

/** `%2B` and `+` as URL-encoded text writes them; text that is not valid encoding is kept. */
function urlText(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** A token that is a value: a number with an optional unit or prefix, `ol`, `na`, `-`. */
const VALUE_TOKEN = /^(?:[<>~≈]=?)?[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[a-zA-ZΩω]{0,5})?$|^\d+[kKmMrRvV]\d+$|^(?:ol|o\.l\.?|na|n\/a|-|\?)$/i;

const KINDS_V1: ReferenceKind[] = ["diode", "voltage", "resistance"];
const KIND_V2: Record<string, ReferenceKind> = { d: "diode", v: "voltage", r: "resistance" };

type Mode = "none" | "diagnosis" | "components" | "nets" | "header";

export function parseOpenBoardData(input: string): OpenBoardData {
  const text = input.replace(/^\uFEFF/, "").slice(0, REFERENCE_CAPS.bytes);
  const out: OpenBoardData = { id: null, brand: null, type: null, comment: null, rows: [], parts: [], notes: [] };
  const aliases: [string, string, string | null][] = [];
  const parts = new Map<string, ReferencePart>();
  // v2 net comments (`t`) belong to the net's values; kept aside and attached at the end.
  const netComments = new Map<string, string>();
  let mode: Mode = "none";
  let section: string | null = null;
  let note: { title: string | null; lines: string[] } | null = null;
  let loose: string[] = [];

  const closeNote = () => {
    if (note) pushNote(note.title, note.lines);
    note = null;
  };
  const pushNote = (title: string | null, lines: string[]) => {
    const body = clip(lines.join("\n").replace(/^\s*\n+|\s+$/g, ""), REFERENCE_CAPS.noteChars);
    if ((body || title) && out.notes.length < REFERENCE_CAPS.notes) out.notes.push({ section, title, body });
  };
  const flushLoose = () => {
    if (loose.some((l) => l.trim())) pushNote(null, loose);
    loose = [];
  };

  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/\s+$/, "");
    const trimmed = line.trim();
    const [first = "", ...restTokens] = trimmed.split(/[ \t]+/);
    const keyword = first.toUpperCase();
    const rest = trimmed.slice(first.length).trim();

    // Block keywords, in any case, wherever they stand.
    if (/^DIAGNOSIS_DATA_(BEGIN|START)$/.test(keyword) || keyword === "NOTES_BEGIN" || keyword === "NOTES_START") {
      mode = "diagnosis";
      continue;
    }
    if (/^DIAGNOSIS_DATA_(END|ENT)$/.test(keyword) || keyword === "NOTES_END") {
      closeNote();
      flushLoose();
      section = null;
      mode = "none";
      continue;
    }
    if (keyword === "NOTE_BEGIN" || keyword === "NOTE_START") {
      closeNote();
      flushLoose();
      note = { title: rest ? urlText(rest) : null, lines: [] };
      continue;
    }
    if (keyword === "NOTE_END" || keyword === "NOTE_ENT") {
      closeNote();
      continue;
    }
    if (note) {
      note.lines.push(line);
      continue;
    }
    if (keyword === "SECT_BEGIN" || keyword === "SECT_START") {
      flushLoose();
      section = rest ? urlText(rest) : null;
      continue;
    }
    if (keyword === "SECT_END" || keyword === "SECT_ENT") {
      flushLoose();
      section = null;
      continue;
    }
    if (keyword === "HEADER_DATA_START") {
      mode = "header";
      continue;
    }
    if (keyword === "COMPONENTS_DATA_START") {
      mode = "components";
      continue;
    }
    if (keyword === "NETS_DATA_START") {
      mode = "nets";
      continue;
    }
    if (/^(HEADER|COMPONENTS|NETS)_DATA_END$/.test(keyword)) {
      mode = "none";
      continue;
    }
    if (mode === "diagnosis") {
      loose.push(line);
      continue;
    }
    // Comments and placeholders (`#NET`, `### …`) and blank lines.
    if (!trimmed || trimmed.startsWith("#")) continue;

    if (HEADER_KEYS.has(keyword) && mode !== "components" && mode !== "nets") {
      const value = rest || null;
      if (keyword === "ID" && out.id === null) out.id = value;
      else if (keyword === "BRAND" && out.brand === null) out.brand = value;
      else if ((keyword === "TYPE" || keyword === "CATEGORY") && out.type === null) out.type = value;
      else if (keyword === "COMMENT" && out.comment === null) out.comment = value;
      continue;
    }
    if (mode === "header" || /^OBDATA_V\d+/i.test(keyword)) continue;

    if (mode === "components") {
      const [ref, code, ...valueTokens] = [first, ...restTokens];
      const designator = clip(ref, REFERENCE_CAPS.nameChars);
      if (!code || !designator) continue;
      const value = clip(urlText(valueTokens.join(" ")), REFERENCE_CAPS.valueChars) || null;
      let part = parts.get(designator);
      if (!part) {
        if (parts.size >= REFERENCE_CAPS.parts) continue;
        part = { designator, value: null, package: null, code: null, fitted: true };
        parts.set(designator, part);
      }
      const c = code.toLowerCase();
      if (c === "v") part.value = value;
      else if (c === "p") part.package = value;
      else if (c === "c") part.code = value;
      else if (c === "s") part.fitted = !(value === null || value === "-" || /^(nf|dnp|nostuff|not fitted)$/i.test(value));
      continue;
    }

    if (mode === "nets" || first.includes("/")) {
      // v2: `NET/Condition type value 'comment'`.
      const [name, condition = "Default"] = first.split("/", 2);
      const type = (restTokens[0] ?? "").toLowerCase();
      const value = restTokens[1] ?? "";
      const quoted = restTokens.slice(2).join(" ").replace(/^'|'$/g, "");
      const net = clip(name, REFERENCE_CAPS.nameChars);
      if (!net || !type) continue;
      const cond = urlText(condition);
      const conditionNote = /^default$/i.test(cond) ? null : cond;
      const comment = [conditionNote, quoted && quoted !== "-" ? urlText(quoted) : null].filter(Boolean).join(": ") || null;
      if (type === "a") aliases.push([net, value, conditionNote]);
      else if (type === "t") {
        const t = value && value !== "-" ? urlText(value) : "";
        if (t) netComments.set(net, clip(t, REFERENCE_CAPS.commentChars));
      } else if (KIND_V2[type] && value && out.rows.length < REFERENCE_CAPS.rows)
        out.rows.push({
          net,
          kind: KIND_V2[type],
          value: clip(value, REFERENCE_CAPS.valueChars),
          note: comment && clip(comment, REFERENCE_CAPS.commentChars),
        });
      continue;
    }

    // v1: `NET d v r [comment]` or `NET ===OTHER`.
    const net = clip(first, REFERENCE_CAPS.nameChars);
    if (restTokens[0]?.startsWith("===")) {
      aliases.push([net, restTokens[0].slice(3), null]);
      continue;
    }
    let i = 0;
    while (i < 3 && i < restTokens.length && VALUE_TOKEN.test(restTokens[i])) i++;
    if (i === 0) continue;
    const comment = restTokens.slice(i).join(" ").replace(/\\n/g, "\n").trim() || null;
    for (let k = 0; k < i && out.rows.length < REFERENCE_CAPS.rows; k++)
      out.rows.push({
        net,
        kind: KINDS_V1[k],
        value: clip(restTokens[k], REFERENCE_CAPS.valueChars),
        note: comment && clip(comment, REFERENCE_CAPS.commentChars),
      });
  }
  closeNote();
  flushLoose();

  // v2 net comments: the note of the net's values (a net with only a comment keeps no value).
  for (const row of out.rows) if (!row.note && netComments.has(row.net)) row.note = netComments.get(row.net)!;
  // Aliases take the other net's values (one step; an alias of an alias is followed a few steps).
  const byNet = new Map<string, ReferenceRow[]>();
  for (const row of out.rows) byNet.set(row.net, [...(byNet.get(row.net) ?? []), row]);
  for (const [net, target, condition] of aliases) {
    let to = target;
    for (let step = 0; step < 5 && !byNet.has(to); step++) {
      const next = aliases.find(([n]) => n === to)?.[1];
      if (!next) break;
      to = next;
    }
    for (const row of byNet.get(to) ?? []) {
      if (out.rows.length >= REFERENCE_CAPS.rows) break;
      if (row.net === net) continue;
      const note = [condition, row.note].filter(Boolean).join(": ") || null;
      out.rows.push({ net, kind: row.kind, value: row.value, note });
    }
  }
  out.parts = [...parts.values()];
  return out;
}
