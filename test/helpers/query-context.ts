// A query context for calling domain reads directly (search stages, boardview lookups), as a request would build one.
import { env } from "cloudflare:workers";
import { getDb } from "../../src/db/client";
import type { QueryContext } from "../../src/db/queries/runtime";
import { textShards } from "../../src/text/shards";

/** English urls on boards.test, now; `viewer` null is anonymous; `db` another D1 (a wrapped one) in place of env.DB. */
export function queryContext(viewer: { userId: number } | null = null, db: D1Database = env.DB): QueryContext {
  return {
    db: getDb({ DB: db }),
    viewer,
    urls: { siteUrl: "https://boards.test", lang: "en" },
    now: new Date().toISOString(),
    shards: textShards(env),
  };
}
