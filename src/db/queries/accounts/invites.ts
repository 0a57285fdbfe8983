// Statements of invites (src/accounts/invites.ts): kept by the token's hash; usable while unused, unexpired and
// the account active.
import { MEMBER_COLUMNS, memberOf, type Member } from "./members";

export async function insertInvite(db: D1Database, row: { tokenHash: string; userId: number; createdAt: string; expiresAt: string }): Promise<void> {
  await db
    .prepare("insert into invites (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)")
    .bind(row.tokenHash, row.userId, row.createdAt, row.expiresAt)
    .run();
}

const USABLE = "i.token_hash = ?1 and i.used_at is null and i.expires_at > ?2 and u.active = 1";

export async function usableInviteMember(db: D1Database, tokenHash: string, now: string): Promise<Member | undefined> {
  const row = await db
    .prepare(`select ${MEMBER_COLUMNS} from invites i join users u on u.id = i.user_id where ${USABLE}`)
    .bind(tokenHash, now)
    .first<Member>();
  return row ? memberOf(row) : undefined;
}

/** Marks a usable invite used in one statement: of two parallel calls only one gets the member's id. */
export async function markInviteUsed(db: D1Database, tokenHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .prepare(
      `update invites set used_at = ?2 where token_hash = ?1 and used_at is null and expires_at > ?2 and user_id in (select id from users where active = 1) returning user_id as userId`,
    )
    .bind(tokenHash, now)
    .first<{ userId: number }>();
  return row ? Number(row.userId) : undefined;
}
