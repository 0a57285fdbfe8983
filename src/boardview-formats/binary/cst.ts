// Lenovo .cst, where its layout is established (OpenBoardView's reader; the file is an MFC archive): a u16 part
// count, a class header (FF FF, a u16 schema, a u16 name length, the class name), then per part [name length u8]
// [name][4 bytes][layer u8: 0x0C top, 0x01 bottom][4 bytes], a 2-byte class tag between parts; a u16 net count
// and the net names [length u8][name]; later the "CPad" class header, preceded by the pin count (u16), and 16-byte
// pins: part index (i16, negative when the pin belongs to no part), probe (i16), net index (i16), x and y (i16),
// shape (i16), 4 bytes. Not established, so not read: the outline, the positions' unit, pin numbers, part values.
import { BoardBuilder } from "../builder";
import { nameOf, noteCut } from "../lines";
import { type BoardPart, type BoardRead, BOARDVIEW_CAPS, unreadable } from "../types";
import { ByteCursor, OutOfBytes } from "./bytes";
import type { BoardviewFormat } from "../types";

const PAD_CLASS = [0x43, 0x50, 0x61, 0x64]; // CPad

/** An MFC class header at byte 2 naming a class ("C…"), and a CPad class header further on. */
export function looksLikeCst(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || bytes[2] !== 0xff || bytes[3] !== 0xff) return false;
  const length = bytes[6] | (bytes[7] << 8);
  if (length < 2 || length > 64 || bytes[8] !== 0x43) return false;
  for (let i = 8; i < 8 + length; i++) if (!/[A-Za-z0-9_]/.test(String.fromCharCode(bytes[i] ?? 0))) return false;
  return padHeader(bytes, 8 + length) >= 0;
}

/** Where the CPad class name starts (after FF FF, schema, length 4), or -1. */
function padHeader(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(0x43, from); i >= 0; i = bytes.indexOf(0x43, i + 1)) {
    if (
      i >= 6 &&
      PAD_CLASS.every((b, j) => bytes[i + j] === b) &&
      bytes[i - 6] === 0xff &&
      bytes[i - 5] === 0xff &&
      bytes[i - 2] === 4 &&
      bytes[i - 1] === 0
    )
      return i;
  }
  return -1;
}

export function parseCst(input: Uint8Array): BoardRead {
  const bytes = input.subarray(0, BOARDVIEW_CAPS.bytes);
  const board = new BoardBuilder();
  const c = new ByteCursor(bytes);
  const parts: (BoardPart | undefined)[] = [];
  const nets: string[] = [];
  try {
    const partCount = c.u16();
    c.skip(4);
    c.skip(c.u16());
    c.count(partCount, 10);
    for (let i = 0; i < partCount; i++) {
      const name = nameOf(c.text(c.u8()));
      c.skip(4);
      const layer = c.u8();
      c.skip(4);
      if (i < partCount - 1) c.skip(2);
      parts.push(name ? board.addPart(name, layer === 0x01 ? "bottom" : "top", "smd") : undefined);
    }
    const netCount = c.count(c.u16(), 1);
    for (let i = 0; i < netCount; i++) nets.push(nameOf(c.text(c.u8())));
    const pad = padHeader(bytes, c.pos);
    if (pad < 0) return unreadable("The .cst file has no pins section.");
    const pins = new ByteCursor(bytes, pad - 8);
    const pinCount = pins.u16();
    pins.pos = pad + 4;
    if (pinCount * 16 > pins.left) noteCut(board, `before its ${pinCount} pins do (${Math.floor(pins.left / 16)} there)`, `byte ${bytes.length}`);
    for (let i = 0; i < pinCount && pins.left >= 16; i++) {
      const partIndex = pins.i16();
      const probe = pins.i16();
      const netIndex = pins.i16();
      const x = pins.i16();
      const y = pins.i16();
      pins.skip(6);
      const net = nets[netIndex] ?? "";
      const part = partIndex >= 0 ? parts[partIndex] : undefined;
      if (part) {
        if (!board.addPin(part, { x, y, net })) break;
      } else if (partIndex < 0 && !board.addTestPoint({ name: String(probe), x, y, side: "top", net })) break;
    }
  } catch (err) {
    if (!(err instanceof OutOfBytes)) throw err;
    noteCut(board, "inside a record", `byte ${err.offset}`);
  }
  return board.finishParts("cst", "unknown", "The .cst file");
}

export const CST: BoardviewFormat = {
  order: 90,
  catalogue: [
    {
      format: "cst",
      extensions: ["cst"],
      name: "Lenovo .cst",
      variants: ["MFC archive (where its layout is established)"],
      reads: ["parts with side", "pins with net", "pins of no part as test points"],
      unit: "unknown",
    },
  ],
  looksLike: looksLikeCst,
  read: parseCst,
};
