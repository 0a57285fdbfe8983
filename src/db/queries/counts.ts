// Totals read from counters (migrations/0002_list_counts.sql), kept by triggers: a total costs one
// primary-key read, not a count over every matching row. What the counters cannot know (a viewer's own
// and shared documents, posts and cases scheduled for later) is counted over those few rows only.
import { sql, type SQL } from "drizzle-orm";

/** documents_own, documents_shared and documents_owned are per user (migrations/0013_keyed_list_counts.sql). */
export type CountedList = "documents" | "documents_own" | "documents_shared" | "documents_owned" | "threads" | "posts" | "cases" | "boards";

/** The counter of `list` under `key` (0 when no row has ever been counted there; null key → 0). */
export function counter(list: CountedList, key: SQL | string): SQL<number> {
  return sql<number>`coalesce((select n from list_counts where list = ${list} and key = ${key}), 0)`;
}

/** A counter key made of parts: `t:schematic:b:12`. A null part (an unknown board) makes the key null. */
export function counterKey(...parts: (SQL | string | number)[]): SQL {
  return sql.join(
    parts.map((p) => (typeof p === "object" ? sql`(${p})` : sql`${String(p)}`)),
    sql` || `,
  );
}
