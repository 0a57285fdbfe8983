// Small but real files for the demo library: PDFs with extractable text (pdf-lib, standard font),
// a PNG, a WAV, a ZIP, an STL, firmware-like binaries. Each carries its format's real signature,
// so content sniffing accepts it. Everything is deterministic (no dates, no randomness of its own).
import { crc32, deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Random } from "./prng";

const FIXED_DATE = new Date("2025-01-01T00:00:00Z");
const LINE_CHARS = 90;

function wrap(text: string): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if ((line + " " + word).trim().length > LINE_CHARS) {
        lines.push(line);
        line = word;
      } else line = (line + " " + word).trim();
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF with one page per entry of `pages` (Helvetica, WinAnsi text), and the text of each page. */
export async function pdfFile(title: string, pages: string[]): Promise<{ bytes: Uint8Array; pages: string[] }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setProducer("board-docs demo generator");
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const texts: string[] = [];
  pages.forEach((body, i) => {
    const page = doc.addPage([595, 842]);
    const heading = `${title} - ${i + 1}/${pages.length}`;
    page.drawText(heading, { x: 50, y: 790, size: 14, font: bold });
    const lines = wrap(body);
    for (const [j, line] of lines.entries()) page.drawText(line, { x: 50, y: 760 - j * 15, size: 10, font });
    texts.push([heading, ...lines].join("\n"));
  });
  return { bytes: await doc.save({ useObjectStreams: false }), pages: texts };
}

/** A solid-colour PNG with a few stripes (real zlib stream and CRCs). */
export function pngFile(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * (width * 3 + 1) + 1 + x * 3;
      const stripe = (x + y) % 8 < 2 ? 40 : 0;
      raw[o] = rgb[0] ^ stripe;
      raw[o + 1] = rgb[1] ^ stripe;
      raw[o + 2] = rgb[2] ^ stripe;
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]),
  );
}

/** A short mono 8 kHz 8-bit WAV: a tone (e.g. a coil whine recording). */
export function wavFile(seconds: number, hz: number): Uint8Array {
  const rate = 8000;
  const samples = Math.round(seconds * rate);
  const b = Buffer.alloc(44 + samples);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(36 + samples, 4);
  b.write("WAVEfmt ", 8, "latin1");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write("data", 36, "latin1");
  b.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) b[44 + i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * hz * i) / rate));
  return new Uint8Array(b);
}

/** A ZIP (stored, no compression) holding the given text files. */
export function zipFile(entries: { name: string; text: string }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = Buffer.from(entry.text, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** An ASCII STL of a box (a 3D-printable board holder, say). */
export function stlFile(name: string, w: number, d: number, h: number): string {
  const v = (x: number, y: number, z: number) => `      vertex ${x} ${y} ${z}`;
  const quads: [number[], number[][]][] = [
    [
      [0, 0, -1],
      [
        [0, 0, 0],
        [w, 0, 0],
        [w, d, 0],
        [0, d, 0],
      ],
    ],
    [
      [0, 0, 1],
      [
        [0, 0, h],
        [0, d, h],
        [w, d, h],
        [w, 0, h],
      ],
    ],
    [
      [0, -1, 0],
      [
        [0, 0, 0],
        [0, 0, h],
        [w, 0, h],
        [w, 0, 0],
      ],
    ],
    [
      [0, 1, 0],
      [
        [0, d, 0],
        [w, d, 0],
        [w, d, h],
        [0, d, h],
      ],
    ],
    [
      [-1, 0, 0],
      [
        [0, 0, 0],
        [0, d, 0],
        [0, d, h],
        [0, 0, h],
      ],
    ],
    [
      [1, 0, 0],
      [
        [w, 0, 0],
        [w, 0, h],
        [w, d, h],
        [w, d, 0],
      ],
    ],
  ];
  const facets = quads.flatMap(([n, [a, b, c, e]]) =>
    [
      [a, b, c],
      [a, c, e],
    ].map((tri) =>
      [`  facet normal ${n.join(" ")}`, "    outer loop", ...tri.map((p) => v(p[0], p[1], p[2])), "    endloop", "  endfacet"].join("\n"),
    ),
  );
  return [`solid ${name}`, ...facets, `endsolid ${name}`, ""].join("\n");
}

/** A SPI flash dump: a recognisable descriptor signature, then filler. */
export function biosDump(random: Random, size: number, label: string): Uint8Array {
  const bytes = new Uint8Array(size).fill(0xff);
  bytes.set([0x5a, 0xa5, 0xf0, 0x0f], 16); // Intel flash descriptor signature at 0x10
  const text = new TextEncoder().encode(`$BIOS ${label} $`);
  bytes.set(text, 256);
  for (let i = 1024; i < size; i += 1) bytes[i] = i % 64 < 48 ? random.int(0, 255) : 0xff;
  return bytes;
}

/** A minimal Windows executable header (MZ + PE signature): enough to be recognised as a program. */
export function exeFile(label: string): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a], 0); // MZ
  bytes.set([0x80, 0, 0, 0], 0x3c); // e_lfanew
  bytes.set([0x50, 0x45, 0, 0, 0x4c, 0x01], 0x80); // PE\0\0, i386
  bytes.set(new TextEncoder().encode(`demo tool ${label}`), 0x100);
  return bytes;
}

/** The first boxes of an MP4 (ftyp + an empty mdat): recognised as MP4, plays nothing. */
export function mp4Stub(label: string): Uint8Array {
  const ftyp = Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]);
  const note = Buffer.from(`demo video placeholder: ${label}`, "utf8");
  const free = Buffer.concat([Buffer.alloc(4), Buffer.from("free"), note]);
  free.writeUInt32BE(free.length, 0);
  const mdat = Buffer.from([0, 0, 0, 8, ...Buffer.from("mdat")]);
  return new Uint8Array(Buffer.concat([ftyp, free, mdat]));
}
