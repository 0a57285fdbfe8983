import type { Context } from "hono";
import type { QueryContext } from "../db/queries/runtime";
import { issueDownload } from "../downloads/download";
import { apiBaseUrl } from "../core/urls";
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

/** A download issued for a member of this request (the API's key owner or the site's member), under the daily cap. */
export function requestDownload(c: Context<AppEnv>, userId: number, id: string) {
  const { downloadCapPerDay, fileLinkTtlSeconds } = c.get("config");
  return issueDownload(c.env, {
    ctx: { ...queryContext(c), viewer: { userId } },
    id,
    baseUrl: apiBaseUrl(c.get("siteUrl")),
    capPerDay: downloadCapPerDay,
    linkTtlSeconds: fileLinkTtlSeconds,
  });
}
