// A boardview file's bytes → a board or the reason it cannot be read. The format is told by the content (an
// extension is only a hint: .brd is also an Allegro and an Eagle extension), and no file makes this throw.
import { looksLikeBdv, parseBdv } from "./bdv";
import type { ReadOptions } from "./binary/keys";
import { readBinaryBoardview } from "./binary/read-binary";
import { looksLikeGenCad, parseGenCad } from "./gencad";
import { looksLikeTestLink, parseTestLink } from "./test-link";
import { type BoardRead, unreadable } from "./types";

export function readBoardview(bytes: Uint8Array, options: ReadOptions = {}): BoardRead {
  try {
    if (bytes.length < 8) return unreadable("The file is too short to be a boardview.");
    if (looksLikeTestLink(bytes)) return parseTestLink(bytes);
    if (looksLikeGenCad(bytes)) return parseGenCad(bytes);
    if (looksLikeBdv(bytes)) return parseBdv(bytes);
    const binary = readBinaryBoardview(bytes, options);
    if (binary) return binary;
    return unreadable("The file is not a boardview format this service reads (Test_Link .brd, .bdv, GenCAD .cad).");
  } catch (err) {
    // A parser bug must not fail the upload: the document stays available, without parts.
    console.error("boardview reader failed", err);
    return unreadable("The boardview could not be read.");
  }
}
