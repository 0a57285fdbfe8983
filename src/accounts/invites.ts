// One-time links an administrator makes (users:invite): valid 24 hours, redeemed once, by registering the
// member's first passkey (or another one, for a member who lost theirs).
import { insertInvite, markInviteUsed, usableInviteMember } from "../db/queries/accounts/invites";
import type { Member } from "./members";
import { looksLikeSecret, randomSecret, secretHash } from "./secrets";

export const INVITE_SECONDS = 24 * 60 * 60;

export async function createInvite(db: D1Database, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomSecret();
  const expiresAt = new Date(now.getTime() + INVITE_SECONDS * 1000);
  await insertInvite(db, { tokenHash: await secretHash(token), userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() });
  return { token, expiresAt };
}

/** The member an unused, unexpired invite is for (an inactive account's invites do nothing), else undefined. */
export async function findInvite(db: D1Database, token: string | undefined, now: Date): Promise<Member | undefined> {
  if (!looksLikeSecret(token)) return undefined;
  return usableInviteMember(db, await secretHash(token), now.toISOString());
}

/** Marks the invite used, once: of two parallel redemptions only one gets the member back. */
export async function redeemInvite(db: D1Database, token: string, now: Date): Promise<number | undefined> {
  if (!looksLikeSecret(token)) return undefined;
  return markInviteUsed(db, await secretHash(token), now.toISOString());
}
