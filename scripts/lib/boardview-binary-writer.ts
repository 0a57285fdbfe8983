// Writes the binary boardview formats the service reads (src/boardview-formats/binary/) from a board described in plain
// terms, for the tests and the bench: ASUS/ASRock .fz/.cae (plain, or encrypted with a key the caller makes
// up), XZZ .pcb, Tebo .tvw and Lenovo .cst. Written from the layouts in docs/boardviews.md; the encryptions here
// are written apart from the readers' decryptions, so a test checks one against the other.
import { deflateSync } from "node:zlib";
import { desBlocks, desKeySchedule } from "../../src/boardview-formats/binary/des";
import { decodeTeboString } from "../../src/boardview-formats/binary/tvw";
import type { WrittenBoard, WrittenPart, WrittenPin } from "./boardview-writer";

/** Pins and parts may carry what these formats hold beyond the text formats. */
export type BinaryPin = WrittenPin & { number?: string; name?: string };
export type BinaryPart = WrittenPart & { value?: string };

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Little-endian writer. */
class Out {
  private chunks: Uint8Array[] = [];
  u8(v: number) {
    this.chunks.push(Uint8Array.of(v & 0xff));
    return this;
  }
  u16(v: number) {
    const b = new Uint8Array(2);
    new DataView(b.buffer).setUint16(0, v & 0xffff, true);
    this.chunks.push(b);
    return this;
  }
  u32(v: number) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, v >>> 0, true);
    this.chunks.push(b);
    return this;
  }
  i32(v: number) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, v | 0, true);
    this.chunks.push(b);
    return this;
  }
  f32(v: number) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, v, true);
    this.chunks.push(b);
    return this;
  }
  bytes(b: Uint8Array) {
    this.chunks.push(b);
    return this;
  }
  zeros(n: number) {
    this.chunks.push(new Uint8Array(n));
    return this;
  }
  get length() {
    return this.chunks.reduce((n, c) => n + c.length, 0);
  }
  done(): Uint8Array {
    return concat(this.chunks);
  }
}

// ---- .fz / .cae ----

/** A made-up 44-word key (tests and the bench only; a real vendor key is never written anywhere here). */
export function madeUpWordKey(seed: number): Uint32Array {
  const key = new Uint32Array(44);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < 44; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    key[i] = s;
  }
  return key;
}

export const wordKeyText = (key: Uint32Array) => [...key].map((w) => `0x${w.toString(16).padStart(8, "0")}`).join(", ");

/** The cipher in the encrypting direction: RC6 rounds over the last 16 ciphertext bytes give each byte's mask. */
export function encryptFzBytes(plain: Uint8Array, key: Uint32Array): Uint8Array {
  const out = new Uint8Array(plain.length);
  const rot = (v: number, n: number) => ((v << (n & 31)) | (v >>> ((32 - (n & 31)) & 31))) >>> 0;
  const history: number[] = new Array(16).fill(0);
  let [a, b, c, d] = [0, 0, 0, 0];
  for (let pos = 0; pos < plain.length; pos++) {
    b = (b + key[0]) >>> 0;
    d = (d + key[1]) >>> 0;
    for (let i = 1; i <= 20; i++) {
      const t = rot(Math.imul(b, 2 * b + 1) >>> 0, 5);
      const u = rot(Math.imul(d, 2 * d + 1) >>> 0, 5);
      const na = (rot((a ^ t) >>> 0, u) + key[2 * i]) >>> 0;
      const nc = (rot((c ^ u) >>> 0, t) + key[2 * i + 1]) >>> 0;
      [a, b, c, d] = [b, nc, d, na];
    }
    a = (a + key[42]) >>> 0;
    out[pos] = plain[pos] ^ (a & 0xff);
    history.shift();
    history.push(out[pos]);
    const le = (i: number) => (history[i] | (history[i + 1] << 8) | (history[i + 2] << 16) | (history[i + 3] << 24)) >>> 0;
    [a, b, c, d] = [le(0), le(4), le(8), le(12)];
  }
  return out;
}

/** The content text of a .fz: parts, pins (number and name), test vias. */
export function fzContentText(board: WrittenBoard, options: { unit?: "mm"; numberlessVariant?: boolean } = {}): string {
  const lines: string[] = [];
  if (options.unit === "mm") lines.push("UNIT:millimeters");
  lines.push("A!REFDES!COMP_INSERTION_CODE!SYM_NAME!SYM_MIRROR!SYM_ROTATE!");
  for (const part of board.parts) lines.push(`S!${part.name}!!SYM!${part.side === "top" ? "YES" : "NO"}!0!`);
  lines.push("A!NET_NAME!REFDES!PIN_NUMBER!PIN_NAME!PIN_X!PIN_Y!TEST_POINT!RADIUS!");
  for (const part of board.parts)
    for (const [i, pin] of (part.pins as BinaryPin[]).entries()) {
      const number = pin.number ?? String(i + 1);
      const cells = options.numberlessVariant ? ["0", number] : [number, pin.name ?? ""];
      lines.push(`S!${pin.net}!${part.name}!${cells[0]}!${cells[1]}!${pin.x}!${pin.y}!!6!`);
    }
  lines.push("A!TESTVIA!NET_NAME!REFDES!PIN_NUMBER!PIN_NAME!VIA_X!VIA_Y!TEST_POINT!RADIUS!");
  for (const tp of board.testPoints ?? []) lines.push(`S!Y!${tp.net}!TP${tp.probe}!1!!${tp.x}!${tp.y}!${tp.side === "top" ? "T" : "B"}!5!`);
  return `${lines.join("\r\n")}\r\n`;
}

/** The description (bill of materials): one line per value, listing its designators. */
export function fzDescriptionText(board: WrittenBoard): string {
  const lines = ["BOARD DESCRIPTION", "PARTNUMBER\tDESCRIPTION\tQTY\tLOCATION\tPARTNUMBER2"];
  const byValue = new Map<string, string[]>();
  for (const part of board.parts as BinaryPart[]) if (part.value) byValue.set(part.value, [...(byValue.get(part.value) ?? []), part.name]);
  let n = 1;
  for (const [value, names] of byValue) lines.push(`PN${n++}\t${value}\t${names.length}\t${names.join(" ")}\tALT`);
  return `${lines.join("\r\n")}\r\n`;
}

/** Assembles the container around a content (and description) text. */
export function fzContainer(content: Uint8Array, description?: Uint8Array): Uint8Array {
  const prefixed = (data: Uint8Array) => new Out().u32(data.length).bytes(deflateSync(data)).done();
  const body = prefixed(content);
  if (!description) return new Out().bytes(body).u32(0).done();
  const descr = prefixed(description);
  return new Out()
    .bytes(body)
    .bytes(descr)
    .u32(descr.length + 4)
    .done();
}

export function fzFile(board: WrittenBoard, options: { key?: Uint32Array; unit?: "mm"; numberlessVariant?: boolean } = {}): Uint8Array {
  const file = fzContainer(ascii(fzContentText(board, options)), ascii(fzDescriptionText(board)));
  return options.key ? encryptFzBytes(file, options.key) : file;
}

// ---- XZZ .pcb ----

/** A made-up 8-byte DES key (tests and the bench only). */
export const madeUpDesKey = (seed: number) => Uint8Array.from({ length: 8 }, (_, i) => (seed * 37 + i * 101 + 13) & 0xff);
export const desKeyText = (key: Uint8Array) => Buffer.from(key).toString("hex");

export interface XzzOptions {
  key: Uint8Array;
  /** XOR every byte before the readings marker with this (non-zero) byte. */
  xor?: number;
  /** Diode readings after the parts: by net ("NET=value" lines) or by part and pin ("=value=PART(PIN)"). */
  readings?: { byNet?: Record<string, string>; byPin?: { part: string; pin: string; value: string }[] };
  /** An outline rectangle on the edge layer (default 0,0 – 1000,800) and one arc. */
  outline?: boolean;
}

const XZZ_SCALE = 10_000;

function block(type: number, payload: Uint8Array): Uint8Array {
  return new Out().u8(type).u32(payload.length).bytes(payload).done();
}

function xzzPart(part: WrittenPart, netIndex: Map<string, number>): Uint8Array {
  const name = ascii(part.name);
  const group = ascii("GROUP");
  const body = new Out();
  // The name sub-block: type, length, 26 bytes, name length, name.
  body
    .u8(0x06)
    .u32(30 + name.length)
    .zeros(26)
    .u32(name.length)
    .bytes(name);
  for (const [i, pin] of (part.pins as BinaryPin[]).entries()) {
    const number = ascii(pin.number ?? String(i + 1));
    const p = new Out()
      .zeros(4)
      .i32(Math.round(pin.x * XZZ_SCALE))
      .i32(Math.round(pin.y * XZZ_SCALE))
      .zeros(8)
      .u32(number.length)
      .bytes(number)
      .zeros(32)
      .u32(netIndex.get(pin.net) ?? 0)
      .done();
    body.u8(0x09).u32(p.length).bytes(p);
  }
  const inner = body.done();
  const head = new Out().zeros(18).u32(group.length).bytes(group).done();
  const size = head.length + inner.length; // bytes after the size field
  const plain = new Out().u32(size).bytes(head).bytes(inner).done();
  const padded = new Uint8Array(Math.ceil(plain.length / 8) * 8);
  padded.set(plain);
  return padded;
}

/** DES in the encrypting direction (the algorithm of src/boardview-formats/binary/des.ts, checked there against FIPS vectors). */
function encrypt(plain: Uint8Array, key: Uint8Array): Uint8Array {
  const out = plain.slice();
  desBlocks(out, desKeySchedule(key), "encrypt");
  return out;
}

export function xzzFile(board: WrittenBoard, options: XzzOptions): Uint8Array {
  const nets = [...new Set([...board.parts.flatMap((p) => p.pins.map((pin) => pin.net)), ...(board.testPoints ?? []).map((t) => t.net)])];
  const netIndex = new Map(nets.map((n, i) => [n, i + 1]));
  const blocks: Uint8Array[] = [];
  if (options.outline !== false) {
    const corners = [
      [0, 0],
      [1000, 0],
      [1000, 800],
      [0, 800],
    ];
    for (let i = 0; i < 4; i++) {
      const [a, b] = [corners[i], corners[(i + 1) % 4]];
      blocks.push(
        block(
          0x05,
          new Out()
            .u32(28)
            .i32(a[0] * XZZ_SCALE)
            .i32(a[1] * XZZ_SCALE)
            .i32(b[0] * XZZ_SCALE)
            .i32(b[1] * XZZ_SCALE)
            .u32(XZZ_SCALE)
            .u32(0)
            .done(),
        ),
      );
    }
    // A trace on another layer is not the outline.
    blocks.push(block(0x05, new Out().u32(1).i32(0).i32(0).i32(5).i32(5).u32(XZZ_SCALE).u32(0).done()));
    blocks.push(
      block(
        0x01,
        new Out()
          .u32(28)
          .i32(500 * XZZ_SCALE)
          .i32(800 * XZZ_SCALE)
          .i32(50 * XZZ_SCALE)
          .i32(0)
          .i32(180 * XZZ_SCALE)
          .u32(XZZ_SCALE)
          .u32(0)
          .done(),
      ),
    );
  }
  for (const part of board.parts) blocks.push(block(0x07, encrypt(xzzPart(part, netIndex), options.key)));
  for (const tp of board.testPoints ?? []) {
    const name = ascii(`TP${tp.probe}`);
    blocks.push(
      block(
        0x09,
        new Out()
          .u32(tp.probe)
          .i32(tp.x * XZZ_SCALE)
          .i32(tp.y * XZZ_SCALE)
          .zeros(8)
          .u32(name.length)
          .bytes(name)
          .zeros(12)
          .u32(netIndex.get(tp.net) ?? 0)
          .done(),
      ),
    );
  }
  const main = concat(blocks);
  const netBlock = concat(
    nets.map((n, i) =>
      new Out()
        .u32(ascii(n).length + 8)
        .u32(i + 1)
        .bytes(ascii(n))
        .done(),
    ),
  );
  const mainStart = 0x40;
  const netStart = mainStart + 4 + main.length;
  const header = new Uint8Array(0x40);
  header.set(ascii("XZZPCB"));
  const view = new DataView(header.buffer);
  view.setUint32(0x20, mainStart - 0x20, true);
  view.setUint32(0x28, netStart - 0x20, true);
  const body = new Out().bytes(header).u32(main.length).bytes(main).u32(netBlock.length).bytes(netBlock).done();
  if (options.xor) for (let i = 0; i < body.length; i++) body[i] ^= options.xor;
  const tail = new Out();
  const readings = options.readings;
  if (readings) {
    tail.bytes(ascii("v6v6555v6v6")).zeros(7);
    if (readings.byPin) tail.bytes(ascii(`\n${readings.byPin.map((r) => `=${r.value}=${r.part}(${r.pin})`).join("\n")}\n`));
    if (readings.byNet)
      tail.bytes(
        ascii(
          `\r\n${Object.entries(readings.byNet)
            .map(([net, value]) => `${net}=${value}`)
            .join("\r\n")}\r\n\r\nAFTER=9`,
        ),
      );
  }
  return concat([body, tail.done()]);
}

// ---- Tebo .tvw ----

/** The header obfuscation, inverted by search: the character that decodes to each one at its position. */
export function encodeTeboString(plain: string): string {
  let out = "";
  for (let i = 0; i < plain.length; i++) {
    let found = plain[i];
    for (let c = 0x20; c < 0x7f; c++) {
      const candidate = String.fromCharCode(c);
      if (decodeTeboString(" ".repeat(i) + candidate)[i] === plain[i]) {
        found = candidate;
        break;
      }
    }
    out += found;
  }
  return out;
}

const TVW = 100; // 1/100 mil

function str255(out: Out, text: string): Out {
  const b = ascii(text.slice(0, 255));
  return out.u8(b.length).bytes(b);
}

function tvwLogicLayer(out: Out, name: string, type: number, pads: { net: number; x: number; y: number; hole: boolean }[]): void {
  out.u32(3).u32(2).u32(1);
  str255(out, name);
  str255(out, name);
  str255(out, "");
  out.u32(type).u32(0xff).u32(0xff);
  // Shapes: max dcode 12 → two shapes (a round pad, a rectangle).
  out.u32(12);
  out
    .u32(1)
    .i32(12 * TVW)
    .i32(12 * TVW)
    .u32(0)
    .i32(0)
    .i32(0);
  out
    .u32(1)
    .i32(20 * TVW)
    .i32(10 * TVW)
    .u32(1)
    .f32(0)
    .i32(0);
  out.u32(1).u32(0).u32(1);
  if (pads.length) {
    out.u32(pads.length).u32(2);
    for (const [i, pad] of pads.entries()) {
      out
        .i32(pad.net)
        .u32(10 + (i % 2))
        .i32(pad.x * TVW)
        .i32(pad.y * TVW)
        .u8(1)
        .u8(1)
        .u8(0);
      out
        .u8(0)
        .zeros(16)
        .u8(pad.hole ? 1 : 0)
        .u8(0);
      if (pad.hole)
        out
          .zeros(7)
          .i32(8 * TVW)
          .i32(8 * TVW)
          .u8(0);
    }
  } else out.u32(0);
  out.u32(1).u32(0).i32(0).u32(10).i32(0).i32(0).i32(5).i32(5); // one trace
  out.u32(0); // arcs
  out.u32(0); // surfaces
  out.u32(0).u32(0).u32(7); // items
  out.u32(0).u32(0).u32(4); // test points
  out.u32(0).u32(0).u32(0).u32(0).u32(0).u32(0); // two sets and the sequence
}

export function tvwFile(board: WrittenBoard): Uint8Array {
  const nets = [...new Set(board.parts.flatMap((p) => p.pins.map((pin) => pin.net)))];
  const padsOf = {
    top: [] as { net: number; x: number; y: number; hole: boolean }[],
    bottom: [] as { net: number; x: number; y: number; hole: boolean }[],
  };
  const handles = board.parts.map((part) =>
    part.pins.map((pin) => {
      const pads = padsOf[part.side];
      pads.push({ net: nets.indexOf(pin.net), x: pin.x, y: pin.y, hole: part.mounting === "through_hole" });
      return (pads.length - 1) * 8;
    }),
  );
  const out = new Out();
  str255(out, encodeTeboString("Tebo-ictview files."));
  out.u32(1);
  str255(out, encodeTeboString("Customer 1"));
  out.u8(0);
  str255(out, encodeTeboString("2024-01-02"));
  out.zeros(3).u32(0).u32(0).u32(0);
  out.u32(3); // layers: top, bottom, route
  tvwLogicLayer(out, "TOP", 1, padsOf.top);
  tvwLogicLayer(out, "BOTTOM", 2, padsOf.bottom);
  // The route layer: one tool, the outline as four slots.
  out.u32(0).u32(1).u32(2).u32(1);
  str255(out, "ROUTE");
  str255(out, "ROUTE");
  str255(out, "");
  out.u32(12).u32(0).u32(0);
  out.u32(0).u32(0).u32(2);
  out.u8(1).u8(0).u32(10).zeros(20).zeros(3);
  out.u8(0).u32(5).u32(0).zeros(16);
  const corners = [
    [0, 0],
    [1000, 0],
    [1000, 800],
    [0, 800],
  ];
  for (let i = 0; i < 4; i++) {
    const [a, b] = [corners[i], corners[(i + 1) % 4]];
    out
      .u8(0x0a)
      .i32(-1)
      .u32(1)
      .i32(a[0] * TVW)
      .i32(a[1] * TVW)
      .i32(b[0] * TVW)
      .i32(b[1] * TVW)
      .u32(0);
  }
  out.u8(0x08).i32(-1).u32(1).i32(0).i32(0); // a drill hole
  out.zeros(16);
  out.u32(nets.length).u32(nets.length);
  for (const n of nets) str255(out, n);
  // Probes: one pack of no probes.
  out.u32(0).u32(0).u32(4);
  str255(out, "PROBES");
  out.u32(11811).u32(1).u32(0);
  // Fixtures: eight grid names, a top and a bottom setting without variants.
  out.u32(0).u32(7874);
  for (let i = 0; i < 8; i++) str255(out, "");
  for (const side of ["TOP", "BOTTOM"]) {
    out.u32(3);
    str255(out, side);
    out.u32(0).u32(0).i32(0).i32(0);
  }
  out.zeros(68);
  out.u32(board.parts.length).u32(0);
  for (const [i, part] of (board.parts as BinaryPart[]).entries()) {
    str255(out, part.name);
    const xs = part.pins.map((p) => p.x);
    const ys = part.pins.map((p) => p.y);
    out
      .i32((Math.min(...xs) - 5) * TVW)
      .i32((Math.min(...ys) - 5) * TVW)
      .i32((Math.max(...xs) + 5) * TVW)
      .i32((Math.max(...ys) + 5) * TVW);
    out
      .i32(part.x * TVW)
      .i32(part.y * TVW)
      .i32(0)
      .u32(0)
      .u32(0)
      .u32(0)
      .i32(0);
    out.u8(0);
    str255(out, part.value ?? "");
    str255(out, "");
    str255(out, "");
    str255(out, part.value ? "" : `description of ${part.name}`);
    out
      .u32(part.pins.length)
      .u32(part.side === "top" ? 0 : 1)
      .u32(0);
    for (const [j, pin] of (part.pins as BinaryPin[]).entries()) {
      out
        .u32(handles[i][j])
        .u32(0)
        .u32(j + 1);
      str255(out, pin.number ?? String(j + 1));
      out.u32(0);
    }
  }
  out.u32(3).u32(0); // decals
  return out.done();
}

// ---- Lenovo .cst ----

/** Positions are 16-bit integers here: the board's numbers must fit. */
export function cstFile(board: WrittenBoard): Uint8Array {
  const nets = [...new Set([...board.parts.flatMap((p) => p.pins.map((pin) => pin.net)), ...(board.testPoints ?? []).map((t) => t.net)])];
  const out = new Out().u16(board.parts.length).u16(0xffff).u16(1);
  str16(out, "CDevice");
  for (const [i, part] of board.parts.entries()) {
    out
      .u8(part.name.length)
      .bytes(ascii(part.name))
      .zeros(4)
      .u8(part.side === "top" ? 0x0c : 0x01)
      .zeros(4);
    if (i < board.parts.length - 1) out.u16(0x8001);
  }
  out.u16(nets.length);
  for (const n of nets) out.u8(n.length).bytes(ascii(n));
  // Another class's objects come between the nets and the pins (read past, not read).
  out.u16(1).u16(0xffff).u16(1);
  str16(out, "CShape");
  out.zeros(12);
  const pins = board.parts.flatMap((part, i) => part.pins.map((pin) => ({ part: i, probe: -1, ...pin })));
  const orphans = (board.testPoints ?? []).map((t) => ({ part: -1, ...t }));
  out
    .u16(pins.length + orphans.length)
    .u16(0xffff)
    .u16(1);
  str16(out, "CPad");
  for (const pin of [...pins, ...orphans]) out.u16(pin.part).u16(pin.probe).u16(nets.indexOf(pin.net)).u16(pin.x).u16(pin.y).u16(0).zeros(4);
  return out.done();
}

function str16(out: Out, text: string): Out {
  return out.u16(text.length).bytes(ascii(text));
}
