// Content sniffing on a file's first bytes: does the content match its extension's family, and
// is it a program (PE, ELF, Mach-O, a `#!` script)? Archives are looked into by src/ingest/inspect/zip.ts.
import { normaliseBaseName } from "./filename";
import { BLOCKED_EXTENSIONS, type ContentFamily } from "../../content/formats";

/** How many leading bytes the consumer reads for sniffing. */
export const SNIFF_BYTES = 64 * 1024;

function startsWith(bytes: Uint8Array, magic: number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  return magic.every((b, i) => bytes[offset + i] === b);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

export function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, ZIP) || startsWith(bytes, ZIP_EMPTY);
}

/** The PDF header may follow up to 1024 bytes of junk (PDF 32000-1 §7.5.2 implementations allow it). */
function isPdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024 + 5));
  return head.includes("%PDF-");
}

function isText(bytes: Uint8Array): boolean {
  // UTF-16 with a byte order mark is text with NUL bytes.
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  return !bytes.includes(0);
}

function isMp3(bytes: Uint8Array): boolean {
  return startsWith(bytes, ascii("ID3")) || (bytes.length > 1 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0);
}

const FAMILY_CHECKS: Record<ContentFamily, (bytes: Uint8Array) => boolean> = {
  pdf: isPdf,
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  gif: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
  webp: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
  bmp: (b) => startsWith(b, ascii("BM")),
  tiff: (b) => startsWith(b, ascii("II*\0")) || startsWith(b, ascii("MM\0*")),
  zip: isZip,
  "7z": (b) => startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  rar: (b) => startsWith(b, ascii("Rar!\x1a\x07")),
  gzip: (b) => startsWith(b, [0x1f, 0x8b]),
  ole: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  mp4: (b) => startsWith(b, ascii("ftyp"), 4),
  ebml: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  mp3: isMp3,
  wav: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WAVE"), 8),
  flac: (b) => startsWith(b, ascii("fLaC")),
  ogg: (b) => startsWith(b, ascii("OggS")),
  text: isText,
  step: (b) => new TextDecoder("latin1").decode(b.subarray(0, 256)).trimStart().startsWith("ISO-10303-21"),
  binary: () => true,
};

const FAMILY_NAMES: Record<ContentFamily, string> = {
  pdf: "a PDF file",
  png: "a PNG image",
  jpeg: "a JPEG image",
  gif: "a GIF image",
  webp: "a WebP image",
  bmp: "a BMP image",
  tiff: "a TIFF image",
  zip: "a ZIP archive",
  "7z": "a 7-Zip archive",
  rar: "a RAR archive",
  gzip: "a gzip file",
  ole: "an Office (OLE) document",
  mp4: "an MP4/QuickTime video",
  ebml: "a Matroska/WebM video",
  mp3: "an MP3 file",
  wav: "a WAVE file",
  flac: "a FLAC file",
  ogg: "an Ogg file",
  text: "a text file",
  step: "a STEP model",
  binary: "a file",
};

/** Null when the content fits the family, else the rejection reason. */
export function familyMismatch(bytes: Uint8Array, family: ContentFamily, extension: string | null): string | null {
  if (FAMILY_CHECKS[family](bytes)) return null;
  return `The content of this .${extension ?? "?"} file is not ${FAMILY_NAMES[family]}.`;
}

/** "MZ" and a PE header where the DOS header points (or, failing that, the DOS stub's message). */
function isPortableExecutable(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii("MZ")) || bytes.length < 64) return false;
  const peOffset = bytes[0x3c] | (bytes[0x3d] << 8) | (bytes[0x3e] << 16) | (bytes[0x3f] << 24);
  if (peOffset > 0 && startsWith(bytes, ascii("PE\0\0"), peOffset)) return true;
  return new TextDecoder("latin1").decode(bytes.subarray(0, 512)).includes("program cannot be run in DOS mode");
}

/** Program formats recognised by their first bytes. */
export function programKind(bytes: Uint8Array): string | null {
  if (isPortableExecutable(bytes)) return "a Windows program (PE)";
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return "an ELF program";
  for (const magic of [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
  ]) {
    if (startsWith(bytes, magic)) return "a Mach-O program";
  }
  if (startsWith(bytes, ascii("#!"))) return "a script (#!)";
  return null;
}

/** Names that a system runs as a program, inside archives. */
const PROGRAM_EXTENSIONS = new Set([
  ...BLOCKED_EXTENSIONS,
  "sh",
  "bash",
  "command",
  "run",
  "efi",
  "so",
  "dylib",
  "elf",
  "appimage",
  "deb",
  "rpm",
  "pkg",
  "dmg",
]);

export function isProgramName(name: string): boolean {
  // Normalised like an uploaded name: "setup.exe." or "setup\u202Etxt.exe" inside an archive is still setup.exe.
  const base = normaliseBaseName(name.split(/[\\/]/).pop() ?? "");
  const dot = base.lastIndexOf(".");
  return dot > 0 && PROGRAM_EXTENSIONS.has(base.slice(dot + 1).toLowerCase());
}
