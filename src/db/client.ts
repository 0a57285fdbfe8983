import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * A drizzle database over the binding or over one D1 Sessions API session (drizzle's d1 driver only
 * calls prepare() and batch(), which a session has too).
 */
export function getDb(env: { DB: D1Database } | D1DatabaseSession): Db {
  const client = "DB" in env ? env.DB : env;
  // The session is not a full D1Database (no exec/dump/withSession), which drizzle never calls.
  return drizzle(client as D1Database, { schema });
}
