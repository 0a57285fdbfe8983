// A search fragment (src/search/plan/sql-fragment.ts) written again with drizzle's own `sql` tag, piece by piece and
// nested as it is: drizzle's rendering of the twin is the reference the fragment's own rendering is held to.
import { type SQL, sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { SqlFragment } from "../../src/search/plan/sql-fragment";

const dialect = new SQLiteSyncDialect();

export function drizzleTwin(fragment: SqlFragment): SQL {
  const texts = [...fragment.texts];
  return sql(Object.assign(texts, { raw: texts }), ...fragment.parts.map((part) => (part instanceof SqlFragment ? drizzleTwin(part) : part)));
}

/** What drizzle's SQLite dialect writes for a statement (its SQL and values). */
export function drizzleWrites(statement: SQL): { sql: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
}
