// The per-request database: every read and write of a request goes through one D1 Sessions API session, so reads
// may be served by the nearest replica and still never go back in time within it. Opened on first use: an answer
// from the edge cache, /healthz or a refused call never opens one. A client that sends the bookmark it was given
// (`x-d1-bookmark`, Cloudflare's documented pattern) starts where it left off.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { MCP_PATH } from "../core/urls";
import { type Db, getDb } from "../db/client";

export const BOOKMARK_HEADER = "x-d1-bookmark";

// D1 bookmarks are hex groups joined by dashes; anything else is ignored (a session from scratch).
const BOOKMARK = /^[0-9a-f]{1,16}(-[0-9a-f]{1,64}){1,8}$/i;

/** Requests that only read: GETs, and the MCP endpoint (read-only tools, called over POST). */
function readsOnly(method: string, path: string): boolean {
  return method === "GET" || method === "HEAD" || path === MCP_PATH;
}

/** Where a request's session starts: the client's bookmark, else any replica for reads, the primary for writes. */
function sessionStart(readOnly: boolean, bookmark: string | undefined): string {
  if (bookmark && BOOKMARK.test(bookmark)) return bookmark;
  return readOnly ? "first-unconstrained" : "first-primary";
}

/** The request's database, its session opened on the first call. */
export function dbOf(c: Context<AppEnv>): Db {
  let db = c.get("db");
  if (!db) {
    const session = c.env.DB.withSession(sessionStart(readsOnly(c.req.method, c.req.path), c.req.header(BOOKMARK_HEADER)));
    db = getDb(session);
    c.set("db", db);
    c.set("d1Session", session);
  }
  return db;
}

/**
 * A write, or a read that asked to follow one, learns where its session got to. Plain anonymous reads carry nothing
 * of the kind, so their answers stay the same for everyone (cacheable).
 */
export function carryBookmark(c: Context<AppEnv>): void {
  const session = c.get("d1Session");
  if (!session) return;
  const reached = session.getBookmark();
  if (reached && (c.req.header(BOOKMARK_HEADER) !== undefined || !readsOnly(c.req.method, c.req.path))) {
    c.res.headers.set(BOOKMARK_HEADER, reached);
  }
}
