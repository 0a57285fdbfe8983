// A boardview file's bytes → a board or the reason it cannot be read. The format is told by the content (an
// extension is only a hint: .brd is also an Allegro and an Eagle extension), and no file makes this throw.
import { looksLikeBdv, parseBdv } from "./bdv";
import type { ReadOptions } from "./binary/keys";
import { readBinaryBoardview } from "./binary/read-binary";
import { looksLikeGenCad, parseGenCad } from "./gencad";
import { looksLikeTestLink, parseTestLink } from "./test-link";
import { looksLikeAscPins, parseAscPins } from "./text-formats/asc";
import { looksLikeBrd2, parseBrd2 } from "./text-formats/brd2";
import { looksLikeBvr, parseBvr } from "./text-formats/bvr";
import { type BoardRead, unreadable } from "./types";

export function readBoardview(bytes: Uint8Array, options: ReadOptions = {}): BoardRead {
  try {
    if (bytes.length < 8) return unreadable("The file is too short to be a boardview.");
    if (looksLikeTestLink(bytes)) return parseTestLink(bytes);
    // BRD2 shares .brd with Test_Link: Test_Link is told by its str_length:/var_data: header, BRD2 by BRDOUT:.
    if (looksLikeBrd2(bytes)) return parseBrd2(bytes);
    if (looksLikeBvr(bytes)) return parseBvr(bytes);
    if (looksLikeGenCad(bytes)) return parseGenCad(bytes);
    if (looksLikeBdv(bytes)) return parseBdv(bytes);
    // After BDV, whose <<pins.asc>> section holds the same Part lines.
    if (looksLikeAscPins(bytes)) return parseAscPins(bytes);
    const binary = readBinaryBoardview(bytes, options);
    if (binary) return binary;
    return unreadable(
      "The file is not a boardview format this service reads (GET /capabilities lists them: Test_Link and BRD2 .brd, .bdv, GenCAD .cad, BVR .bvr, ASUS pins.asc, .fz, .cae, XZZ .pcb, Tebo .tvw, Lenovo .cst).",
    );
  } catch (err) {
    // A parser bug must not fail the upload: the document stays available, without parts.
    console.error("boardview reader failed", err);
    return unreadable("The boardview could not be read.");
  }
}
