// A key's "last used": known from the lookup that authenticates it (no extra read), written after the answer and
// at most once a minute per key, so the read path neither waits for nor pays a write on most calls.
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Whether this use should be written: never recorded, or recorded a minute ago or more. */
export function lastUseIsStale(lastUsedAt: string | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - Date.parse(lastUsedAt) >= LAST_USED_RESOLUTION_MS;
}

/** Records a use; the condition keeps parallel isolates from writing the same minute twice. */
export async function recordKeyUse(db: D1Database, keyId: number, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  await db
    .prepare("update api_keys set last_used_at = ?1 where id = ?2 and (last_used_at is null or last_used_at <= ?3)")
    .bind(now.toISOString(), keyId, cutoff)
    .run();
}
