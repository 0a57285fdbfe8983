// How closely an item matches (src/search/plan/plan-group.ts, exactFlag): 3 every word as typed, 1 only through another
// form, 0 neither; the same figures the text databases' hits are given (src/search/plan/plan.ts, shardRows), so an
// exact match ranks above a stemmed one wherever either was found.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { exactFlag, type Group } from "../../src/search/plan/plan-group";
import { sql } from "../../src/search/plan/sql-fragment";

/** A group of no document kind (one index row per item): all exactFlag reads of it. */
const group = { kind: "probe", keyOf: (table: string) => `${table}.rowid` } as unknown as Group;

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("create virtual table closeness_probe using fts5(body, tokenize = 'unicode61 remove_diacritics 2')"),
    env.DB.prepare("insert into closeness_probe (rowid, body) values (1, 'two varistors burnt'), (2, 'a varistor burnt'), (3, 'a fuse burnt')"),
  ]);
});

describe("closeness: as typed, another form, neither", () => {
  it("an item matching as typed weighs 3, through another form 1, through neither 0", async () => {
    const flag = exactFlag(group, "closeness_probe", { exact: '"varistors"', forms: '("varistors" OR "varistor")' }, sql`k.n`);
    const { sql: text, params } =
      sql`select k.n as n, ${flag} as closeness from (select 1 as n union all select 2 union all select 3) k order by k.n`.render();
    const rows = await env.DB.prepare(text)
      .bind(...params)
      .all<{ n: number; closeness: number }>();
    expect(rows.results.map((r) => r.closeness)).toEqual([3, 1, 0]);
  });
});
