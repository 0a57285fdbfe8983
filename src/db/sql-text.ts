// Drizzle statements as SQL text and values without drizzle's renderer (its cost: bench/RESULTS.md), for the kinds
// the search and the statement templates write; anything else goes to drizzle (test/search/sql-text.test.ts).
import { Column, Name, Param, SQL, StringChunk, Table } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";

const dialect = new SQLiteSyncDialect();

const escapeName = (name: string) => `"${name.replace(/"/g, '""')}"`;
const TABLE_NAME = Symbol.for("drizzle:Name");
const TABLE_SCHEMA = Symbol.for("drizzle:Schema");
const IS_ALIAS = Symbol.for("drizzle:IsAlias");

/** Thrown inside the walk for a chunk this renderer does not know: the whole statement goes to drizzle. */
class Unknown extends Error {}

function tableName(table: Table): string {
  const t = table as unknown as Record<symbol, string | boolean | undefined>;
  if (t[TABLE_SCHEMA] !== undefined && !t[IS_ALIAS]) throw new Unknown();
  return escapeName(t[TABLE_NAME] as string);
}

function walk(chunks: readonly unknown[], text: string[], params: unknown[]): void {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) text.push(chunk.value.join(""));
    else if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new Unknown();
      walk(chunk.queryChunks, text, params);
    } else if (chunk instanceof Param) {
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL || (value !== null && typeof value === "object")) throw new Unknown();
      text.push("?");
      params.push(value);
    } else if (chunk instanceof Column) {
      text.push(`${tableName(chunk.table)}.${escapeName(chunk.name)}`);
    } else if (chunk instanceof Table) text.push(tableName(chunk));
    else if (chunk instanceof Name) text.push(escapeName(chunk.value));
    else if (chunk === undefined) continue;
    else if (chunk === null || ["string", "number", "bigint", "boolean"].includes(typeof chunk)) {
      text.push("?");
      params.push(chunk);
    } else throw new Unknown();
  }
}

/** The statement's SQL and values, as drizzle's SQLite dialect writes them; throws on a chunk it does not know. */
export function sqlTextOwn(statement: SQL): { sql: string; params: unknown[] } {
  const text: string[] = [];
  const params: unknown[] = [];
  walk(statement.queryChunks, text, params);
  return { sql: text.join(""), params };
}

/** The statement's SQL and values, as drizzle's SQLite dialect writes them (by drizzle for a chunk not known here). */
export function sqlText(statement: SQL): { sql: string; params: unknown[] } {
  try {
    return sqlTextOwn(statement);
  } catch (error) {
    if (error instanceof Unknown) return dialect.sqlToQuery(statement);
    throw error;
  }
}
