// The search plan's SQL fragments (src/search/plan/sql-fragment.ts) render what drizzle's SQLite dialect writes for
// the same statement built with drizzle's own tag, and cross over to drizzle (src/search/plan/sql-fragment-drizzle.ts)
// without a change of text or values.
import { eq, sql as drizzleSql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents, threads } from "../../src/db/schema";
import { sql } from "../../src/search/plan/sql-fragment";
import { columnName, fromDrizzle, tableName, toDrizzle } from "../../src/search/plan/sql-fragment-drizzle";
import { drizzleWrites } from "../helpers/drizzle-twin";

describe("SQL fragments", () => {
  it("bind each value to a ? in order: strings, numbers, null, booleans, big integers", () => {
    const values = ["it's", 0, -1.5, null, true, 2n ** 60n] as const;
    const own = sql`select ${values[0]}, ${values[1]}, ${values[2]}, ${values[3]}, ${values[4]}, ${values[5]}`;
    const theirs = drizzleSql`select ${values[0]}, ${values[1]}, ${values[2]}, ${values[3]}, ${values[4]}, ${values[5]}`;
    expect(own.render()).toEqual({ sql: "select ?, ?, ?, ?, ?, ?", params: [...values] });
    expect(own.render()).toEqual(drizzleWrites(theirs));
  });

  it("write nested fragments inline, their values in place", () => {
    const inner = sql`b = ${2} and ${sql`c = ${3}`}`;
    const own = sql`${1} = a and (${inner}) or d = ${"4"}${sql``}`;
    const theirs = drizzleSql`${1} = a and (${drizzleSql`b = ${2} and ${drizzleSql`c = ${3}`}`}) or d = ${"4"}${drizzleSql``}`;
    expect(own.render()).toEqual({ sql: "? = a and (b = ? and c = ?) or d = ?", params: [1, 2, 3, "4"] });
    expect(own.render()).toEqual(drizzleWrites(theirs));
    // The same fragment twice (the plan reuses its conditions): both places written.
    expect(sql`${inner} or ${inner}`.render()).toEqual({ sql: "b = ? and c = ? or b = ? and c = ?", params: [2, 3, 2, 3] });
  });

  it("write raw text as it is, never bound, a ? in it included", () => {
    const own = sql`select ${sql.raw("'?' as mark")} limit ${sql.raw("10")}`;
    expect(own.render()).toEqual({ sql: "select '?' as mark limit 10", params: [] });
    expect(own.render()).toEqual(drizzleWrites(drizzleSql`select ${drizzleSql.raw("'?' as mark")} limit ${drizzleSql.raw("10")}`));
    expect(sql``.render()).toEqual({ sql: "", params: [] });
    expect(sql.empty.render()).toEqual({ sql: "", params: [] });
  });

  it("join fragments with a separator, as drizzle's sql.join", () => {
    const parts = (n: number) => Array.from({ length: n }, (_, i) => sql`x${sql.raw(String(i))} = ${i}`);
    const theirs = (n: number) => Array.from({ length: n }, (_, i) => drizzleSql`x${drizzleSql.raw(String(i))} = ${i}`);
    for (const n of [0, 1, 3]) {
      const own = sql`(${sql.join(parts(n), " + ")})`;
      expect(own.render()).toEqual(drizzleWrites(drizzleSql`(${drizzleSql.join(theirs(n), drizzleSql` + `)})`));
    }
    expect(sql.join(parts(3), " or ").render()).toEqual({ sql: "x0 = ? or x1 = ? or x2 = ?", params: [0, 1, 2] });
  });

  it("quote identifiers, and the schema's tables and columns, as drizzle does", () => {
    expect(sql.identifier('odd "name"').render()).toEqual(drizzleWrites(drizzleSql.identifier('odd "name"').getSQL()));
    expect(sql.identifier("threads", "id").render().sql).toBe('"threads"."id"');
    const own = sql`select ${columnName(documents.id)} from ${tableName(documents)} where ${columnName(documents.createdAt)} > ${"2026"}`;
    expect(own.render()).toEqual(drizzleWrites(drizzleSql`select ${documents.id} from ${documents} where ${documents.createdAt} > ${"2026"}`));
  });

  it("take in a drizzle condition with its values mapped as drizzle binds them", () => {
    const condition = drizzleSql`${eq(threads.published, true)} and ${threads.title} <> ${"x"}`;
    const own = sql`select 1 where ${fromDrizzle(condition)} and ${"y"} = y`;
    expect(own.render()).toEqual(drizzleWrites(drizzleSql`select 1 where ${condition} and ${"y"} = y`));
    expect(own.render().params).toEqual([1, "x", "y"]);
    // A "?" in a condition's own text would be taken for a value: refused.
    expect(() => fromDrizzle(drizzleSql`title = '?' and id = ${1}`)).toThrow();
  });

  it("cross over to one drizzle statement with the same text and values", () => {
    const own = sql`select ${sql.raw("'?'")}, ${sql`${1}, ${sql`${null}`}`} where a = ${"b"}`;
    expect(drizzleWrites(toDrizzle(own))).toEqual(own.render());
    expect(own.render()).toEqual({ sql: "select '?', ?, ? where a = ?", params: [1, null, "b"] });
  });
});
