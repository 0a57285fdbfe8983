// Server-side sessions: a random id in the member's cookie, its SHA-256 here with an expiry. A session ends
// by signing out, by its expiry, when the account is deactivated (never found again, and removed by the admin
// command) or by an administrator's users:sign-out.
import { deleteMemberSessions, deleteSession, insertSession, sessionMember } from "../db/queries/accounts/sessions";
import type { Member } from "./members";
import { looksLikeSecret, randomSecret, secretHash } from "./secrets";

/** How long a session lasts from sign-in. */
export const SESSION_SECONDS = 14 * 24 * 60 * 60;

export interface StartedSession {
  id: string;
  expiresAt: Date;
}

export async function startSession(db: D1Database, userId: number, now: Date): Promise<StartedSession> {
  const id = randomSecret();
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
  await insertSession(db, { idHash: await secretHash(id), userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() });
  return { id, expiresAt };
}

export interface MemberSession extends Member {
  sessionHash: string;
}

/** The member of a live session on an active account, else undefined (one query). */
export async function findSession(db: D1Database, id: string | undefined, now: Date): Promise<MemberSession | undefined> {
  if (!looksLikeSecret(id)) return undefined;
  const sessionHash = await secretHash(id);
  const member = await sessionMember(db, sessionHash, now.toISOString());
  return member ? { ...member, sessionHash } : undefined;
}

export async function endSession(db: D1Database, sessionHash: string): Promise<void> {
  await deleteSession(db, sessionHash);
}

/** Ends every session of an account; returns how many there were. Expired ones go too. */
export async function endMemberSessions(db: D1Database, userId: number): Promise<number> {
  return deleteMemberSessions(db, userId);
}
