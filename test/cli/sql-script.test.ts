// The SQL script that `npm run import -- --remote` sends to `wrangler d1 execute --file` must store
// exactly what the normal (bound-parameter) import stores.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../src/db/client";
import { importContent } from "../../cli/import";
import { buildImportPlan, CONTENT_TABLES } from "../../cli/import/load";
import { inlineParams, planStatements, renderSqlScript, shardStatements, sqlLiteral } from "../../cli/import/sql-script";
import { planTextWrites } from "../../cli/import/text";
import { RESET_TEXT_SQL } from "../../src/text/page-rows";
import { textShards } from "../../src/text/shards";
import { validateImport } from "../../cli/import/validate";
import sample from "../fixtures/sample.json";

const NOW = new Date("2026-11-01T12:00:00.000Z");

/** Every row of every content table, in a stable order, values as D1 returns them. */
async function dumpTables(): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of CONTENT_TABLES) {
    const rows = await env.DB.prepare(`select * from ${table}`).all();
    dump[table] = rows.results.map((r) => JSON.stringify(r)).sort();
  }
  for (const shard of textShards(env)) {
    const rows = await shard.db
      .prepare("select k.document_id, k.type, p.page, p.text from document_pages p join page_keys k on k.document_id = p.document_id")
      .all();
    dump[shard.name] = rows.results.map((r) => JSON.stringify(r)).sort();
  }
  return dump;
}

/** Empties the content and restarts autoincrement counters, as a fresh database has them. */
async function emptyDatabase(): Promise<void> {
  await env.DB.batch([...[...CONTENT_TABLES].map((t) => env.DB.prepare(`delete from ${t}`)), env.DB.prepare("delete from sqlite_sequence")]);
  for (const shard of textShards(env)) await shard.db.batch(RESET_TEXT_SQL.map((q) => shard.db.prepare(q)));
}

/** The sample plus values that are hard to quote: quotes, placeholders, comment markers, NUL, emoji, newlines. */
function hostileSample() {
  const file = structuredClone(sample) as any;
  file.threads[0].title = `It's "fine"? -- /* not */ ; drop table users; ?`;
  file.threads[0].body = "line 1\nline 2\r\n\ttabbed 'quoted' \u0000 nul and emoji 🔧 ñandú";
  file.threads[0].posts[0].score = -7;
  file.users[0].name = "O'Brien; --";
  file.documents[0].versions[0] = { version: 1, filename: "bytes.bin", content_base64: "AAEC/wA=" };
  return file;
}

describe("rendered SQL script", () => {
  it("stores the same rows as the normal import on a fresh database", async () => {
    const file = hostileSample();
    await emptyDatabase();
    const outcome = await importContent(env, structuredClone(file), { now: NOW });
    expect(outcome.ok).toBe(true);
    const viaBinding = await dumpTables();
    expect(viaBinding.threads.length).toBeGreaterThan(0);

    await emptyDatabase();
    const validated = validateImport(structuredClone(file));
    if (!validated.ok) throw new Error(JSON.stringify(validated.problems));
    const plan = await buildImportPlan(getDb(env), validated.data, NOW.toISOString());
    const texts = planTextWrites(textShards(env), plan.texts, new Map());
    const statements = planStatements(plan, { texts });
    expect(renderSqlScript(statements).split(";\n").length - 1).toBe(statements.length);
    // Plain text, no bindings: the scripts as wrangler would run them, each text shard's first.
    for (const [name, list] of shardStatements(texts)) {
      const shard = textShards(env).find((s) => s.name === name)!;
      await shard.db.batch(list.map((s) => shard.db.prepare(s)));
    }
    await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
    expect(await dumpTables()).toEqual(viaBinding);
  });

  it("with reset, empties what was there first", async () => {
    await env.DB.prepare("insert into categories (slug, name, position) values ('stale', 'Stale', 9)").run();
    const validated = validateImport(structuredClone(sample));
    if (!validated.ok) throw new Error("sample invalid");
    const plan = await buildImportPlan(getDb(env), validated.data, NOW.toISOString());
    await env.DB.batch(planStatements(plan, { reset: true }).map((s) => env.DB.prepare(s)));
    const slugs = (await env.DB.prepare("select slug from categories order by slug").raw()).map((r) => r[0]);
    expect(slugs).toEqual(sample.categories.map((c) => c.slug).sort());
  });
});

describe("sqlLiteral", () => {
  // Each value goes into the kinds of column the schema gives it, once bound and once as a literal.
  const cases: [unknown, string[]][] = [
    ["plain", ["t", "u"]],
    ["", ["t", "u"]],
    ["O'Reilly ''double''", ["t", "u"]],
    ["a ? b", ["t", "u"]],
    ["-- comment /* block */ ;", ["t", "u"]],
    ["nul \u0000 inside", ["t", "u"]],
    ["🔧 ñ \n\r\t", ["t", "u"]],
    [0, ["i", "r"]],
    [-0, ["i", "r"]],
    [42, ["i", "r"]],
    [-17, ["i", "r"]],
    [1.5, ["i", "r"]],
    [-2.25e-7, ["i", "r"]],
    [Number.MAX_SAFE_INTEGER, ["i", "r"]],
    [null, ["i", "r", "t", "x", "u"]],
    [new Uint8Array([0, 1, 2, 255, 39]), ["x", "u"]],
    [new Uint8Array([]), ["x", "u"]],
  ];

  it("stores exactly what binding the value stores, with the same SQLite type", async () => {
    await env.DB.exec("create table literal_check (i integer, r real, t text, x blob, u)");
    for (const [value, columns] of cases) {
      for (const column of columns) {
        await env.DB.exec("delete from literal_check");
        await env.DB.prepare(`insert into literal_check (${column}) values (?)`).bind(value).run();
        await env.DB.prepare(`insert into literal_check (${column}) values (${sqlLiteral(value)})`).run();
        const rows = await env.DB.prepare(`select ${column} as v, typeof(${column}) as t from literal_check order by rowid`).all();
        expect(rows.results[1], `${String(value)} in ${column} as ${sqlLiteral(value)}`).toEqual(rows.results[0]);
      }
    }
  });

  it("writes big integers exactly, booleans as 1 and 0, and refuses what has no literal", async () => {
    const row = await env.DB.prepare(
      `select typeof(${sqlLiteral(-9223372036854775808n)}) as t, cast(${sqlLiteral(9007199254740993n)} as text) as v`,
    ).first();
    expect(row).toEqual({ t: "integer", v: "9007199254740993" });
    expect(sqlLiteral(true)).toBe("1");
    expect(sqlLiteral(false)).toBe("0");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral(Infinity)).toThrow();
    expect(() => sqlLiteral({})).toThrow();
  });
});

describe("inlineParams", () => {
  it("leaves placeholders inside quotes, identifiers and comments alone", () => {
    expect(inlineParams(`select '?' as "a?", ? -- ?\n, [b?], /* ? */ ?`, ["x", 2])).toBe(`select '?' as "a?", 'x' -- ?\n, [b?], /* ? */ 2`);
    expect(inlineParams(`select 'it''s ?', ?`, [null])).toBe(`select 'it''s ?', NULL`);
  });

  it("refuses a placeholder count that does not match the parameters", () => {
    expect(() => inlineParams("select ?, ?", [1])).toThrow();
    expect(() => inlineParams("select ?", [1, 2])).toThrow();
    expect(() => inlineParams("select ?1", [1])).toThrow();
  });
});
