// Where the search plan's fragments (src/search/plan/sql-fragment.ts) meet drizzle: the schema's tables and columns
// and the visibility rule's conditions come in as fragments, and a finished statement goes out as one drizzle
// `SQL` where a drizzle API needs one (a loader's ranking). Each crossing is one conversion of a whole
// statement or name, never one per chunk.
import { type Column, sql as drizzleSql, getTableName, type SQL, type Table } from "drizzle-orm";
import { SqlFragment, type SqlParam, sql } from "./sql-fragment";
import { sqlText } from "../../db/sql-text";

/** A table's quoted name, as drizzle writes a table in its `sql` tag (SQLite: no schema). */
export const tableName = (table: Table): SqlFragment => sql.identifier(getTableName(table));

/** A column's quoted `"table"."column"`, as drizzle writes a column in its `sql` tag. */
export const columnName = (column: Column): SqlFragment => sql.identifier(getTableName(column.table), column.name);

/**
 * A drizzle condition (the visibility rule) as a fragment: rendered once (drizzle's encoders map its values),
 * then cut at its placeholders. Its own text holds no "?" of its own (checked).
 */
export function fromDrizzle(condition: SQL): SqlFragment {
  const { sql: text, params } = sqlText(condition);
  const texts = text.split("?");
  if (texts.length !== params.length + 1) throw new Error(`a "?" in the text of a condition: ${text}`);
  // Drizzle's encoders give what D1 binds: strings, numbers, null (a boolean column as 0 or 1).
  return new SqlFragment(texts, params as SqlParam[]);
}

/** The statement as one drizzle `SQL` (its text pieces and values flattened: the same SQL and values). */
export function toDrizzle(statement: SqlFragment): SQL {
  const { texts, params } = statement.flatten();
  // Drizzle's tag reads only the strings of its template: the pieces stand in for them.
  return drizzleSql(Object.assign(texts, { raw: texts }), ...params);
}
