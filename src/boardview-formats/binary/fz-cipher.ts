// The stream cipher of encrypted ASUS .fz and ASRock .cae files, as commonly documented: RC6's round function
// (20 rounds, 32-bit words, a 44-word key schedule) run once per byte in 8-bit cipher feedback. Before each byte
// the registers A, B, C, D hold the last 16 ciphertext bytes (little-endian words, zeros at first); one
// encryption of them gives A, whose low byte is XORed into the byte.
const ROUNDS = 20;

const rotl = (value: number, by: number) => {
  const s = by & 31;
  return (value << s) | (value >>> (32 - s)) | 0;
};

/** Decrypts `bytes` in place with the 44-word `key`. */
export function decryptFz(bytes: Uint8Array, key: Uint32Array): void {
  const k = Int32Array.from(key);
  const feedback = new Uint8Array(16);
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let pos = 0; pos < bytes.length; pos++) {
    b = (b + k[0]) | 0;
    d = (d + k[1]) | 0;
    for (let i = 1; i <= ROUNDS; i++) {
      const t = rotl(Math.imul(b, (2 * b + 1) | 0), 5);
      const u = rotl(Math.imul(d, (2 * d + 1) | 0), 5);
      const na = (rotl(a ^ t, u) + k[2 * i]) | 0;
      const nc = (rotl(c ^ u, t) + k[2 * i + 1]) | 0;
      a = b;
      b = nc;
      c = d;
      d = na;
    }
    a = (a + k[2 * ROUNDS + 2]) | 0;
    const cipherByte = bytes[pos];
    bytes[pos] = cipherByte ^ (a & 0xff);
    feedback.copyWithin(0, 1);
    feedback[15] = cipherByte;
    a = feedback[0] | (feedback[1] << 8) | (feedback[2] << 16) | (feedback[3] << 24);
    b = feedback[4] | (feedback[5] << 8) | (feedback[6] << 16) | (feedback[7] << 24);
    c = feedback[8] | (feedback[9] << 8) | (feedback[10] << 16) | (feedback[11] << 24);
    d = feedback[12] | (feedback[13] << 8) | (feedback[14] << 16) | (feedback[15] << 24);
  }
}
