// ASUS .fz and ASRock .cae (one container): four bytes, a zlib stream of the content, a zlib stream of the
// description, and a little-endian u32 at the very end (the description's length with its 4-byte prefix and
// this trailer), so the description starts `len - 4` bytes before the end. Plain files show the zlib header at
// byte 4; encrypted ones are the whole file under the stream cipher of fz-cipher.ts. The content is text of
// `!`-separated lines: `A!REFDES!…` opens the parts, `A!NET_NAME!…` the pins
// (net, part, pin number, pin name, x, y, test point, radius), `A!TESTVIA!…` the test points; `UNIT:millimeters`
// says mm (else mils). The description is tab-separated: part number, description, quantity, designators, part
// number; its description becomes the value of each designator it lists.
import { BoardBuilder, underCap } from "../builder";
import { nameOf, numberOf, positionOf, type ReadState, readLines, unreadableAfter } from "../lines";
import { type BoardPart, type BoardRead, type BoardUnit, BOARDVIEW_CAPS, unreadable } from "../types";
import { inflateBounded, isZlibHeader } from "./bytes";
import { decryptFz } from "./fz-cipher";
import { ENCRYPTED_BYTES, NO_KEY_REASON, parseWordKey, type ReadOptions } from "./keys";
import type { BoardviewFormat, BoardviewFormatEntry } from "../types";

const CONTENT_AT = 4;
type Container = "fz" | "cae";

/** A plain .fz/.cae: a zlib stream at byte 4 that inflates (checked by the reader). */
export function looksLikePlainFz(bytes: Uint8Array): boolean {
  return bytes.length > 12 && isZlibHeader(bytes, CONTENT_AT);
}

const isContainerExtension = (ext: string | null | undefined): ext is Container => ext === "fz" || ext === "cae";

/**
 * Reads a .fz/.cae file, plain or encrypted; undefined when the bytes are none (a plain header is absent, no
 * configured key decrypts them to one, and the extension does not claim the format).
 */
export function readFz(bytes: Uint8Array, options: ReadOptions = {}): BoardRead | undefined {
  const hinted: Container | undefined = isContainerExtension(options.extension) ? options.extension : undefined;
  if (looksLikePlainFz(bytes)) return parseContainer(bytes, hinted ?? "fz");
  const order: Container[] = hinted === "cae" ? ["cae", "fz"] : ["fz", "cae"];
  for (const format of order) {
    const key = options.keys?.[format];
    if (!(key instanceof Uint32Array)) continue;
    // The cipher runs byte after byte: the first six bytes tell whether this key gives the zlib header.
    const head = bytes.slice(0, CONTENT_AT + 2);
    decryptFz(head, key);
    if (!isZlibHeader(head, CONTENT_AT)) continue;
    const cap = Math.min(options.encryptedBytes ?? ENCRYPTED_BYTES, BOARDVIEW_CAPS.bytes);
    const plain = bytes.slice(0, cap);
    decryptFz(plain, key);
    const read = parseContainer(plain, format);
    // Cut short, the content is read as far as it was decrypted (its description, at the end, is lost).
    if (bytes.length > cap && read.kind === "board") read.stopped ??= `only the first ${cap} bytes of an encrypted file are decrypted`;
    return read;
  }
  if (!hinted || bytes.length <= 12) return undefined;
  if (!options.keys?.[hinted]) return unreadable(NO_KEY_REASON);
  return unreadable(`The file is not a .${hinted} boardview, or it is encrypted with another key than the one configured.`);
}

function parseContainer(bytes: Uint8Array, format: Container): BoardRead {
  const content = inflateBounded(bytes.subarray(CONTENT_AT));
  if (content.kind === "too_large") return unreadable(`The boardview's content inflates to more than ${BOARDVIEW_CAPS.bytes} bytes.`);
  if (content.kind === "broken") return unreadable("The boardview's compressed content is damaged.");
  return parseContent(content.bytes, valuesOf(bytes), format);
}

/** The description stream's value per designator (empty when the file has none or it is damaged). */
function valuesOf(bytes: Uint8Array): Map<string, string> {
  const values = new Map<string, string>();
  const n = bytes.length;
  const len = (bytes[n - 4] | (bytes[n - 3] << 8) | (bytes[n - 2] << 16) | (bytes[n - 1] << 24)) >>> 0;
  if (len <= 8 || len > n - CONTENT_AT) return values;
  const at = n - len + 4;
  if (!isZlibHeader(bytes, at)) return values;
  const descr = inflateBounded(bytes.subarray(at, n - 4));
  if (descr.kind !== "bytes") return values;
  const state = { stopped: null as string | null };
  for (const { text, index } of readLines(descr.bytes, state)) {
    // The first two lines are the board's description and the column names.
    if (index < 2 || text.startsWith("s")) continue;
    const [partNumber, description, , locations] = text.split("\t");
    const value = (description ?? "").trim() || (partNumber ?? "").trim();
    if (!value || !locations) continue;
    for (const designator of locations.split(/\s+/)) if (designator && !values.has(designator)) values.set(designator, value);
    if (!underCap("parts", values.size)) break;
  }
  return values;
}

type Block = "none" | "parts" | "pins" | "vias" | "other";
const BLOCKS: [string, Block][] = [
  ["REFDES", "parts"],
  ["NET_NAME", "pins"],
  ["TESTVIA", "vias"],
];

/** A number as the file writes it (some files use a decimal comma). */
const decimal = (text: string | undefined) => numberOf(text?.trim().replace(",", "."));
/** A position so written; a refused one (1e308) is said in the reason, at its line. */
const positionAt = (text: string | undefined, state: ReadState) => positionOf(text?.trim().replace(",", "."), state);

function parseContent(content: Uint8Array, values: Map<string, string>, format: Container): BoardRead {
  const board = new BoardBuilder();
  const parts = new Map<string, BoardPart>();
  let unit: BoardUnit = "mil";
  let block: Block = "none";
  let sawBlock = false;
  for (const { text } of readLines(content, board)) {
    if (text === "UNIT:millimeters") unit = "mm";
    const f = text.split("!");
    if (f[0] === "A") {
      block = BLOCKS.find(([name]) => f[1]?.startsWith(name))?.[1] ?? "other";
      sawBlock ||= block !== "other";
      continue;
    }
    if (f[0] !== "S") continue;
    if (block === "parts") {
      const name = nameOf(f[1]?.trim());
      if (!name || parts.has(name)) continue;
      // SYM_MIRROR: YES reads as the top side, as OpenBoardView reads these files.
      const side = f[4]?.trim() === "YES" ? "top" : "bottom";
      const part = board.addPart(name, side, "smd", undefined, { value: values.get(name) });
      if (!part) break;
      parts.set(name, part);
    } else if (block === "pins") {
      const part = parts.get(nameOf(f[2]?.trim()));
      if (!part) continue;
      const x = positionAt(f[5], board);
      const y = positionAt(f[6], board);
      if (x === undefined || y === undefined) continue;
      const number = f[3]?.trim() ?? "";
      const pinName = f[4]?.trim() ?? "";
      // One variant writes "0" as the number and the ball (AJ31) as the name.
      const numberless = number === "" || number === "0";
      const radius = decimal(f[8]);
      if (
        !board.addPin(part, {
          x,
          y,
          net: nameOf(f[1]?.trim()),
          number: numberless ? pinName : number,
          name: numberless ? undefined : pinName,
          radius: radius !== undefined && radius < 1e6 ? radius : undefined,
        })
      )
        break;
    } else if (block === "vias") {
      const x = positionAt(f[6], board);
      const y = positionAt(f[7], board);
      if (x === undefined || y === undefined) continue;
      const name = nameOf(f[3]?.trim()) || nameOf(f[4]?.trim());
      if (!board.addTestPoint({ name, x, y, side: f[8]?.trim() === "T" ? "top" : "bottom", net: nameOf(f[2]?.trim()) })) break;
    }
  }
  if (!sawBlock) return unreadableAfter(board, `The .${format} content has no parts or pins sections.`);
  return board.finishParts(format, unit, `The .${format} file`);
}

/** The one container's entry, under each of its two names and keys. */
const containerEntry = (format: Container, name: string, key_secret: string): BoardviewFormatEntry => ({
  format,
  extensions: [format],
  name,
  variants: ["plain (zlib at byte 4)", "encrypted (stream cipher; needs the operator's key)"],
  reads: ["parts with side", "pins with net, number, name and radius", "test vias", "part values from the bill of materials", "unit (mil or mm)"],
  unit: "mil",
  key_secret,
});

/** Tried last: a zlib stream at byte 4, or bytes a configured key decrypts to one (readFz tells). */
export const FZ_AND_CAE: BoardviewFormat = {
  order: 100,
  catalogue: [containerEntry("fz", "ASUS .fz", "BOARDVIEW_FZ_KEY"), containerEntry("cae", "ASRock .cae", "BOARDVIEW_CAE_KEY")],
  looksLike: () => true,
  read: readFz,
  keys: { fz: parseWordKey, cae: parseWordKey },
};
