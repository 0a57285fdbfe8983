// The binary formats, told apart by their content: Tebo's signature string, XZZ's (plain or XORed) magic, a
// zlib stream at byte 4 (.fz/.cae, or one a configured key decrypts to), Lenovo's MFC archive header.
// Undefined when the bytes are none of them.
import type { BoardRead } from "../types";
import { looksLikeCst, parseCst } from "./cst";
import { readFz } from "./fz";
import type { ReadOptions } from "./keys";
import { looksLikeTvw, parseTvw } from "./tvw";
import { looksLikeXzz, parseXzz } from "./xzz";

export function readBinaryBoardview(bytes: Uint8Array, options: ReadOptions = {}): BoardRead | undefined {
  if (looksLikeTvw(bytes)) return parseTvw(bytes);
  if (looksLikeXzz(bytes)) return parseXzz(bytes, options);
  if (looksLikeCst(bytes)) return parseCst(bytes);
  return readFz(bytes, options);
}
