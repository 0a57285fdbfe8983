// Server-side sessions: a random id in the member's cookie, its SHA-256 here with an expiry. A session ends
// by signing out, by its expiry, when the account is deactivated (never found again, and removed by the admin
// command) or by an administrator's users:sign-out.
import { MEMBER_COLUMNS, memberOf, type Member } from "./members";
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
  await db
    .prepare("insert into sessions (id_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)")
    .bind(await secretHash(id), userId, now.toISOString(), expiresAt.toISOString())
    .run();
  return { id, expiresAt };
}

export interface MemberSession extends Member {
  sessionHash: string;
}

/** The member of a live session on an active account, else undefined (one query). */
export async function findSession(db: D1Database, id: string | undefined, now: Date): Promise<MemberSession | undefined> {
  if (!looksLikeSecret(id)) return undefined;
  const sessionHash = await secretHash(id);
  const row = await db
    .prepare(`select ${MEMBER_COLUMNS} from sessions s join users u on u.id = s.user_id where s.id_hash = ? and s.expires_at > ? and u.active = 1`)
    .bind(sessionHash, now.toISOString())
    .first<Member>();
  return row ? { ...memberOf(row), sessionHash } : undefined;
}

export async function endSession(db: D1Database, sessionHash: string): Promise<void> {
  await db.prepare("delete from sessions where id_hash = ?").bind(sessionHash).run();
}

/** Ends every session of an account; returns how many there were. Expired ones go too. */
export async function endMemberSessions(db: D1Database, userId: number): Promise<number> {
  const { meta } = await db.prepare("delete from sessions where user_id = ?").bind(userId).run();
  return meta.changes ?? 0;
}
