import type { Context } from "hono";
import type { QueryContext } from "../db/queries/runtime";
import { textShards } from "../text/shards";
import { urlContext, type AppEnv } from "./app-env";
import { dbOf } from "./d1-session";

/** The read-query context of a request: its database, its viewer, its language and site. */
export function queryContext(c: Context<AppEnv>): QueryContext {
  const viewer = c.get("viewer");
  return {
    // Opened when a query first needs it: an answer from the edge cache never does.
    get db() {
      return dbOf(c);
    },
    viewer: viewer ? { userId: viewer.userId } : null,
    urls: urlContext(c),
    now: new Date().toISOString(),
    shards: textShards(c.env),
  };
}
