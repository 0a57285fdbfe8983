// Storing API keys: the one insert the admin command (keys:create) and a member's settings page share. The
// token is returned once; only its SHA-256 and a display prefix are kept.
import type { Scope } from "../schemas/scopes";
import { displayPrefix, generateToken, sha256Hex } from "./keys";

export interface NewApiKey {
  userId: number;
  name: string;
  scopes: Scope[];
  expiresAt: string | null;
  /** At most this many usable keys (not revoked, not expired) for the owner, this one included. */
  activeLimit?: number;
}

export interface IssuedApiKey {
  id: number;
  token: string;
  prefix: string;
}

const INSERT = "insert into api_keys (user_id, name, token_hash, display_prefix, scopes, expires_at, created_at) select ?1, ?2, ?3, ?4, ?5, ?6, ?7";
// Checked in the insert itself, so parallel requests cannot pass the limit together.
const UNDER_LIMIT =
  " where (select count(*) from api_keys where user_id = ?1 and revoked_at is null and (expires_at is null or expires_at > ?7)) < ?8";

/** Issues a key, or undefined when the owner already holds `activeLimit` usable keys. The token is in the answer and nowhere else. */
export async function issueApiKey(db: D1Database, key: NewApiKey, now: Date): Promise<IssuedApiKey | undefined> {
  const token = generateToken();
  const prefix = displayPrefix(token);
  const values = [key.userId, key.name, await sha256Hex(token), prefix, JSON.stringify(key.scopes), key.expiresAt, now.toISOString()];
  const statement =
    key.activeLimit === undefined
      ? db.prepare(`${INSERT} returning id as id`).bind(...values)
      : db.prepare(`${INSERT}${UNDER_LIMIT} returning id as id`).bind(...values, key.activeLimit);
  const row = await statement.first<{ id: number }>();
  return row ? { id: Number(row.id), token, prefix } : undefined;
}
