// One-time links an administrator makes (users:invite): valid 24 hours, redeemed once, by registering the
// member's first passkey (or another one, for a member who lost theirs).
import { MEMBER_COLUMNS, memberOf, type Member } from "./members";
import { looksLikeSecret, randomSecret, secretHash } from "./secrets";

export const INVITE_SECONDS = 24 * 60 * 60;

export async function createInvite(db: D1Database, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomSecret();
  const expiresAt = new Date(now.getTime() + INVITE_SECONDS * 1000);
  await db
    .prepare("insert into invites (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)")
    .bind(await secretHash(token), userId, now.toISOString(), expiresAt.toISOString())
    .run();
  return { token, expiresAt };
}

const USABLE = "i.token_hash = ?1 and i.used_at is null and i.expires_at > ?2 and u.active = 1";

/** The member an unused, unexpired invite is for (an inactive account's invites do nothing), else undefined. */
export async function findInvite(db: D1Database, token: string | undefined, now: Date): Promise<Member | undefined> {
  if (!looksLikeSecret(token)) return undefined;
  const row = await db
    .prepare(`select ${MEMBER_COLUMNS} from invites i join users u on u.id = i.user_id where ${USABLE}`)
    .bind(await secretHash(token), now.toISOString())
    .first<Member>();
  return row ? memberOf(row) : undefined;
}

/** Marks the invite used, once: of two parallel redemptions only one gets the member back. */
export async function redeemInvite(db: D1Database, token: string, now: Date): Promise<number | undefined> {
  if (!looksLikeSecret(token)) return undefined;
  const row = await db
    .prepare(
      `update invites set used_at = ?2 where token_hash = ?1 and used_at is null and expires_at > ?2 and user_id in (select id from users where active = 1) returning user_id as userId`,
    )
    .bind(await secretHash(token), now.toISOString())
    .first<{ userId: number }>();
  return row ? Number(row.userId) : undefined;
}
