// Random secrets of sessions, invites and WebAuthn challenges: 32 random bytes in base64url. Only their
// SHA-256 is stored, so a copy of the database opens no session and redeems no invite.
import { sha256Hex } from "../auth/keys";

export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A secret as a visitor may send it back: base64url of 32 bytes, nothing else reaches the database. */
export function looksLikeSecret(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export const secretHash = (secret: string) => sha256Hex(secret);
