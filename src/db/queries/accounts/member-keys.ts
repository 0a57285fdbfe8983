// Statements of a member's own API keys (src/accounts/member-keys.ts); keys are issued by auth/key-store.ts.
export interface MemberKeyRow {
  id: number;
  name: string;
  prefix: string;
  /** JSON array of scopes. */
  scopes: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Every key of the member, newest first, at most 200. */
export async function memberKeyRows(db: D1Database, userId: number): Promise<MemberKeyRow[]> {
  const { results } = await db
    .prepare(
      "select id as id, name as name, display_prefix as prefix, scopes as scopes, created_at as createdAt, expires_at as expiresAt, last_used_at as lastUsedAt, revoked_at as revokedAt from api_keys where user_id = ? order by id desc limit 200",
    )
    .bind(userId)
    .all<MemberKeyRow>();
  return results.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Revokes the member's key (an earlier revocation's time stays); false when the member has no such key. */
export async function revokeKeyOf(db: D1Database, userId: number, keyId: number, now: string): Promise<boolean> {
  const row = await db
    .prepare("update api_keys set revoked_at = coalesce(revoked_at, ?) where id = ? and user_id = ? returning id as id")
    .bind(now, keyId, userId)
    .first();
  return row !== null;
}
