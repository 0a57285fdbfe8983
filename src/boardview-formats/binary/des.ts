// DES (FIPS 46-3) for XZZ's part blocks: WebCrypto has none, and the algorithm is public and small. The tables
// are the standard's; the fast lookup tables (initial and final permutations by byte, S-boxes merged with P) are
// derived from them once, at first use.
const IP = [
  58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4, 62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8, 57, 49, 41, 33, 25, 17,
  9, 1, 59, 51, 43, 35, 27, 19, 11, 3, 61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
];
const P = [16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10, 2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25];
const PC1 = [
  57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18, 10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36, 63, 55, 47, 39, 31, 23, 15, 7, 62, 54,
  46, 38, 30, 22, 14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
];
const PC2 = [
  14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2, 41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48, 44, 49, 39,
  56, 34, 53, 46, 42, 50, 36, 29, 32,
];
const SHIFTS = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];
const S = [
  "14 4 13 1 2 15 11 8 3 10 6 12 5 9 0 7 0 15 7 4 14 2 13 1 10 6 12 11 9 5 3 8 4 1 14 8 13 6 2 11 15 12 9 7 3 10 5 0 15 12 8 2 4 9 1 7 5 11 3 14 10 0 6 13",
  "15 1 8 14 6 11 3 4 9 7 2 13 12 0 5 10 3 13 4 7 15 2 8 14 12 0 1 10 6 9 11 5 0 14 7 11 10 4 13 1 5 8 12 6 9 3 2 15 13 8 10 1 3 15 4 2 11 6 7 12 0 5 14 9",
  "10 0 9 14 6 3 15 5 1 13 12 7 11 4 2 8 13 7 0 9 3 4 6 10 2 8 5 14 12 11 15 1 13 6 4 9 8 15 3 0 11 1 2 12 5 10 14 7 1 10 13 0 6 9 8 7 4 15 14 3 11 5 2 12",
  "7 13 14 3 0 6 9 10 1 2 8 5 11 12 4 15 13 8 11 5 6 15 0 3 4 7 2 12 1 10 14 9 10 6 9 0 12 11 7 13 15 1 3 14 5 2 8 4 3 15 0 6 10 1 13 8 9 4 5 11 12 7 2 14",
  "2 12 4 1 7 10 11 6 8 5 3 15 13 0 14 9 14 11 2 12 4 7 13 1 5 0 15 10 3 9 8 6 4 2 1 11 10 13 7 8 15 9 12 5 6 3 0 14 11 8 12 7 1 14 2 13 6 15 0 9 10 4 5 3",
  "12 1 10 15 9 2 6 8 0 13 3 4 14 7 5 11 10 15 4 2 7 12 9 5 6 1 13 14 0 11 3 8 9 14 15 5 2 8 12 3 7 0 4 10 1 13 11 6 4 3 2 12 9 5 15 10 11 14 1 7 6 0 8 13",
  "4 11 2 14 15 0 8 13 3 12 9 7 5 10 6 1 13 0 11 7 4 9 1 10 14 3 5 12 2 15 8 6 1 4 11 13 12 3 7 14 10 15 6 8 0 5 9 2 6 11 13 8 1 4 10 7 9 5 0 15 14 2 3 12",
  "13 2 8 4 6 15 11 1 10 9 3 14 5 0 12 7 1 15 13 8 10 3 7 4 12 5 6 11 0 14 9 2 7 11 4 1 9 12 14 2 0 6 10 13 15 3 5 8 2 1 14 7 4 10 8 13 15 12 9 0 3 5 6 11",
].map((row) => row.split(" ").map(Number));

/** Bit `n` (1 = most significant) of a 64-bit block held as two 32-bit halves. */
const bit64 = (hi: number, lo: number, n: number) => (n <= 32 ? (hi >>> (32 - n)) & 1 : (lo >>> (64 - n)) & 1);

interface Tables {
  /** Per input byte position and value: its bits' places after the permutation, as [hi, lo] pairs. */
  ip: Uint32Array;
  fp: Uint32Array;
  /** S-box i merged with P, indexed by the 6 bits entering it. */
  sp: Uint32Array[];
}

let tables: Tables | undefined;

function byteTables(perm: number[]): Uint32Array {
  const out = new Uint32Array(8 * 256 * 2);
  for (let pos = 0; pos < 8; pos++)
    for (let v = 0; v < 256; v++) {
      let hi = 0;
      let lo = 0;
      for (let j = 0; j < 64; j++) {
        const from = perm[j]; // output bit j+1 takes input bit `from`
        if (Math.ceil(from / 8) - 1 !== pos) continue;
        if (!((v >> (7 - ((from - 1) % 8))) & 1)) continue;
        if (j < 32) hi |= 1 << (31 - j);
        else lo |= 1 << (63 - j);
      }
      out[(pos * 256 + v) * 2] = hi >>> 0;
      out[(pos * 256 + v) * 2 + 1] = lo >>> 0;
    }
  return out;
}

function build(): Tables {
  const fpPerm = new Array<number>(64);
  IP.forEach((from, j) => {
    fpPerm[from - 1] = j + 1;
  });
  const sp = S.map((box, i) => {
    const table = new Uint32Array(64);
    for (let v = 0; v < 64; v++) {
      const s = box[(((v >> 4) & 2) | (v & 1)) * 16 + ((v >> 1) & 15)];
      const before = (s << (28 - 4 * i)) >>> 0;
      let after = 0;
      for (let j = 0; j < 32; j++) if ((before >>> (32 - P[j])) & 1) after |= 1 << (31 - j);
      table[v] = after >>> 0;
    }
    return table;
  });
  return { ip: byteTables(IP), fp: byteTables(fpPerm), sp };
}

/** The 16 round keys of an 8-byte key: 8 six-bit chunks each. */
export function desKeySchedule(key: Uint8Array): Uint8Array[] {
  const hi = ((key[0] << 24) | (key[1] << 16) | (key[2] << 8) | key[3]) >>> 0;
  const lo = ((key[4] << 24) | (key[5] << 16) | (key[6] << 8) | key[7]) >>> 0;
  const cd = PC1.map((n) => bit64(hi, lo, n));
  let c = cd.slice(0, 28);
  let d = cd.slice(28);
  return SHIFTS.map((shift) => {
    c = [...c.slice(shift), ...c.slice(0, shift)];
    d = [...d.slice(shift), ...d.slice(0, shift)];
    const both = [...c, ...d];
    const bits = PC2.map((n) => both[n - 1]);
    const chunks = new Uint8Array(8);
    for (let i = 0; i < 8; i++) for (let b = 0; b < 6; b++) chunks[i] = (chunks[i] << 1) | bits[i * 6 + b];
    return chunks;
  });
}

function permute(table: Uint32Array, block: Uint8Array, at: number, out: Uint32Array): void {
  let hi = 0;
  let lo = 0;
  for (let pos = 0; pos < 8; pos++) {
    const i = (pos * 256 + block[at + pos]) * 2;
    hi |= table[i];
    lo |= table[i + 1];
  }
  out[0] = hi >>> 0;
  out[1] = lo >>> 0;
}

const rotl = (v: number, n: number) => ((v << n) | (v >>> (32 - n))) >>> 0;

/** Runs DES over every whole 8-byte block of `bytes` in place (ECB); a tail shorter than a block is left as is. */
export function desBlocks(bytes: Uint8Array, schedule: Uint8Array[], mode: "encrypt" | "decrypt"): void {
  tables ??= build();
  const { ip, fp, sp } = tables;
  const keys = mode === "encrypt" ? schedule : [...schedule].reverse();
  const halves = new Uint32Array(2);
  const block = new Uint8Array(8);
  for (let at = 0; at + 8 <= bytes.length; at += 8) {
    permute(ip, bytes, at, halves);
    let l = halves[0];
    let r = halves[1];
    for (let round = 0; round < 16; round++) {
      const k = keys[round];
      let f = 0;
      for (let i = 0; i < 8; i++) f |= sp[i][((i === 0 ? rotl(r, 31) : rotl(r, 4 * i - 1)) >>> 26) ^ k[i]];
      const next = (l ^ f) >>> 0;
      l = r;
      r = next;
    }
    // The halves swap after the last round: R16 L16 enters the final permutation.
    block[0] = r >>> 24;
    block[1] = r >>> 16;
    block[2] = r >>> 8;
    block[3] = r;
    block[4] = l >>> 24;
    block[5] = l >>> 16;
    block[6] = l >>> 8;
    block[7] = l;
    permute(fp, block, 0, halves);
    for (let b = 0; b < 4; b++) {
      bytes[at + b] = halves[0] >>> (24 - 8 * b);
      bytes[at + 4 + b] = halves[1] >>> (24 - 8 * b);
    }
  }
}
