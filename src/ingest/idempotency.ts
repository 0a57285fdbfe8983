// Idempotency of POST /uploads (docs/design.md §7): one `uploads` row per (account, external_id).
// The first request inserts the row `in_flight` (the unique index lets exactly one of two
// concurrent first requests in); while in flight its `fingerprint` column holds the claim token of
// the request that owns it, and becomes the payload fingerprint when the document is committed.
import { and, eq } from "drizzle-orm";
import { sha256Hex } from "../auth/keys";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { DomainError } from "../errors";
import { newId } from "../core/ids";
import { normalizeBoardNumber } from "../core/urls";
import type { UploadMetadata } from "./upload-metadata";
import { ingestMsg } from "../core/messages/ingest";

/** A claim older than this belongs to a request that died (a 100 MB upload at 1 Mbit/s takes ~14 min). */
export const IN_FLIGHT_TTL_MS = 20 * 60 * 1000;
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 5;

export type Claim =
  /** This request owns the external id and must commit or release it. */
  | { kind: "new"; uploadId: number; token: string }
  /** The id was used before: the request is a replay (same fingerprint) or a conflict. */
  | { kind: "existing"; uploadId: number; fingerprint: string; documentId: string };

const CLAIM_PREFIX = "claim:";

function inFlightConflict(): DomainError {
  return new DomainError("conflict", ingestMsg.inFlight(), IN_FLIGHT_RETRY_AFTER_SECONDS);
}

export function goneError(): DomainError {
  return new DomainError("gone", ingestMsg.externalIdGone());
}

export function payloadConflict(): DomainError {
  return new DomainError("conflict", ingestMsg.payloadConflict());
}

// ---- payload fingerprints ----
// A replay is recognised by its fingerprint: the file's SHA-256 and the normalised metadata. The stored
// text says how it was made ("v1:<hex>"), so the recipe can change without turning earlier replays into
// 409s. v1 leaves out every field that holds no value (null, false, empty): adding an optional upload
// field whose default is empty keeps every earlier fingerprint as it was.

const FINGERPRINT_VERSION = "v1";

/**
 * The fields the first, unversioned fingerprints (bare hex) covered, defaults included, in their sort order.
 * Compatibility code: remove this list and the bare-hex branch of samePayload once the deployed database
 * answers 0 to `select count(*) from uploads where state = 'done' and fingerprint not like 'v1:%'`
 * (every upload committed before fingerprints were versioned has then been deleted or re-uploaded).
 */
const UNVERSIONED_FIELDS = [
  "boardRevision",
  "boards",
  "chipset",
  "description",
  "filename",
  "language",
  "manufacturerId",
  "rightsAttested",
  "sourceNote",
  "tags",
  "title",
  "type",
  "visibility",
];

const holdsNoValue = (v: unknown) => v === null || v === undefined || v === false || v === "" || (Array.isArray(v) && v.length === 0);

/** Board numbers count in their normalised form, so "820-00165" and "82000165" are the same payload. */
function canonicalFields(metadata: UploadMetadata): Record<string, unknown> {
  return { ...metadata, boards: metadata.boards.map(normalizeBoardNumber) };
}

const digest = (fileSha256: string, entries: [string, unknown][]) => sha256Hex(`${fileSha256}\n${JSON.stringify(entries)}`);

/** The fingerprint a committed upload stores. */
export async function payloadFingerprint(fileSha256: string, metadata: UploadMetadata): Promise<string> {
  const fields = canonicalFields(metadata);
  const entries = Object.keys(fields)
    .sort()
    .filter((k) => !holdsNoValue(fields[k]))
    .map((k): [string, unknown] => [k, fields[k]]);
  return `${FINGERPRINT_VERSION}:${await digest(fileSha256, entries)}`;
}

/** Whether this request carries the payload a stored fingerprint was made from, whatever its version. */
export async function samePayload(stored: string, fileSha256: string, metadata: UploadMetadata): Promise<boolean> {
  if (stored.startsWith(`${FINGERPRINT_VERSION}:`)) return stored === (await payloadFingerprint(fileSha256, metadata));
  if (!/^[0-9a-f]{64}$/.test(stored)) return false;
  // Unversioned: a field added since could not have been sent then, so it must hold no value now.
  const fields = canonicalFields(metadata);
  if (Object.keys(fields).some((k) => !UNVERSIONED_FIELDS.includes(k) && !holdsNoValue(fields[k]))) return false;
  return (
    stored ===
    (await digest(
      fileSha256,
      UNVERSIONED_FIELDS.map((k) => [k, fields[k]]),
    ))
  );
}

/** Claims (account, external id) for this request, or reports what holds it: 409 in flight, 410 deleted. */
export async function claimExternalId(db: Db, userId: number, externalId: string, now = new Date()): Promise<Claim> {
  const token = CLAIM_PREFIX + newId();
  const at = now.toISOString();
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(uploads)
      .values({ userId, externalId, fingerprint: token, state: "in_flight", documentId: null, createdAt: at, updatedAt: at })
      .onConflictDoNothing()
      .returning({ id: uploads.id });
    if (inserted.length) return { kind: "new", uploadId: inserted[0].id, token };

    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.userId, userId), eq(uploads.externalId, externalId)));
    if (!row) continue; // released between the insert and the read: try again
    if (row.state === "deleted") throw goneError();
    if (row.state === "in_flight") {
      if (Date.parse(row.updatedAt) > now.getTime() - IN_FLIGHT_TTL_MS) throw inFlightConflict();
      // The owner of a stale claim is gone: take it over, unless another request just did.
      const taken = await db
        .update(uploads)
        .set({ fingerprint: token, documentId: null, updatedAt: at })
        .where(and(eq(uploads.id, row.id), eq(uploads.state, "in_flight"), eq(uploads.fingerprint, row.fingerprint)))
        .returning({ id: uploads.id });
      if (taken.length) return { kind: "new", uploadId: row.id, token };
      throw inFlightConflict();
    }
    if (!row.documentId) throw goneError();
    return { kind: "existing", uploadId: row.id, fingerprint: row.fingerprint, documentId: row.documentId };
  }
  throw inFlightConflict();
}

/** Gives the external id back after a refused request (422, 429), if this request still owns it. */
export async function releaseClaim(db: Db, claim: Claim): Promise<void> {
  if (claim.kind !== "new") return;
  try {
    await db.delete(uploads).where(and(eq(uploads.id, claim.uploadId), eq(uploads.state, "in_flight"), eq(uploads.fingerprint, claim.token)));
  } catch (err) {
    console.error("could not release upload claim", claim.uploadId, err);
  }
}

/**
 * Binds the claim to the document about to be written. Fails with 409 if the claim was taken over
 * (this request outlived IN_FLIGHT_TTL_MS): the other request now owns the id.
 */
export async function bindClaim(db: Db, claim: Extract<Claim, { kind: "new" }>, documentId: string, now = new Date()): Promise<void> {
  const bound = await db
    .update(uploads)
    .set({ documentId, updatedAt: now.toISOString() })
    .where(and(eq(uploads.id, claim.uploadId), eq(uploads.state, "in_flight"), eq(uploads.fingerprint, claim.token)))
    .returning({ id: uploads.id });
  if (!bound.length) throw inFlightConflict();
}

/** The statement that completes the claim, run in the same batch as the document's rows. */
export function completeClaimStatement(db: Db, claim: Extract<Claim, { kind: "new" }>, documentId: string, fingerprint: string, now = new Date()) {
  return db
    .update(uploads)
    .set({ state: "done", fingerprint, updatedAt: now.toISOString() })
    .where(and(eq(uploads.id, claim.uploadId), eq(uploads.documentId, documentId)));
}
