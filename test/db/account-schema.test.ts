// The accounts' tables as src/db/account-schema.ts declares them are the tables the migrations make: same columns
// (type, NOT NULL, primary key, default), foreign keys and indexes, so drizzle and the statements agree with D1.
import { env } from "cloudflare:workers";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { apiKeys, invites, keyReveals, passkeys, sessions, users, webauthnChallenges } from "../../src/db/schema";

interface Shape {
  columns: string[];
  foreignKeys: string[];
  indexes: string[];
}

function declared(table: SQLiteTable): Shape {
  const config = getTableConfig(table);
  return {
    columns: config.columns
      .map((c) => `${c.name} ${c.getSQLType()}${c.notNull ? " not null" : ""}${c.primary ? " pk" : ""}${c.default !== undefined ? " default" : ""}`)
      .sort(),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return `${ref.columns.map((c) => c.name)} -> ${getTableConfig(ref.foreignTable).name}(${ref.foreignColumns.map((c) => c.name)}) on delete ${fk.onDelete ?? "no action"}`;
      })
      .sort(),
    indexes: [
      ...config.indexes.map(
        (i) => `${i.config.name}${i.config.unique ? " unique" : ""} (${i.config.columns.map((c) => (c as { name: string }).name)})`,
      ),
      ...config.columns.filter((c) => c.isUnique).map((c) => `${c.uniqueName} unique (${c.name})`),
    ].sort(),
  };
}

async function migrated(name: string): Promise<Shape> {
  const all = async <T>(pragma: string) => (await env.DB.prepare(`select * from pragma_${pragma}(?)`).bind(name).all<T>()).results;
  const columns = await all<{ name: string; type: string; notnull: number; pk: number; dflt_value: string | null }>("table_info");
  const fks = await all<{ from: string; table: string; to: string; on_delete: string }>("foreign_key_list");
  const indexes = (await all<{ name: string; unique: number; origin: string }>("index_list")).filter((i) => i.origin === "c");
  return {
    columns: columns
      .map(
        (c) =>
          `${c.name} ${c.type.toLowerCase()}${c.notnull || c.pk ? " not null" : ""}${c.pk ? " pk" : ""}${c.dflt_value !== null ? " default" : ""}`,
      )
      .sort(),
    foreignKeys: fks.map((fk) => `${fk.from} -> ${fk.table}(${fk.to}) on delete ${fk.on_delete.toLowerCase()}`).sort(),
    indexes: (
      await Promise.all(
        indexes.map(async (i) => {
          const cols = (await env.DB.prepare("select name from pragma_index_info(?) order by seqno").bind(i.name).all<{ name: string }>()).results;
          return `${i.name}${i.unique ? " unique" : ""} (${cols.map((c) => c.name)})`;
        }),
      )
    ).sort(),
  };
}

describe("the accounts' declared tables", () => {
  const tables = [users, apiKeys, sessions, passkeys, invites, webauthnChallenges, keyReveals];
  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))("%s is the table the migrations make", async (name, table) => {
    const shape = await migrated(name);
    expect(shape.columns.length).toBeGreaterThan(0);
    expect(declared(table)).toEqual(shape);
  });
});
