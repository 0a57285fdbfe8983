import type { Context } from "hono";
import type { QueryContext } from "../db/queries/runtime";
import { textShards } from "../text/shards";
import { urlContext, type AppEnv } from "./app-env";

/** The read-query context of a request: its database, its viewer, its language and site. */
export function queryContext(c: Context<AppEnv>): QueryContext {
  const viewer = c.get("viewer");
  return {
    db: c.get("db"),
    viewer: viewer ? { userId: viewer.userId } : null,
    urls: urlContext(c),
    now: new Date().toISOString(),
    shards: textShards(c.env),
  };
}
