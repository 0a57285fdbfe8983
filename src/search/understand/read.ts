// Several read statements in one D1 round trip (drizzle cannot batch raw `sql`).
import type { SQL } from "drizzle-orm";
import type { QueryContext } from "../../db/queries/runtime";
import { sqlText } from "../../db/sql-text";

/** Runs several read statements in one D1 round trip (drizzle cannot batch raw `sql`). */
export async function readBatch<T>(ctx: QueryContext, queries: SQL[]): Promise<T[][]> {
  if (queries.length === 0) return [];
  const d1 = ctx.db.$client;
  const results = await d1.batch(
    queries.map((q) => {
      const { sql: text, params } = sqlText(q);
      return d1.prepare(text).bind(...params);
    }),
  );
  return results.map((r) => r.results as T[]);
}
