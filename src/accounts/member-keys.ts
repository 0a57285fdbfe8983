// A member's own read keys (their settings page): list, create (api:read only, 30/90/365 days, at most
// MAX_ACTIVE_KEYS usable at once) and revoke. Keys are stored by the same code as the admin command's.
import { issueApiKey, type IssuedApiKey } from "../auth/key-store";
import { memberKeyRows, revokeKeyOf } from "../db/queries/accounts/member-keys";
import { DomainError } from "../errors";
import type { Scope } from "../schemas/scopes";

export const MAX_ACTIVE_KEYS = 10;
export const KEY_LIFETIMES_DAYS = [30, 90, 365] as const;
export type KeyLifetime = (typeof KEY_LIFETIMES_DAYS)[number];
export const DEFAULT_KEY_LIFETIME: KeyLifetime = 90;
/** What a member may give their own keys: reading. Ingestion keys stay the administrators'. */
export const MEMBER_KEY_SCOPES: Scope[] = ["api:read"];
export const KEY_NAME_MAX = 100;

export interface MemberKey {
  id: number;
  name: string;
  prefix: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Every key of the member, newest first, revoked ones included (marked). */
export async function listMemberKeys(db: D1Database, userId: number): Promise<MemberKey[]> {
  return (await memberKeyRows(db, userId)).map((r) => ({ ...r, scopes: JSON.parse(r.scopes) as Scope[] }));
}

/** The form's name and lifetime, checked; a problem is an "invalid" error naming the field. */
export function parseKeyForm(name: unknown, days: unknown): { name: string; days: KeyLifetime } {
  const trimmed = typeof name === "string" ? name.trim() : "";
  if (trimmed.length === 0 || trimmed.length > KEY_NAME_MAX || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new DomainError("invalid", `A key needs a name of 1 to ${KEY_NAME_MAX} characters.`, { fieldErrors: { name: ["invalid"] } });
  }
  const lifetime = days === undefined || days === "" ? DEFAULT_KEY_LIFETIME : Number(days);
  if (!(KEY_LIFETIMES_DAYS as readonly number[]).includes(lifetime)) {
    throw new DomainError("invalid", `A key expires after ${KEY_LIFETIMES_DAYS.join(", ")} days.`, { fieldErrors: { expires: ["invalid"] } });
  }
  return { name: trimmed, days: lifetime as KeyLifetime };
}

export async function createMemberKey(db: D1Database, userId: number, form: { name: string; days: KeyLifetime }, now: Date): Promise<IssuedApiKey> {
  const expiresAt = new Date(now.getTime() + form.days * 24 * 60 * 60 * 1000).toISOString();
  const issued = await issueApiKey(db, { userId, name: form.name, scopes: MEMBER_KEY_SCOPES, expiresAt, activeLimit: MAX_ACTIVE_KEYS }, now);
  if (!issued) throw new DomainError("conflict", `At most ${MAX_ACTIVE_KEYS} active keys: revoke one first.`);
  return issued;
}

/** Revokes one of the member's own keys (from then on it answers 401); another member's key is not found. */
export async function revokeMemberKey(db: D1Database, userId: number, keyId: number, now: Date): Promise<void> {
  if (!(await revokeKeyOf(db, userId, keyId, now.toISOString()))) throw new DomainError("not-found", "No such key.");
}
