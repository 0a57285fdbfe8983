// The database as the ordered migrations make it (applied to this file's empty database by the setup file,
// exactly as wrangler applies them): drizzle-kit and wrangler agree on the sequence, every search table and
// trigger the code relies on exists, and the index keeps up with rows written after the last migration.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import journal from "../migrations/meta/_journal.json";
import { FTS_TABLES, searchTriggerNames } from "../src/search/index/index-sql";
import { api } from "./helpers/app";

const names = async (type: "table" | "trigger") =>
  (await env.DB.prepare("select name from sqlite_master where type = ? order by name").bind(type).all<{ name: string }>()).results.map((r) => r.name);

describe("migrations", () => {
  it("drizzle-kit's journal lists every migration wrangler applies, in the same order", () => {
    expect(env.TEST_MIGRATIONS.map((m) => m.name.replace(/\.sql$/, ""))).toEqual(journal.entries.map((e) => e.tag));
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
  });

  it("after the last migration every search table and trigger the code relies on exists", async () => {
    const triggers = await names("trigger");
    expect(searchTriggerNames().filter((name) => !triggers.includes(name))).toEqual([]);
    const tables = await names("table");
    const expected = ["search_keys", ...Object.keys(FTS_TABLES), ...["documents", "threads", "cases"].map((g) => `search_${g}_recent`)];
    expect(expected.filter((name) => !tables.includes(name))).toEqual([]);
  });

  it("rows written after the last migration are found by search, through their metadata and their page text", async () => {
    const id = "01JZZZ0M1GRAT10N0000000001";
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "insert into documents (id, title, type, status, visibility, created_at, updated_at) values (?, 'Zanzibarite rail guide', 'document', 'available', 'public', ?, ?)",
      ).bind(id, now, now),
      env.DB.prepare("insert into document_pages (document_id, page, text) values (?, 1, 'measure the quillonvolt pad first')").bind(id),
    ]);
    const search = async (q: string) => (await (await api(`/search?q=${q}`)).json<any>()).data;
    expect((await search("zanzibarite")).documents.map((d: any) => d.id)).toEqual([id]);
    expect((await search("quillonvolt")).documents.map((d: any) => d.id)).toEqual([id]);
  });

  it("0027 keeps a reference file's parts while it rekeys them by designator, and then keeps both of one key", async () => {
    const queries = (name: string) => env.TEST_MIGRATIONS.find((m) => m.name.startsWith(name))?.queries ?? [];
    const oldTable = queries("0024_").filter((q) => /create (table|index) reference_parts/.test(q));
    expect(oldTable).toHaveLength(2);
    const run = (statements: string[]) => env.DB.batch(statements.map((q) => env.DB.prepare(q)));
    // The table as 0024 made it, holding a row, then 0027 over it, as a deployed database meets it.
    await run(["drop table reference_parts", ...oldTable, "insert into reference_parts values ('01JDOC', 7, 'C51', 'C51', '22uF', null, null, 1)"]);
    await run(queries("0027_"));
    await env.DB.prepare("insert into reference_parts values ('01JDOC', 7, 'C51', 'C5.1', '10uF', null, null, 1)").run();
    const rows = await env.DB.prepare("select designator, value from reference_parts where board_id = 7 and norm = 'C51' order by designator").all();
    expect(rows.results).toEqual([
      { designator: "C5.1", value: "10uF" },
      { designator: "C51", value: "22uF" },
    ]);
    const triggers = (await names("trigger")).filter((n) => n.startsWith("reference_"));
    expect(triggers).toEqual(["reference_boards_ad", "reference_documents_bd", "reference_links_ad"]);
  });
});
