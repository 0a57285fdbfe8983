// The binary boardview readers (src/boardview-formats/binary/) over files the tests write in every format and variant —
// encrypted ones with keys the tests make up — and hostile files: what a file states reads back, an encrypted
// file without its key is unreadable with the reason, and no file makes a reader throw or keep unbounded data.
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  type BinaryPart,
  cstFile,
  encryptFzBytes,
  fzContainer,
  fzFile,
  madeUpDesKey,
  tvwFile,
  xzzFile,
} from "../../scripts/lib/boardview-binary-writer";
import type { WrittenBoard } from "../../scripts/lib/boardview-writer";
import { inflateBounded } from "../../src/boardview-formats/binary/bytes";
import { desBlocks, desKeySchedule } from "../../src/boardview-formats/binary/des";
import { decryptFz } from "../../src/boardview-formats/binary/fz-cipher";
import { parseDesKey, parseWordKey, type ReadOptions } from "../../src/boardview-formats/binary/keys";
import { captureConsole } from "../helpers/console";
import { boardviewKeys, readBoardview } from "../../src/boardview-formats";
import { boardviewFromBytes } from "../../src/boardview/store";
import { BOARDVIEW_CAPS, type Board, type BoardRead } from "../../src/boardview-formats/types";
import { SAMPLE_BOARD } from "../helpers/boardviews";
import { env } from "cloudflare:workers";

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

/** SAMPLE_BOARD with what the binary formats add: pin numbers and names, part values. */
const BOARD: WrittenBoard = {
  ...SAMPLE_BOARD,
  parts: SAMPLE_BOARD.parts.map((part, i) => ({
    ...part,
    value: ["CD3217B12", "10uF 6.3V", undefined][i],
    pins: part.pins.map((pin, j) => ({
      ...pin,
      number: i === 0 ? ["A1", "A2", "B1", "B2"][j] : String(j + 1),
      name: i === 0 ? ["VIN", "GND", "VOUT", "GND"][j] : undefined,
    })),
  })) as BinaryPart[],
};

// The api project's made-up keys (vitest.config.ts), and a .cae key made up here (the worker has none).
const TEST_FZ_KEY = env.BOARDVIEW_FZ_KEY;
const TEST_XZZ_KEY = env.BOARDVIEW_XZZ_KEY;
const TEST_CAE_KEY = Array.from({ length: 44 }, (_, i) => ((Math.imul(i + 7, 40503) ^ 0x1234567) >>> 0).toString(16).padStart(8, "0")).join("");
const FZ_KEY = parseWordKey(TEST_FZ_KEY)!;
const CAE_KEY = parseWordKey(TEST_CAE_KEY)!;
const XZZ_KEY = parseDesKey(TEST_XZZ_KEY)!;

function board(read: BoardRead): Board {
  if (read.kind !== "board") throw new Error(`unreadable: ${read.reason}`);
  return read;
}

/** Names, sides and pins (position, net) as written. */
function expectParts(read: Board, written: WrittenBoard = BOARD) {
  expect(read.parts.map((p) => p.name)).toEqual(written.parts.map((p) => p.name));
  for (const [i, part] of written.parts.entries())
    expect(read.parts[i].pins.map(({ x, y, net }) => ({ x, y, net }))).toEqual(part.pins.map(({ x, y, net }) => ({ x, y, net })));
}

const NO_KEY = "The file is encrypted; the operator has not configured the key.";

describe("keys the operator supplies", () => {
  it("reads 44 hex words (0x, commas or spaces) or 352 hex digits, and an XZZ key of 16 hex digits; anything else is no key", async () => {
    expect(FZ_KEY).toHaveLength(44);
    expect(CAE_KEY).toHaveLength(44);
    expect(parseWordKey(TEST_FZ_KEY.replaceAll(",", "\n"))).toEqual(FZ_KEY);
    expect(parseWordKey(TEST_FZ_KEY.split(", ").slice(1).join(", "))).toBeUndefined();
    expect(parseWordKey(TEST_FZ_KEY.replace("0x", "0xg"))).toBeUndefined();
    expect(XZZ_KEY).toEqual(hex("13a4b5c6d7e8f901"));
    expect(parseDesKey("13a4b5c6d7e8f9")).toBeUndefined();
    // A key that is set but malformed counts as not configured, and the operator is told which one.
    const { value: keys, lines } = await captureConsole(/is set but is not a well-formed key/, async () =>
      boardviewKeys({ BOARDVIEW_FZ_KEY: TEST_FZ_KEY, BOARDVIEW_CAE_KEY: "", BOARDVIEW_XZZ_KEY: "not a key" }),
    );
    expect(keys).toEqual({ fz: FZ_KEY, cae: undefined, xzz: undefined });
    expect(lines).toEqual([expect.stringMatching(/^BOARDVIEW_XZZ_KEY is set but is not a well-formed key/)]);
  });
});

describe("the ciphers", () => {
  it("DES matches the published FIPS 46 examples, both ways", () => {
    for (const [key, plain, cipher] of [
      ["133457799BBCDFF1", "0123456789ABCDEF", "85E813540F0AB405"],
      ["0E329232EA6D0D73", "8787878787878787", "0000000000000000"],
      ["0123456789ABCDEF", "4E6F772069732074", "3FA40E8A984D4815"],
    ]) {
      const block = hex(plain);
      desBlocks(block, desKeySchedule(hex(key)), "encrypt");
      expect(block).toEqual(hex(cipher));
      desBlocks(block, desKeySchedule(hex(key)), "decrypt");
      expect(block).toEqual(hex(plain));
    }
  });

  it("the .fz stream cipher undoes the writer's encryption (written apart), and a wrong key does not", () => {
    const plain = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff);
    const encrypted = encryptFzBytes(plain, FZ_KEY);
    expect(encrypted).not.toEqual(plain);
    const back = encrypted.slice();
    decryptFz(back, FZ_KEY);
    expect(back).toEqual(plain);
    const wrong = encrypted.slice();
    decryptFz(wrong, CAE_KEY);
    expect(wrong).not.toEqual(plain);
  });
});

describe("ASUS .fz and ASRock .cae", () => {
  it("a plain .fz reads parts, sides, pins with number and name, test vias, and values from the bill of materials", () => {
    const read = board(readBoardview(fzFile(BOARD), { extension: "fz" }));
    expect(read).toMatchObject({ format: "fz", unit: "mil", stopped: null });
    expectParts(read);
    expect(read.parts.map((p) => [p.side, p.mounting, p.value])).toEqual([
      ["bottom", "smd", "CD3217B12"],
      ["top", "smd", "10uF 6.3V"],
      ["top", "smd", undefined],
    ]);
    expect(read.parts[0].pins[0]).toEqual({ x: 140, y: 210, net: "PPBUS_G3H", number: "A1", name: "VIN", radius: 6 });
    expect(read.testPoints).toEqual([{ name: "TP7", x: 500, y: 500, side: "bottom", net: "PPBUS_G3H" }]);
  });

  it("the variant that writes the ball in the name column keeps it as the pin's number; UNIT:millimeters says mm", () => {
    const read = board(readBoardview(fzFile(BOARD, { numberlessVariant: true, unit: "mm" })));
    expect(read.unit).toBe("mm");
    expect(read.parts[0].pins[1]).toMatchObject({ number: "A2" });
    expect(read.parts[0].pins[1].name).toBeUndefined();
  });

  it("the content decides: a plain container reads without its extension, and as .cae when the extension says so", () => {
    expect(board(readBoardview(fzFile(BOARD))).format).toBe("fz");
    expect(board(readBoardview(fzFile(BOARD), { extension: "cae" })).format).toBe("cae");
    expect(board(readBoardview(fzFile(BOARD), { extension: "brd" })).format).toBe("fz");
  });

  it("an encrypted .fz reads with the operator's key; without it, it is unreadable with the reason", () => {
    const encrypted = fzFile(BOARD, { key: FZ_KEY });
    const read = board(readBoardview(encrypted, { keys: { fz: FZ_KEY }, extension: "fz" }));
    expectParts(read);
    expect(read.parts[1].value).toBe("10uF 6.3V");
    expect(readBoardview(encrypted, { extension: "fz" })).toEqual({ kind: "unreadable", reason: NO_KEY });
    expect(readBoardview(encrypted, { keys: { cae: CAE_KEY }, extension: "fz" })).toEqual({ kind: "unreadable", reason: NO_KEY });
    expect(readBoardview(encrypted, { keys: { fz: CAE_KEY }, extension: "fz" })).toMatchObject({ reason: /another key/ });
    // Without the extension's word, encrypted bytes are not told from noise.
    expect(readBoardview(encrypted)).toMatchObject({ reason: /not a boardview format/ });
  });

  it("an encrypted .cae needs the .cae key; the key that decrypts it names the format", () => {
    const encrypted = fzFile(BOARD, { key: CAE_KEY });
    expect(readBoardview(encrypted, { keys: { fz: FZ_KEY }, extension: "cae" })).toEqual({ kind: "unreadable", reason: NO_KEY });
    expect(board(readBoardview(encrypted, { keys: { fz: FZ_KEY, cae: CAE_KEY }, extension: "cae" })).format).toBe("cae");
    expect(board(readBoardview(encrypted, { keys: { cae: CAE_KEY } })).format).toBe("cae");
  });

  it("a stored encrypted file without its key is a summary with the reason (what the upload shows)", () => {
    const stored = boardviewFromBytes(fzFile(BOARD, { key: CAE_KEY }), { extension: "cae" });
    expect(stored.summary).toMatchObject({ format: null, parts: 0, reason: NO_KEY });
  });
});

describe("XZZ .pcb", () => {
  const readings = { byNet: { PPBUS_G3H: "0.412", GND: "0" } };

  it("reads the outline, parts DES-decrypted with the key, pins with number and net, test pads and diode readings", () => {
    for (const xor of [0, 0x5a]) {
      const read = board(readBoardview(xzzFile(BOARD, { key: XZZ_KEY, xor, readings }), { keys: { xzz: XZZ_KEY }, extension: "pcb" }));
      expect(read).toMatchObject({ format: "xzz", unit: "mil", stopped: null });
      expectParts(read);
      expect(read.parts[0].pins.map((p) => p.number)).toEqual(["A1", "A2", "B1", "B2"]);
      expect(read.testPoints).toEqual([{ name: "TP7", x: 500, y: 500, side: "top", net: "PPBUS_G3H" }]);
      // Four edge lines and one arc of ten points; the trace on layer 1 is not outline.
      expect(read.outline.map((line) => line.length)).toEqual([2, 2, 2, 2, 10]);
      expect(read.outline[0]).toEqual([
        { x: 0, y: 0 },
        { x: 1000, y: 0 },
      ]);
      expect(read.outline[4][0]).toEqual({ x: 550, y: 800 });
      // The readings block ends at its empty line: "AFTER=9" past it is not a reading.
      expect(read.readings).toEqual([
        { net: "PPBUS_G3H", kind: "diode", value: "0.412" },
        { net: "GND", kind: "diode", value: "0" },
      ]);
    }
  });

  it("readings by part and pin become readings of the pin's net", () => {
    const file = xzzFile(BOARD, {
      key: XZZ_KEY,
      readings: {
        byPin: [
          { part: "U7000", pin: "A2", value: "OL" },
          { part: "C7010", pin: "1", value: "480" },
        ],
      },
    });
    expect(board(readBoardview(file, { keys: { xzz: XZZ_KEY } })).readings).toEqual([
      { net: "GND", kind: "diode", value: "OL" },
      { net: "PPBUS_G3H", kind: "diode", value: "480" },
    ]);
  });

  it("without the key it is unreadable with the reason; with another key too", () => {
    const file = xzzFile(BOARD, { key: XZZ_KEY, xor: 0x33 });
    expect(readBoardview(file)).toEqual({ kind: "unreadable", reason: NO_KEY });
    expect(readBoardview(file, { keys: { xzz: madeUpDesKey(9) } })).toMatchObject({ reason: /do not decrypt with the key/ });
  });
});

describe("Tebo .tvw", () => {
  it("reads parts on the top and bottom layers with box, value (else description), mounting from drilled pads, pins and the route outline", () => {
    const read = board(readBoardview(tvwFile(BOARD), { extension: "tvw" }));
    expect(read).toMatchObject({ format: "tvw", unit: "mil", stopped: null });
    expectParts(read);
    expect(read.parts.map((p) => [p.side, p.mounting, p.value])).toEqual([
      ["bottom", "smd", "CD3217B12"],
      ["top", "smd", "10uF 6.3V"],
      ["top", "through_hole", "description of J6950"],
    ]);
    expect(read.parts[0]).toMatchObject({ x: 150, y: 220, box: { x1: 135, y1: 205, x2: 165, y2: 235 } });
    expect(read.parts[0].pins[0]).toEqual({ x: 140, y: 210, net: "PPBUS_G3H", number: "A1", radius: 6 });
    expect(read.outline).toHaveLength(4);
  });
});

describe("Lenovo .cst", () => {
  it("reads parts with side, pins with net, and pins of no part as test points (unit unknown)", () => {
    const read = board(readBoardview(cstFile(BOARD), { extension: "cst" }));
    expect(read).toMatchObject({ format: "cst", unit: "unknown", stopped: null });
    expectParts(read);
    expect(read.parts.map((p) => p.side)).toEqual(["bottom", "top", "top"]);
    expect(read.testPoints).toEqual([{ name: "7", x: 500, y: 500, side: "top", net: "PPBUS_G3H" }]);
  });
});

// ---- Hostile files ----

const WRITERS: [string, () => Uint8Array, ReadOptions][] = [
  ["fz plain", () => fzFile(BOARD), { extension: "fz" }],
  ["fz encrypted", () => fzFile(BOARD, { key: FZ_KEY }), { extension: "fz", keys: { fz: FZ_KEY } }],
  ["xzz", () => xzzFile(BOARD, { key: XZZ_KEY, xor: 0x21, readings: { byNet: { GND: "0" } } }), { extension: "pcb", keys: { xzz: XZZ_KEY } }],
  ["tvw", () => tvwFile(BOARD), { extension: "tvw" }],
  ["cst", () => cstFile(BOARD), { extension: "cst" }],
];

/** A reader's own answer: a board or a reason of its own, never the catch-all of a throw. */
function expectOwnAnswer(read: BoardRead) {
  if (read.kind === "unreadable") expect(read.reason).not.toBe("The boardview could not be read.");
}

describe("hostile files", () => {
  it.each(WRITERS)("%s cut at every length reads what it can, without a throw", (_, write, options) => {
    const whole = write();
    for (let n = 0; n < whole.length; n += Math.max(1, Math.floor(whole.length / 400))) expectOwnAnswer(readBoardview(whole.subarray(0, n), options));
  });

  it.each(WRITERS)("%s with bytes overwritten by noise never throws", (_, write, options) => {
    const whole = write();
    let seed = 11;
    for (let round = 0; round < 200; round++) {
      const bytes = whole.slice();
      for (let k = 0; k < 4; k++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        bytes[8 + (seed % (bytes.length - 8))] = seed >>> 24;
      }
      expectOwnAnswer(readBoardview(bytes, options));
    }
  });

  it("binary noise under each binary extension is unreadable with a reason", () => {
    let seed = 3;
    const noise = Uint8Array.from({ length: 100_000 }, () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24);
    for (const extension of ["fz", "cae", "pcb", "tvw", "cst"]) {
      const read = readBoardview(noise, { extension, keys: { fz: FZ_KEY, xzz: XZZ_KEY } });
      expect(read.kind).toBe("unreadable");
      expectOwnAnswer(read);
    }
  });

  it("lying counts and lengths are checked against the bytes left, never trusted", () => {
    // Tebo: a part count of 4 billion after a real file's registries.
    const tvw = tvwFile(BOARD);
    new DataView(tvw.buffer).setUint32(findPartCount(tvw), 0xfffffff0, true);
    expect(readBoardview(tvw)).toMatchObject({ kind: "unreadable", reason: /ends inside a record|could not be read/ });
    // Lenovo: a pin count of 65,535 over 9 pins' bytes keeps the 9 and says it stopped.
    const cst = cstFile(BOARD);
    const cpad = Buffer.from(cst).indexOf("CPad");
    new DataView(cst.buffer).setUint16(cpad - 8, 0xffff, true);
    const read = board(readBoardview(cst));
    expect(read.parts.flatMap((p) => p.pins)).toHaveLength(8);
    expect(read.stopped).toMatch(/the file ends at byte \d+, before its \d+ pins do/);
    // XZZ: a main data length past the end.
    const xzz = xzzFile(BOARD, { key: XZZ_KEY });
    new DataView(xzz.buffer).setUint32(0x40, 0x7fffffff, true);
    expect(board(readBoardview(xzz, { keys: { xzz: XZZ_KEY } })).stopped).toMatch(/the file ends at byte \d+, before its main data does/);
    // .fz: a description length larger than the file only loses the values.
    const fz = fzFile(BOARD);
    new DataView(fz.buffer).setUint32(fz.length - 4, 0xfffffff0, true);
    const fzRead = board(readBoardview(fz));
    expect(fzRead.parts.map((p) => p.value)).toEqual([undefined, undefined, undefined]);
  });

  it("non-finite and huge numbers are refused as positions", () => {
    const content = ascii(
      "A!REFDES!X!X!SYM_MIRROR!R!\nS!U1!!S!YES!0!\nA!NET_NAME!REFDES!PIN_NUMBER!PIN_NAME!PIN_X!PIN_Y!TEST_POINT!RADIUS!\n" +
        "S!N1!U1!1!!NaN!5!!1!\nS!N1!U1!2!!1e400!5!!1!\nS!N1!U1!3!!1e300!5!!1!\nS!N1!U1!4!!Infinity!5!!1!\nS!N1!U1!5!!7,5!5!!1e300!\n",
    );
    const read = board(readBoardview(fzContainer(content)));
    expect(read.parts[0].pins).toEqual([{ x: 7.5, y: 5, net: "N1", number: "5" }]);
  });

  it("a decompression bomb stops at the cap with the reason", () => {
    const bomb = deflateSync(new Uint8Array(BOARDVIEW_CAPS.bytes + 1_000_000));
    expect(bomb.length).toBeLessThan(100_000);
    expect(inflateBounded(bomb, 1_000_000)).toEqual({ kind: "too_large" });
    const file = new Uint8Array(4 + bomb.length + 4);
    file.set(bomb, 4);
    expect(readBoardview(file)).toEqual({
      kind: "unreadable",
      reason: `The boardview's content inflates to more than ${BOARDVIEW_CAPS.bytes} bytes.`,
    });
  });

  it("50 MB: an encrypted-looking .fz is told in a moment, and a .fz of endless pin lines stops at the pin cap", () => {
    const big = new Uint8Array(BOARDVIEW_CAPS.bytes).fill(0xa5);
    expect(readBoardview(big, { extension: "fz", keys: { fz: FZ_KEY } })).toMatchObject({ reason: /another key/ });
    const line = ascii("S!GND!U1!1!!1!2!!1!\n");
    const lines = new Uint8Array(line.length * 400_000);
    for (let at = 0; at < lines.length; at += line.length) lines.set(line, at);
    const head = ascii("A!REFDES!\nS!U1!!S!YES!0!\nA!NET_NAME!\n");
    const read = board(readBoardview(fzContainer(new Uint8Array([...head, ...lines]))));
    expect(read.parts[0].pins).toHaveLength(BOARDVIEW_CAPS.pins);
    expect(read.stopped).toMatch(/pins are kept/);
  });

  it("an encrypted .fz is read with the key within the decryption budget", () => {
    // Kept to a few MB here (the cipher's cost per MB is in bench/RESULTS.md); the cap applies the same way.
    const lines = ascii(Array.from({ length: 20_000 }, (_, i) => `S!N${i % 97}!U1!${i}!!${i}!${(i * 7) % 1000}!!1!\n`).join(""));
    const head = ascii("A!REFDES!\nS!U1!!S!YES!0!\nA!NET_NAME!\n");
    const file = encryptFzBytes(fzContainer(new Uint8Array([...head, ...lines])), FZ_KEY);
    expect(board(readBoardview(file, { keys: { fz: FZ_KEY } })).parts[0].pins).toHaveLength(20_000);
    // Past the decryption budget the file is read as far as it was decrypted, with the reason.
    const cut = board(readBoardview(file, { keys: { fz: FZ_KEY }, encryptedBytes: 2_000 }));
    expect(cut.parts[0].pins.length).toBeGreaterThan(0);
    expect(cut.parts[0].pins.length).toBeLessThan(20_000);
    expect(cut.stopped).toBe("only the first 2000 bytes of an encrypted file are decrypted");
  });
});

/** Where a Tebo file's part count sits: right after the 68-byte fixed block, found from the first part's name. */
function findPartCount(bytes: Uint8Array): number {
  const name = Buffer.from(bytes).indexOf(`\u0005U7000`);
  return name - 8;
}
