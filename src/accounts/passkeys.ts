// Passkeys (WebAuthn) through SimpleWebAuthn's server package, on WebCrypto. A ceremony is two calls: options
// (a challenge, stored hashed under a random id for five minutes) and the browser's answer, verified once
// against that challenge, the site's origin and its relying party id (the host of SITE_URL, else the request's).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeAttestationObject, isoBase64URL, parseAuthenticatorData } from "@simplewebauthn/server/helpers";
import { DomainError } from "../errors";
import {
  deleteChallenge,
  deletePasskey,
  insertPasskey,
  markPasskeyUsed,
  passkeyIds,
  passkeyRows,
  putChallenge,
  signInPasskey,
  type PasskeyRow,
  type Purpose,
} from "../db/queries/accounts/passkeys";
import { memberOf, type Member } from "./members";
import { randomSecret, secretHash } from "./secrets";

export const CHALLENGE_SECONDS = 5 * 60;
/** Passkeys one member may hold: enough for every device, bounded. */
export const MAX_PASSKEYS = 20;

/**
 * A passkey is the only factor, so the authenticator must verify its holder (PIN, biometrics, screen lock): the
 * options ask for it and the verification requires it. An answer without that check is refused with this error.
 */
export class UserNotVerified extends DomainError {
  constructor() {
    super("unauthorized", "Your authenticator did not verify you (PIN, fingerprint, face or screen lock): passkeys here need that check.");
  }
}

/** The authenticator data's UV flag of a browser answer, or undefined when it cannot be read (the library then refuses it). */
function userVerified(response: unknown): boolean | undefined {
  const r = (response as { response?: { authenticatorData?: unknown; attestationObject?: unknown } } | null)?.response;
  try {
    if (typeof r?.authenticatorData === "string") return parseAuthenticatorData(isoBase64URL.toBuffer(r.authenticatorData)).flags.uv;
    if (typeof r?.attestationObject === "string") {
      return parseAuthenticatorData(decodeAttestationObject(isoBase64URL.toBuffer(r.attestationObject)).get("authData")).flags.uv;
    }
  } catch {}
  return undefined;
}

export interface RelyingParty {
  /** The site's origin, e.g. https://boards.example.org or http://localhost:8787. */
  origin: string;
  /** Its host without the port: the relying party id. */
  id: string;
  name: string;
}

export function relyingParty(siteUrl: string, name: string): RelyingParty {
  const url = new URL(siteUrl);
  return { origin: url.origin, id: url.hostname, name };
}

export type { PasskeyRow };

async function storeChallenge(db: D1Database, purpose: Purpose, challenge: string, userId: number | null, now: Date): Promise<string> {
  const ceremony = randomSecret();
  const expiresAt = new Date(now.getTime() + CHALLENGE_SECONDS * 1000).toISOString();
  await putChallenge(db, { idHash: await secretHash(ceremony), challenge, purpose, userId, expiresAt }, now.toISOString());
  return ceremony;
}

/** Takes the challenge of a ceremony, once: a replayed answer finds nothing. */
async function takeChallenge(db: D1Database, ceremony: unknown, purpose: Purpose, now: Date): Promise<{ challenge: string; userId: number | null }> {
  const found =
    typeof ceremony === "string" && ceremony.length <= 64 ? await deleteChallenge(db, await secretHash(ceremony), purpose, now.toISOString()) : null;
  if (!found) throw new DomainError("invalid", "This passkey request has expired or was already used: start again.");
  return found;
}

export async function listPasskeys(db: D1Database, userId: number): Promise<PasskeyRow[]> {
  return passkeyRows(db, userId);
}

/** Options for registering a passkey for `member` (an invite's member or a signed-in one). */
export async function registrationOptions(db: D1Database, rp: RelyingParty, member: Member, now: Date) {
  const existing = await passkeyIds(db, member.userId);
  if (existing.length >= MAX_PASSKEYS) throw new DomainError("conflict", `At most ${MAX_PASSKEYS} passkeys per member: remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.username,
    userDisplayName: member.name,
    userID: new Uint8Array(new TextEncoder().encode(`member:${member.userId}`)),
    attestationType: "none",
    excludeCredentials: existing.map((id) => ({ id })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { ceremony: await storeChallenge(db, "register", options.challenge, member.userId, now), options };
}

/**
 * Verifies the browser's answer to `registrationOptions` and stores the passkey. `authorize` gets the ceremony's
 * member once the answer is verified and before anything is stored (an invite is redeemed there); it throws to refuse.
 */
export async function registerPasskey(
  db: D1Database,
  rp: RelyingParty,
  input: { ceremony: unknown; response: unknown; name: string; authorize: (userId: number) => Promise<void> },
  now: Date,
): Promise<number> {
  const { challenge, userId } = await takeChallenge(db, input.ceremony, "register", now);
  if (userId === null) throw new DomainError("invalid", "This passkey request has no member.");
  if (userVerified(input.response) === false) throw new UserNotVerified();
  const verified = await verifiedBy("invalid", () =>
    verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON, // the browser's JSON: the library checks its shape
      ...expected(rp, challenge),
    }),
  );
  const { credential } = verified.registrationInfo;
  await input.authorize(userId);
  await insertPasskey(db, {
    id: credential.id,
    userId,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name: input.name,
    createdAt: now.toISOString(),
  });
  return userId;
}

/** Options for signing in: no user named (discoverable credentials), so the page reveals no account. */
export async function signInOptions(db: D1Database, rp: RelyingParty, now: Date) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required" });
  return { ceremony: await storeChallenge(db, "sign-in", options.challenge, null, now), options };
}

/** Verifies a sign-in answer against the stored passkey; returns the member (active accounts only). */
export async function verifySignIn(db: D1Database, rp: RelyingParty, input: { ceremony: unknown; response: unknown }, now: Date): Promise<Member> {
  const { challenge } = await takeChallenge(db, input.ceremony, "sign-in", now);
  if (userVerified(input.response) === false) throw new UserNotVerified();
  const credentialId = (input.response as { id?: unknown } | null)?.id;
  const row = typeof credentialId === "string" && credentialId.length <= 1024 ? await signInPasskey(db, credentialId) : null;
  if (!row) throw new DomainError("unauthorized", "This passkey is not known here, or its account is inactive.");
  const verified = await verifiedBy("unauthorized", () =>
    verifyAuthenticationResponse({
      response: input.response as AuthenticationResponseJSON, // the browser's JSON: the library checks its shape
      ...expected(rp, challenge),
      credential: {
        id: row.id,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: Number(row.counter),
        transports: JSON.parse(row.transports),
      },
    }),
  );
  await markPasskeyUsed(db, row.id, verified.authenticationInfo.newCounter, now.toISOString());
  return memberOf({ userId: row.userId, username: row.username, name: row.name, locale: row.locale });
}

/** Removes one of the member's passkeys, never the last (the member could not sign in again). */
export async function removePasskey(db: D1Database, userId: number, id: string): Promise<void> {
  const result = await deletePasskey(db, userId, id);
  if (result === "removed") return;
  if (result === "missing") throw new DomainError("not-found", "No such passkey.");
  throw new DomainError("conflict", "This is your only passkey: add another before removing it.");
}

/** What an answer must match: the challenge, this site's origin and id, a verified user. */
const expected = (rp: RelyingParty, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: true,
});

/** The library's verification, a failure said as `kind` (a registration is invalid, a sign-in unauthorized). */
async function verifiedBy<T extends { verified: boolean }>(kind: "invalid" | "unauthorized", verify: () => Promise<T>) {
  let result: T;
  try {
    result = await verify();
  } catch (error) {
    throw new DomainError(kind, `The passkey could not be verified: ${(error as Error).message}`);
  }
  if (!result.verified) throw new DomainError(kind, "The passkey could not be verified.");
  return result as Verified<T>;
}

/** A verified answer: the library types registration's as a union on `verified`, sign-in's as one shape. */
type Verified<T> = [Extract<T, { verified: true }>] extends [never] ? T : Extract<T, { verified: true }>;
