// A new key's token, kept for the one page view after the form's redirect (post, then redirect: a reload makes
// nothing and shows nothing). It is sealed with AES-GCM under a key made from the session id, which the database
// never holds (only its hash), so a copy of the table reveals no token; taking it deletes it.
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { deleteReveal, putReveal } from "../db/queries/accounts/key-reveals";

/** How long a token waits for its page view. */
export const REVEAL_SECONDS = 10 * 60;

async function sealingKey(sessionId: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`key-reveal:${sessionId}`));
  return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** Keeps `token` for the next view of the keys page in this session (a newer one replaces it). */
export async function keepForReveal(db: D1Database, session: { id: string; hash: string }, token: string, now: Date): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(session.id), new TextEncoder().encode(token));
  const expiresAt = new Date(now.getTime() + REVEAL_SECONDS * 1000).toISOString();
  const reveal = { iv: isoBase64URL.fromBuffer(iv), sealed: isoBase64URL.fromBuffer(new Uint8Array(sealed)), expiresAt };
  await putReveal(db, session.hash, reveal, now.toISOString());
}

/** The token kept for this session, once: it is deleted as it is read. */
export async function takeReveal(db: D1Database, session: { id: string; hash: string }, now: Date): Promise<string | undefined> {
  const row = await deleteReveal(db, session.hash);
  if (!row || row.expiresAt <= now.toISOString()) return undefined;
  try {
    const iv = isoBase64URL.toBuffer(row.iv);
    const open = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await sealingKey(session.id), isoBase64URL.toBuffer(row.sealed));
    return new TextDecoder().decode(open);
  } catch {
    return undefined;
  }
}
