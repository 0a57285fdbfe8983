// The upload formats table, once: /capabilities publishes it and POST /uploads checks against it.
// Each extension has a document type (the default when the caller sends none), a size cap and a
// content family that the queue consumer sniffs the file's first bytes against (src/ingest/inspect/sniff.ts).
import type { AppConfig } from "../config";
import { BOARDVIEW_EXTENSIONS } from "../boardview-formats";
import type { DOCUMENT_TYPES } from "../schemas/common";

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What the first bytes of a file of this extension must look like. "binary" accepts anything. */
export type ContentFamily =
  | "pdf"
  | "png"
  | "jpeg"
  | "gif"
  | "webp"
  | "bmp"
  | "tiff"
  | "zip"
  | "7z"
  | "rar"
  | "gzip"
  | "ole"
  | "mp4"
  | "ebml"
  | "mp3"
  | "wav"
  | "flac"
  | "ogg"
  | "text"
  | "step"
  | "binary";

export interface Format {
  extension: string;
  type: DocumentType;
  /** Cap before clamping to MAX_UPLOAD_BYTES. */
  maxBytes: number;
  family: ContentFamily;
}

const MB = 1_000_000;
const PLATFORM_MAX = 100 * MB;

function formats(type: DocumentType, maxBytes: number, family: ContentFamily, extensions: string[]): Format[] {
  return extensions.map((extension) => ({ extension, type, maxBytes, family }));
}

/** The first row of an extension wins: .zip stays an archive though an ASUS boardview may come in one. */
const firstOfEach = (rows: Format[]): Format[] => rows.filter((row, i) => rows.findIndex((r) => r.extension === row.extension) === i);

export const FORMATS: readonly Format[] = firstOfEach([
  ...formats("document", PLATFORM_MAX, "pdf", ["pdf"]),
  ...formats("document", 5 * MB, "text", ["txt", "md", "csv", "log"]),
  ...formats("document", 50 * MB, "zip", ["docx", "xlsx", "pptx", "odt", "ods"]),
  ...formats("document", 50 * MB, "ole", ["doc", "xls", "ppt"]),
  ...formats("image", 25 * MB, "png", ["png"]),
  ...formats("image", 25 * MB, "jpeg", ["jpg", "jpeg"]),
  ...formats("image", 25 * MB, "gif", ["gif"]),
  ...formats("image", 25 * MB, "webp", ["webp"]),
  ...formats("image", 25 * MB, "bmp", ["bmp"]),
  ...formats("image", 50 * MB, "tiff", ["tif", "tiff"]),
  ...formats("archive", PLATFORM_MAX, "zip", ["zip"]),
  ...formats("archive", PLATFORM_MAX, "7z", ["7z"]),
  ...formats("archive", PLATFORM_MAX, "rar", ["rar"]),
  ...formats("archive", PLATFORM_MAX, "gzip", ["gz", "tgz"]),
  ...formats("bios", PLATFORM_MAX, "binary", ["bin", "rom", "fd", "cap", "hex"]),
  // Every boardview format's extensions (src/boardview-formats/list.ts), and .bv, which no reader claims yet.
  ...formats("boardview", 50 * MB, "binary", [...BOARDVIEW_EXTENSIONS, "bv"]),
  ...formats("video", PLATFORM_MAX, "mp4", ["mp4", "mov", "m4v"]),
  ...formats("video", PLATFORM_MAX, "ebml", ["webm", "mkv"]),
  ...formats("audio", 50 * MB, "mp3", ["mp3"]),
  ...formats("audio", 50 * MB, "wav", ["wav"]),
  ...formats("audio", 50 * MB, "flac", ["flac"]),
  ...formats("audio", 50 * MB, "ogg", ["ogg"]),
  ...formats("model_3d", 50 * MB, "binary", ["stl", "3mf"]),
  ...formats("model_3d", 50 * MB, "step", ["step", "stp"]),
  ...formats("code", 5 * MB, "text", ["c", "h", "cpp", "ino", "py", "json", "xml"]),
]);

/** Extensions not in FORMATS are accepted as type `other` (up to OTHER_MAX_BYTES) when this is true. */
export const ANY_EXTENSION = true;
export const OTHER_MAX_BYTES = 20 * MB;

/**
 * Always refused: what a desktop runs on a double click (Windows programs, installers, scripts,
 * shortcuts, Java archives). Programs inside archives are accepted and flagged `executable`.
 */
export const BLOCKED_EXTENSIONS: readonly string[] = [
  "exe",
  "dll",
  "sys",
  "com",
  "scr",
  "pif",
  "cpl",
  "msi",
  "msp",
  "msc",
  "bat",
  "cmd",
  "ps1",
  "psm1",
  "vbs",
  "vbe",
  "js",
  "jse",
  "wsf",
  "wsh",
  "hta",
  "lnk",
  "reg",
  "scf",
  "jar",
  "apk",
  "app",
];

const BY_EXTENSION = new Map(FORMATS.map((f) => [f.extension, f]));

/** A cap never exceeds the platform's request-body ceiling. */
function clamp(maxBytes: number, config: AppConfig): number {
  return Math.min(maxBytes, config.maxUploadBytes);
}

export type FormatDecision =
  | { ok: true; extension: string | null; type: DocumentType; maxBytes: number; family: ContentFamily }
  | { ok: false; reason: string };

/** The rule for a file of this extension (lower case, no dot; null when the name has none). */
export function formatFor(extension: string | null, config: AppConfig): FormatDecision {
  if (extension && BLOCKED_EXTENSIONS.includes(extension)) {
    return { ok: false, reason: `Files of type .${extension} are not accepted (blocked extension).` };
  }
  const known = extension ? BY_EXTENSION.get(extension) : undefined;
  if (known) return { ok: true, extension, type: known.type, maxBytes: clamp(known.maxBytes, config), family: known.family };
  if (!ANY_EXTENSION) return { ok: false, reason: extension ? `Files of type .${extension} are not accepted.` : "The file name needs an extension." };
  return { ok: true, extension, type: "other", maxBytes: clamp(OTHER_MAX_BYTES, config), family: "binary" };
}

/** The family a stored file is sniffed against (the consumer only has the extension). */
export function familyOf(extension: string | null): ContentFamily {
  return (extension && BY_EXTENSION.get(extension)?.family) || "binary";
}

/** The formats part of /capabilities. */
export function capabilityFormats(config: AppConfig) {
  return {
    formats: FORMATS.map((f) => ({ extension: f.extension, type: f.type, max_bytes: clamp(f.maxBytes, config) })),
    any_extension: ANY_EXTENSION,
    other_max_bytes: ANY_EXTENSION ? clamp(OTHER_MAX_BYTES, config) : null,
    blocked: [...BLOCKED_EXTENSIONS],
  };
}
