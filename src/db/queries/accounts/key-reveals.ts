// Statements of key reveals (src/accounts/key-reveal.ts): one sealed token per session, taken once.
export interface SealedReveal {
  iv: string;
  sealed: string;
  expiresAt: string;
}

/** Drops expired reveals and keeps this session's (replacing an older one), in one batch. */
export async function putReveal(db: D1Database, sessionHash: string, reveal: SealedReveal, now: string): Promise<void> {
  await db.batch([
    db.prepare("delete from key_reveals where expires_at <= ?").bind(now),
    db
      .prepare("insert or replace into key_reveals (session_hash, iv, sealed, expires_at) values (?, ?, ?, ?)")
      .bind(sessionHash, reveal.iv, reveal.sealed, reveal.expiresAt),
  ]);
}

/** Deletes the session's reveal and returns it (expired or not: the caller decides). */
export function deleteReveal(db: D1Database, sessionHash: string): Promise<SealedReveal | null> {
  return db
    .prepare("delete from key_reveals where session_hash = ? returning iv as iv, sealed as sealed, expires_at as expiresAt")
    .bind(sessionHash)
    .first<SealedReveal>();
}
