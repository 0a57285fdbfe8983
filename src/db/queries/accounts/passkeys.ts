// Statements of passkeys and their ceremonies (src/accounts/passkeys.ts). A ceremony's challenge is taken once,
// only for the purpose it was started for.
import { MEMBER_COLUMNS, type Member } from "./members";

export type Purpose = "register" | "sign-in";

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Drops expired ceremonies and stores a new one, in one batch: the table holds only the last few minutes. */
export async function putChallenge(
  db: D1Database,
  row: { idHash: string; challenge: string; purpose: Purpose; userId: number | null; expiresAt: string },
  now: string,
): Promise<void> {
  await db.batch([
    db.prepare("delete from webauthn_challenges where expires_at <= ?").bind(now),
    db
      .prepare("insert into webauthn_challenges (id_hash, challenge, purpose, user_id, expires_at) values (?, ?, ?, ?, ?)")
      .bind(row.idHash, row.challenge, row.purpose, row.userId, row.expiresAt),
  ]);
}

/** Deletes a live ceremony of this purpose and returns its challenge and member; null when there is none. */
export async function deleteChallenge(
  db: D1Database,
  idHash: string,
  purpose: Purpose,
  now: string,
): Promise<{ challenge: string; userId: number | null } | null> {
  const found = await db
    .prepare(
      "delete from webauthn_challenges where id_hash = ? and purpose = ? and expires_at > ? returning challenge as challenge, user_id as userId",
    )
    .bind(idHash, purpose, now)
    .first<{ challenge: string; userId: number | null }>();
  return found && { challenge: found.challenge, userId: found.userId === null ? null : Number(found.userId) };
}

export async function passkeyRows(db: D1Database, userId: number): Promise<PasskeyRow[]> {
  const { results } = await db
    .prepare(
      "select id as id, name as name, created_at as createdAt, last_used_at as lastUsedAt from passkeys where user_id = ? order by created_at, id",
    )
    .bind(userId)
    .all<PasskeyRow>();
  return results;
}

/** The credential ids of the member's passkeys. */
export async function passkeyIds(db: D1Database, userId: number): Promise<string[]> {
  const { results } = await db.prepare("select id as id from passkeys where user_id = ?").bind(userId).all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Stores a passkey; a credential id already stored is left as it is. */
export async function insertPasskey(
  db: D1Database,
  row: { id: string; userId: number; publicKey: string; counter: number; transports: string; name: string; createdAt: string },
): Promise<void> {
  await db
    .prepare(
      "insert into passkeys (id, user_id, public_key, counter, transports, name, created_at) values (?, ?, ?, ?, ?, ?, ?) on conflict (id) do nothing",
    )
    .bind(row.id, row.userId, row.publicKey, row.counter, row.transports, row.name, row.createdAt)
    .run();
}

export type SignInPasskey = Member & { id: string; publicKey: string; counter: number; transports: string };

/** A passkey with its member, when the account is active. */
export function signInPasskey(db: D1Database, credentialId: string): Promise<SignInPasskey | null> {
  return db
    .prepare(
      `select p.id as id, p.public_key as publicKey, p.counter as counter, p.transports as transports, ${MEMBER_COLUMNS} from passkeys p join users u on u.id = p.user_id where p.id = ? and u.active = 1`,
    )
    .bind(credentialId)
    .first<SignInPasskey>();
}

export async function markPasskeyUsed(db: D1Database, id: string, counter: number, now: string): Promise<void> {
  await db.prepare("update passkeys set counter = ?, last_used_at = ? where id = ?").bind(counter, now, id).run();
}

/** Deletes the member's passkey unless it is their last: "removed", "last" (kept) or "missing". */
export async function deletePasskey(db: D1Database, userId: number, id: string): Promise<"removed" | "last" | "missing"> {
  const row = await db
    .prepare("delete from passkeys where id = ?1 and user_id = ?2 and (select count(*) from passkeys where user_id = ?2) > 1 returning id as id")
    .bind(id, userId)
    .first();
  if (row) return "removed";
  const exists = await db.prepare("select 1 as one from passkeys where id = ? and user_id = ?").bind(id, userId).first();
  return exists ? "last" : "missing";
}
