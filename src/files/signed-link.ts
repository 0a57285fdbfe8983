// Signed file links (docs/design.md §6): `{base_url}/files/{id}/{version}?expires={unix}&signature={hex}`, the
// signature an HMAC-SHA256 over `id:version:expires` with the FILES_SIGNING_KEY secret.
import { IsolateCache } from "../core/isolate-cache";
import { DomainError } from "../errors";
import { msg } from "../core/messages/errors";

export interface FileLink {
  id: string;
  version: number;
  /** Unix time in seconds after which the link is refused. */
  expires: number;
}

const encoder = new TextEncoder();
/** The imported key per secret: a rotation adds one, so a few are kept. */
const keys = new IsolateCache<string, Promise<CryptoKey>>({ maxEntries: 4 });

/** Shorter HMAC keys are guessable or placeholders: refused like a missing one. */
export const SIGNING_KEY_MIN_LENGTH = 32;
let misconfigurationLogged = false;

/**
 * An operator's mistake, not the caller's: 503 naming the setting, logged once per isolate (Workers have
 * no start-up hook that sees env, so the first use is the earliest moment).
 */
function missingKey(secret: string | undefined): DomainError {
  const what = secret ? `is shorter than ${SIGNING_KEY_MIN_LENGTH} characters` : "is not set";
  if (!misconfigurationLogged) {
    misconfigurationLogged = true;
    console.error(
      `configuration error: FILES_SIGNING_KEY ${what}; downloads are unavailable until it is set (wrangler secret put FILES_SIGNING_KEY)`,
    );
  }
  return new DomainError("unavailable", msg.downloadsUnavailable({ missing: !secret, minLength: SIGNING_KEY_MIN_LENGTH }), 300);
}

function signingKey(env: Env): Promise<CryptoKey> {
  const secret = env.FILES_SIGNING_KEY as string | undefined;
  if (!secret || secret.length < SIGNING_KEY_MIN_LENGTH) throw missingKey(secret);
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

function payload(link: FileLink): Uint8Array {
  return encoder.encode(`${link.id}:${link.version}:${link.expires}`);
}

export async function signLink(env: Env, link: FileLink): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey(env), payload(link)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function fileUrl(baseUrl: string, link: FileLink, signature: string): string {
  return `${baseUrl}/files/${link.id}/${link.version}?expires=${link.expires}&signature=${signature}`;
}

const SIGNATURE = /^[0-9a-f]{64}$/i;

/**
 * Checks a link's parts as they arrived (the id exactly as in the path, so another spelling is another
 * id). crypto.subtle.verify compares in constant time. Throws 403 for a bad signature or an expired link.
 */
export async function verifyLink(
  env: Env,
  raw: { id: string; version: string; expires?: string; signature?: string },
  nowMs: number,
): Promise<FileLink> {
  const refused = new DomainError("forbidden", msg.linkSignatureInvalid());
  if (!/^[1-9]\d{0,8}$/.test(raw.version) || !/^\d{1,12}$/.test(raw.expires ?? "") || !SIGNATURE.test(raw.signature ?? "")) throw refused;
  const link: FileLink = { id: raw.id, version: Number(raw.version), expires: Number(raw.expires) };
  const mac = Uint8Array.from(raw.signature!.match(/../g)!, (h) => parseInt(h, 16));
  if (!(await crypto.subtle.verify("HMAC", await signingKey(env), mac, payload(link)))) throw refused;
  if (link.expires * 1000 <= nowMs) {
    throw new DomainError("forbidden", msg.linkExpired({ at: new Date(link.expires * 1000).toISOString() }));
  }
  return link;
}
