import { monotonicFactory } from "ulid";

/** The spec's id pattern: 26 characters of Crockford base32 (either case). */
export const ID_PATTERN = /^[0-9a-hjkmnp-tv-zA-HJKMNP-TV-Z]{26}$/;

// ulid's own source of randomness asks crypto for one byte per character (16 calls per id); this one fills 256
// bytes at a time, on first use (Workers refuse random values in the global scope).
const pool = new Uint8Array(256);
let next = pool.length;
function pooledRandom(): number {
  if (next === pool.length) {
    crypto.getRandomValues(pool);
    next = 0;
  }
  return pool[next++] / 256;
}

const nextUlid = monotonicFactory(pooledRandom);
export function newId(at?: number): string {
  return nextUlid(at);
}

/** Ids are stored upper case and matched case-insensitively; a malformed id is simply not found. */
export function canonicalId(raw: string): string | undefined {
  return ID_PATTERN.test(raw) ? raw.toUpperCase() : undefined;
}
