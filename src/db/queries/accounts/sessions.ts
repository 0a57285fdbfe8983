// Statements of sessions (src/accounts/sessions.ts): the table keeps the id's hash, never the id.
import { MEMBER_COLUMNS, memberOf, type Member } from "./members";

export async function insertSession(db: D1Database, row: { idHash: string; userId: number; createdAt: string; expiresAt: string }): Promise<void> {
  await db
    .prepare("insert into sessions (id_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)")
    .bind(row.idHash, row.userId, row.createdAt, row.expiresAt)
    .run();
}

/** The member of a live session on an active account (one query). */
export async function sessionMember(db: D1Database, idHash: string, now: string): Promise<Member | undefined> {
  const row = await db
    .prepare(`select ${MEMBER_COLUMNS} from sessions s join users u on u.id = s.user_id where s.id_hash = ? and s.expires_at > ? and u.active = 1`)
    .bind(idHash, now)
    .first<Member>();
  return row ? memberOf(row) : undefined;
}

export async function deleteSession(db: D1Database, idHash: string): Promise<void> {
  await db.prepare("delete from sessions where id_hash = ?").bind(idHash).run();
}

/** Deletes every session of an account, expired ones too; returns how many there were. */
export async function deleteMemberSessions(db: D1Database, userId: number): Promise<number> {
  const { meta } = await db.prepare("delete from sessions where user_id = ?").bind(userId).run();
  return meta.changes ?? 0;
}
