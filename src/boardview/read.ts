// A boardview file's bytes → a board or the reason it cannot be read. The format is told by the content (an
// extension is only a hint: .brd is also an Allegro and an Eagle extension), and no file makes this throw.
import { BOARDVIEW_CATALOGUE, READING_ORDER } from "./formats";
import { type BoardRead, type ReadOptions, unreadable } from "./types";

/** Each format by its name, and its extension where the name does not say it ("Test_Link .brd", "ASUS .fz"). */
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
