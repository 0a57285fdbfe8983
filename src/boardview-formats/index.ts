// What derives from the list of formats (list.ts): the order their content is tried, the catalogue, the ids and
// extensions, and reading a file or an archive. A file's format is told by its content (an extension is a hint).
import type { ArchiveEntry, BoardRead, BoardviewFormat, BoardviewFormatEntry, BoardviewKeys, ReadOptions } from "./types";
import { unreadable } from "./types";
import * as LISTED from "./list";

/** The modules in the order their content is tried: most telling signature first. */
export const READING_ORDER: readonly BoardviewFormat[] = Object.values(LISTED).sort((a, b) => a.order - b.order);

/** Every format the service reads, with its variants and what is read from each (docs/boardviews.md). */
export const BOARDVIEW_CATALOGUE: BoardviewFormatEntry[] = READING_ORDER.flatMap((f) => f.catalogue);

export const BOARDVIEW_FORMAT_IDS: readonly string[] = BOARDVIEW_CATALOGUE.map((e) => e.format);

/** Every extension a boardview comes in, once each. */
export const BOARDVIEW_EXTENSIONS: readonly string[] = [...new Set(BOARDVIEW_CATALOGUE.flatMap((e) => e.extensions))];

/** Each format by its name, and its extension where the name does not say it. */
const named = BOARDVIEW_CATALOGUE.map((f) => (f.name.includes(".") ? f.name : `${f.name} .${f.extensions[0]}`));
const NOT_A_BOARDVIEW = `The file is not a boardview format this service reads (GET /capabilities lists them: ${named.join(", ")}).`;

export function readBoardview(bytes: Uint8Array, options: ReadOptions = {}): BoardRead {
  try {
    if (bytes.length < 8) return unreadable("The file is too short to be a boardview.");
    for (const format of READING_ORDER) {
      const read = format.looksLike(bytes) ? format.read(bytes, options) : undefined;
      if (read) return read;
    }
    return unreadable(NOT_A_BOARDVIEW);
  } catch (err) {
    // A parser bug must not fail the upload: the document stays available, without parts.
    console.error("boardview reader failed", err);
    return unreadable("The boardview could not be read.");
  }
}

const ARCHIVES = READING_ORDER.flatMap((f) => (f.archive ? [f.archive] : []));

/** The entries of a .zip that some format reads as one board (none: the archive is no boardview). */
export function boardviewEntries(names: readonly string[]): string[] {
  for (const archive of ARCHIVES) {
    const picked = archive.entries(names);
    if (picked.length) return picked;
  }
  return [];
}

/** The entries boardviewEntries picked, read as one board by the format that picks them. */
export function readBoardviewArchive(entries: readonly ArchiveEntry[]): BoardRead {
  const names = entries.map((e) => e.name);
  const archive = ARCHIVES.find((a) => a.entries(names).length);
  return archive ? archive.read(entries) : unreadable("The archive holds no boardview's files.");
}

/** The operator's keys, each from its format's secret (one not well formed counts as not configured, with a warning). */
export function boardviewKeys(secrets: object): BoardviewKeys {
  const keys: Record<string, Uint8Array | Uint32Array> = {};
  for (const format of READING_ORDER) {
    for (const { format: id, key_secret } of format.catalogue) {
      const text = key_secret ? (secrets as Record<string, unknown>)[key_secret] : undefined;
      const parse = format.keys?.[id];
      if (!parse || typeof text !== "string" || !text) continue;
      const key = parse(text);
      if (key) keys[id] = key;
      else console.warn(`${key_secret} is set but is not a well-formed key (docs/deployment.md); encrypted files stay unread`);
    }
  }
  return keys;
}
