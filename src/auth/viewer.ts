// Who is calling: the key from the Authorization header resolved to its owner, or anonymous.
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys, users } from "../db/schema";
import { DomainError } from "../errors";
import { looksLikeToken, sha256Hex } from "./keys";
import type { Viewer } from "./identity";
import type { Scope } from "../schemas/scopes";
import { msg } from "../core/messages/errors";

/** The owner of a usable key (known, not revoked, not expired), else undefined. */
export async function findViewerByToken(db: Db, token: string, now = new Date()): Promise<Viewer | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      name: users.name,
      role: users.role,
      locale: users.locale,
      active: users.active,
      keyId: apiKeys.id,
      keyName: apiKeys.name,
      scopes: apiKeys.scopes,
      keyExpiresAt: apiKeys.expiresAt,
      keyLastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.tokenHash, await sha256Hex(token)),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now.toISOString())),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { ...row, scopes: row.scopes as Scope[] } : undefined;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer[ ]+(\S+)\s*$/i);
  return match?.[1];
}

/** The 401 of a sent key that is not usable (none parsed from the header, or unknown, expired or revoked). */
export function refusedKey(token: string | undefined): DomainError {
  return new DomainError("unauthorized", token ? msg.keyRejected() : msg.bearerMalformed(), {
    credentialsRejected: true,
  });
}
