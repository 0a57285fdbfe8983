import { drizzle } from "drizzle-orm/d1";

export type Db = ReturnType<typeof drizzle<Record<string, never>, D1Database>>;

/**
 * A drizzle database over the binding or over one D1 Sessions API session (drizzle's d1 driver only
 * calls prepare() and batch(), which a session has too). Made per request, so without the schema:
 * the code builds queries from the table objects and never uses drizzle's relational `db.query`, and
 * passing the schema would rebuild its relations table on every request.
 */
export function getDb(env: { DB: D1Database } | D1DatabaseSession): Db {
  const client = "DB" in env ? env.DB : env;
  // The session is not a full D1Database (no exec/dump/withSession), which drizzle never calls.
  return drizzle(client as D1Database);
}
