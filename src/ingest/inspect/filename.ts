// The name a file is stored under, normalised before any check so that what the check sees is what a
// desktop would write: Unicode NFC; invisible format characters (bidi overrides such as U+202E that
// disguise "txt.exe" as "exe.txt", zero-width joiners) and control characters removed; an NTFS stream
// suffix ("update.bat::$DATA", "update.bat:stream" — Windows writes the part before the colon)
// removed; trailing dots and spaces (which Windows drops: "update.bat." is update.bat) removed.

const FILENAME_MAX = 255;
/** Control (Cc) and format (Cf, the bidi and zero-width marks) characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

export type FilenameDecision = { ok: true; name: string } | { ok: false; reason: string };

/** A single name (no directories), as Windows and a file manager would show and store it. */
export function normaliseBaseName(name: string): string {
  let base = name.normalize("NFC").replace(INVISIBLE, "");
  const colon = base.indexOf(":");
  if (colon >= 0) base = base.slice(0, colon);
  return base.replace(/[. ]+$/u, "").trim();
}

/**
 * The stored file name: the normalised base name only ("C:\\scans\\x.pdf" → "x.pdf"). A name that
 * climbs directories ("../../x.pdf") or holds a NUL (which truncates it in C APIs: "x.exe\0.pdf") is
 * refused, not repaired.
 */
export function safeFilename(raw: string | undefined): FilenameDecision {
  if (raw === undefined || raw.trim() === "") return { ok: false, reason: "needs a file name (the filename of the part)" };
  if (raw.includes("\u0000")) return { ok: false, reason: "file name must not contain control characters" };
  const segments = raw.split(/[\\/]/);
  if (segments.some((s) => /^\.\.+$/.test(s.replace(INVISIBLE, "").trim())))
    return { ok: false, reason: "file name must not contain directory parts such as ../" };
  const base = normaliseBaseName(segments[segments.length - 1]);
  if (!base || base === ".") return { ok: false, reason: "needs a file name (the filename of the part)" };
  if (base.length > FILENAME_MAX) return { ok: false, reason: `file name must be at most ${FILENAME_MAX} characters` };
  return { ok: true, name: base };
}
