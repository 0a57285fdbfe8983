// An API key, by the hash of its token (a revocation keeps its first time).
// One of the section planners of the importer (../load.ts); record-plan.ts says what a plan holds.
import { sql } from "drizzle-orm";
import * as t from "../../../src/db/schema";
import { sha256Hex } from "../../../src/auth/keys";
import type { Item, PlanContext, RecordPlanBuilder } from "./record-plan";
import { ifChanged, userId } from "./values";

export async function planApiKey(plan: RecordPlanBuilder, ctx: PlanContext, k: Item<"api_keys">): Promise<void> {
  const { db, now } = ctx;
  const values = {
    userId: userId(k.user)!,
    name: k.name,
    scopes: k.scopes,
    expiresAt: k.expires_at ? new Date(k.expires_at).toISOString() : null,
  };
  // A key revoked again keeps the time of its first revocation.
  const set = { ...values, revokedAt: k.revoked ? sql`coalesce(revoked_at, ${now})` : null };
  const tokenHash = await sha256Hex(k.token);
  // Written only when a value or the revocation differs (a revocation keeps its first time).
  const setWhere = sql`${ifChanged(t.apiKeys, values)} or (${t.apiKeys.revokedAt} is null) is not (excluded.revoked_at is null)`;
  plan.push(
    db
      .insert(t.apiKeys)
      .values({ ...values, tokenHash, displayPrefix: k.token.slice(0, 10), revokedAt: k.revoked ? now : null, createdAt: now })
      .onConflictDoUpdate({ target: t.apiKeys.tokenHash, set, setWhere }),
  );
  plan.count("api_keys");
}
