// API key format and hashing. Tokens are `bds_` + 32 random bytes in base62; only SHA-256 hex is stored.
export const KEY_PREFIX = "bds_";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export async function sha256Hex(data: string | ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh token: 32 random bytes rendered in base62 (about 43 characters). */
export function generateToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return KEY_PREFIX + out.padStart(43, "0");
}

/** What a person sees of a key in listings: enough to tell keys apart, useless to an attacker. */
export function displayPrefix(token: string): string {
  return token.slice(0, KEY_PREFIX.length + 6);
}

/** Token shape check before any database work: anything else cannot be a key. */
export function looksLikeToken(token: string): boolean {
  return token.startsWith(KEY_PREFIX) && token.length <= 200 && /^[A-Za-z0-9_]+$/.test(token);
}
