// Writes boardview files in the formats the service reads (src/boardview/), from a board described in plain
// terms: the demo data, the tests and the bench make their files here. Written from the layouts documented in
// docs/boardviews.md; never a copy of another program's files.
import { encodeTestLinkByte } from "../../src/boardview-formats/test-link";
import { bdvKey } from "../../src/boardview-formats/bdv";

export interface WrittenPin {
  x: number;
  y: number;
  net: string;
}

export interface WrittenPart {
  name: string;
  side: "top" | "bottom";
  mounting: "smd" | "through_hole";
  /** GenCAD places the part here (pins are offsets from it); other formats place only pins. */
  x: number;
  y: number;
  pins: WrittenPin[];
}

export interface WrittenTestPoint {
  probe: number;
  x: number;
  y: number;
  side: "top" | "bottom";
  net: string;
}

export interface WrittenBoard {
  parts: WrittenPart[];
  testPoints?: WrittenTestPoint[];
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

/** Test_Link .brd text. `netsFromNails`: pins name no net; each net gets a nail the pins point at by probe. */
export function testLinkText(
  board: WrittenBoard,
  options: { netsFromNails?: boolean; claimedCounts?: [number, number, number, number] } = {},
): string {
  const nails = [...(board.testPoints ?? [])];
  const probes = new Map<string, number>();
  if (options.netsFromNails) {
    for (const pin of board.parts.flatMap((p) => p.pins)) {
      if (!probes.has(pin.net)) {
        const probe = 1000 + probes.size;
        probes.set(pin.net, probe);
        nails.push({ probe, x: pin.x, y: pin.y, side: "top", net: pin.net });
      }
    }
  }
  const pinCount = board.parts.reduce((n, p) => n + p.pins.length, 0);
  const counts = options.claimedCounts ?? [4, board.parts.length, pinCount, nails.length];
  const lines = ["str_length:", "0 0 0 0", "var_data:", counts.join(" "), "Format:", "0 0", "1000 0", "1000 800", "0 800", "Parts:"];
  let end = 0;
  for (const part of board.parts) {
    end += part.pins.length;
    const code = part.mounting === "smd" ? (part.side === "top" ? 5 : 10) : part.side === "top" ? 1 : 2;
    lines.push(`${part.name} ${code} ${end}`);
  }
  lines.push("Pins:");
  board.parts.forEach((part, i) => {
    for (const pin of part.pins) {
      if (options.netsFromNails) lines.push(`${pin.x} ${pin.y} ${probes.get(pin.net)} ${i + 1}`);
      else lines.push(`${pin.x} ${pin.y} -99 ${i + 1} ${pin.net}`);
    }
  });
  lines.push("Nails:");
  for (const n of nails) lines.push(`${n.probe} ${n.x} ${n.y} ${n.side === "top" ? 1 : 2} ${n.net}`);
  return `${lines.join("\r\n")}\r\n`;
}

export function testLinkFile(board: WrittenBoard, options: { encoded?: boolean; netsFromNails?: boolean } = {}): Uint8Array {
  const bytes = ascii(testLinkText(board, options));
  if (options.encoded) for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0x0d && bytes[i] !== 0x0a) bytes[i] = encodeTestLinkByte(bytes[i]);
  return bytes;
}

/** Honhan .bdv text: sections with their header lines, parts with their pins, nails. */
export function bdvText(board: WrittenBoard): string {
  const header = (n: number) => Array.from({ length: n }, (_, i) => `; header line ${i + 1}`);
  const lines = ["<<format.asc>>", ...header(8), "0.000 0.000", "10.000 0.000", "10.000 8.000", "0.000 8.000"];
  lines.push("<<pins.asc>>", ...header(8));
  let id = 1;
  for (const part of board.parts) {
    lines.push(`Part ${part.name} ${part.side === "top" ? "(T)" : "(B)"}`);
    for (const [i, pin] of part.pins.entries()) lines.push(`${id++} ${i + 1} ${pin.x} ${pin.y} 1 ${pin.net} 0`);
  }
  lines.push("<<nails.asc>>", ...header(7));
  for (const n of board.testPoints ?? []) lines.push(`-${n.probe} ${n.x} ${n.y} 1 A1 ${n.side === "top" ? "(T)" : "(B)"} ${n.probe} ${n.net}`);
  return `${lines.join("\r\n")}\r\n`;
}

/** The .bdv file, encoded (as such files are found) unless `plain`. */
export function bdvFile(board: WrittenBoard, options: { plain?: boolean } = {}): Uint8Array {
  const text = bdvText(board);
  if (options.plain) return ascii(text);
  const out: number[] = [];
  text.split("\r\n").forEach((line, i, all) => {
    const key = bdvKey(i);
    for (const c of ascii(line)) out.push((key - c) & 0xff);
    if (i < all.length - 1) out.push(0x0d, 0x0a);
  });
  return Uint8Array.from(out);
}

/** GenCAD 1.4 text: a shape per part (its pins as offsets), components placed, signals by node. */
export function genCadText(board: WrittenBoard): string {
  const lines = ["$HEADER", "GENCAD 1.4", "USER board-docs generator", "UNITS INCH", "$ENDHEADER", "$BOARD", "LINE 0 0 10 0", "$ENDBOARD"];
  lines.push("$PADS", "PAD SMD1 RECTANGULAR 0", "RECTANGLE -0.01 -0.01 0.02 0.02", "PAD TH1 ROUND 0.03", "CIRCLE 0 0 0.03", "$ENDPADS");
  lines.push("$PADSTACKS", "PADSTACK PS_SMD 0", "PAD SMD1 TOP 0 0", "PADSTACK PS_TH 0.03", "PAD TH1 TOP 0 0", "PAD TH1 BOTTOM 0 0", "$ENDPADSTACKS");
  lines.push("$SHAPES");
  for (const part of board.parts) {
    lines.push(`SHAPE "SH_${part.name}"`);
    const pad = part.mounting === "smd" ? "PS_SMD" : "PS_TH";
    for (const [i, pin] of part.pins.entries()) lines.push(`PIN ${i + 1} ${pad} ${round(pin.x - part.x)} ${round(pin.y - part.y)} TOP 0 0`);
  }
  lines.push("$ENDSHAPES", "$COMPONENTS");
  for (const part of board.parts) {
    lines.push(`COMPONENT ${part.name}`, `DEVICE DEV_${part.name}`, `PLACE ${part.x} ${part.y}`, `LAYER ${part.side === "top" ? "TOP" : "BOTTOM"}`);
    lines.push("ROTATION 0", `SHAPE "SH_${part.name}" 0 0`);
  }
  lines.push("$ENDCOMPONENTS", "$DEVICES");
  for (const part of board.parts) lines.push(`DEVICE DEV_${part.name}`, `PART ${part.name}`);
  lines.push("$ENDDEVICES", "$SIGNALS");
  const nets = new Map<string, string[]>();
  for (const part of board.parts) {
    for (const [i, pin] of part.pins.entries()) {
      const nodes = nets.get(pin.net) ?? [];
      nodes.push(`NODE ${part.name} ${i + 1}`);
      nets.set(pin.net, nodes);
    }
  }
  for (const [net, nodes] of nets) lines.push(`SIGNAL ${net}`, ...nodes);
  lines.push("$ENDSIGNALS", "$TESTPINS");
  for (const n of board.testPoints ?? []) lines.push(`TESTPIN TP${n.probe} ${n.x} ${n.y} ${n.side === "top" ? "TOP" : "BOTTOM"} ${n.net}`);
  lines.push("$ENDTESTPINS");
  return `${lines.join("\r\n")}\r\n`;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

export const genCadFile = (board: WrittenBoard): Uint8Array => ascii(genCadText(board));

/**
 * A board shaped like a laptop main board, deterministic per seed: mostly two-pin passives, some ICs with many
 * pins, power rails shared by many parts, and about one signal net per three pins. `pins` is the target size.
 */
export function syntheticBoard(seed: number, pins: number): WrittenBoard {
  let state = seed >>> 0 || 1;
  const rnd = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const rails = ["GND", "GND", "GND", "PPBUS_G3H", "PP3V3_S5", "PP5V_S4", "PP1V8_S0", "PPVCC_S0_CPU", "PP3V42_G3H"];
  const parts: WrittenPart[] = [];
  const counters = new Map<string, number>();
  let written = 0;
  while (written < pins) {
    const ic = rnd() < 0.08;
    const prefix = ic ? (rnd() < 0.5 ? "U" : "Q") : ["R", "C", "L", "D"][Math.floor(rnd() * 4)];
    const n = (counters.get(prefix) ?? 1000) + 1;
    counters.set(prefix, n);
    const count = Math.min(ic ? 8 + Math.floor(rnd() * 120) : 2, pins - written);
    const x = Math.round(rnd() * 10_000);
    const y = Math.round(rnd() * 7_000);
    const side = rnd() < 0.6 ? "top" : "bottom";
    const part: WrittenPart = { name: `${prefix}${n}`, side, mounting: rnd() < 0.05 ? "through_hole" : "smd", x, y, pins: [] };
    for (let i = 0; i < count; i++) {
      // Signal nets join about four pins each: a pool a quarter the size of the board.
      const net = rnd() < 0.35 ? rails[Math.floor(rnd() * rails.length)] : `NET_${Math.floor(rnd() * Math.max(1, pins / 4))}`;
      part.pins.push({ x: x + (i % 10) * 20, y: y + Math.floor(i / 10) * 20, net });
    }
    parts.push(part);
    written += count;
  }
  const testPoints = rails.slice(2).map((net, i) => ({ probe: i + 1, x: 100 * (i + 1), y: 50, side: "bottom" as const, net }));
  return { parts, testPoints };
}
