// A text database that lacks a word the query needs is not asked (src/search/understand/shard-absence.ts), and that
// memory never hides new text: a document processed or imported since is found by the very next search
// (the text generation, src/text/generation.ts, read beside the ranking whenever a database was skipped).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { importContent } from "../../cli/import";
import { searchSite } from "../../src/search";
import { foldsAsIndexed } from "../../src/search/understand/shard-absence";
import { countsStatement } from "../../src/search/index/term-counts";
import { fold } from "../../src/search/index/vocabulary";
import { textShards } from "../../src/text/shards";
import { seedSample } from "../helpers/app";
import { queryContext } from "../helpers/query-context";
import { createUploader, makePdf, runQueue, upload } from "../helpers/uploads";

vi.setConfig({ testTimeout: 30_000 });

/** A D1 binding whose calls are counted (a batch is one; a session's calls count on its database). */
function countedCalls(db: D1Database, tally: { calls: number }): D1Database {
  const statement = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(target, key) {
        if (key === "bind") return (...args: unknown[]) => statement(target.bind(...args));
        const value = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        if (key === "all" || key === "run" || key === "first" || key === "raw")
          return (...args: never[]) => {
            tally.calls++;
            return (value as (...a: never[]) => unknown).apply(target, args);
          };
        return value.bind(target);
      },
    });
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  const wrap = (target: D1Database | D1DatabaseSession): D1Database =>
    new Proxy(target, {
      get(t, key) {
        if (key === "prepare")
          return (text: string) => {
            const real = t.prepare(text);
            const proxy = statement(real);
            unwrap.set(proxy, real);
            return proxy;
          };
        if (key === "batch")
          return (list: D1PreparedStatement[]) => {
            tally.calls++;
            return t.batch(list.map((s) => unwrap.get(s) ?? s));
          };
        if (key === "withSession") return (...args: unknown[]) => wrap((t as D1Database).withSession(...(args as [string])));
        const value = Reflect.get(t, key);
        return typeof value === "function" ? value.bind(t) : value;
      },
    }) as D1Database;
  return wrap(db);
}

// Bound statements are re-wrapped by `bind`: batches unwrap them through the statement's own target.
const shardTally = { calls: 0 };
const countedShards = () => textShards(env).map((shard) => ({ ...shard, db: countedCalls(shard.db, shardTally) }));

let owner: { key: string; userId: number };

/** One search as the owner of the uploads below; how many calls it made to the text databases. */
async function search(q: string) {
  shardTally.calls = 0;
  const found = await searchSite({ ...queryContext({ userId: owner.userId }), shards: countedShards() }, q);
  return { ids: found.documents.map((d) => d.id), shardCalls: shardTally.calls };
}

/** Searches until the text databases are no longer asked (a cold isolate learns the word is missing first). */
async function untilSkipped(q: string) {
  for (let i = 0; i < 4; i++) if ((await search(q)).shardCalls === 0) return true;
  return false;
}

let uploads = 0;
async function uploadAndProcess(pages: string[]): Promise<string> {
  const res = await upload(
    owner.key,
    { external_id: `absence-${++uploads}`, title: "Service notes" },
    { filename: "notes.pdf", content: await makePdf(pages) },
  );
  const body = (await res.json()) as { data: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  const { result } = await runQueue([{ documentId: body.data.id, version: 1 }]);
  expect(result.explicitAcks).toHaveLength(1);
  return body.data.id;
}

beforeAll(async () => {
  await seedSample();
  owner = await createUploader();
  // Page text on both text databases, so both are asked until a word is known missing there.
  const pages = ["Measure the rail at the coil", "Replace the buck converter"];
  for (let i = 0; i < 4; i++) await uploadAndProcess(pages);
});

describe("text databases skipped when they lack a word", () => {
  it("a word no page holds stops asking the text databases once its absence is known", async () => {
    expect((await search("quokkaberry")).shardCalls).toBeGreaterThan(0);
    expect(await untilSkipped("quokkaberry")).toBe(true);
    expect(await search("quokkaberry")).toEqual({ ids: [], shardCalls: 0 });
    // A word that pages hold keeps asking them.
    const found = await search("converter");
    expect(found.ids.length).toBeGreaterThan(0);
    expect(found.shardCalls).toBeGreaterThan(0);
  });

  it("a document processed after the word was known missing is found by the very next search", async () => {
    expect(await untilSkipped("wallabyfern")).toBe(true);
    const id = await uploadAndProcess(["Check the wallabyfern rail first"]);
    expect((await search("wallabyfern")).ids).toEqual([id]);
  });

  it("an import's page text after the word was known missing is found by the very next search", async () => {
    expect(await untilSkipped("numbatreed")).toBe(true);
    const outcome = await importContent(env, {
      documents: [
        {
          id: "01KS0000000000000000ABSENT",
          title: "Imported manual",
          type: "service_manual",
          visibility: "public",
          owner: "bob",
          created_at: "2026-10-01T00:00:00Z",
          pages: ["the numbatreed connector"],
          versions: [{ version: 1, filename: "manual.pdf", content_base64: "JVBERi0xLjQK" }],
        },
      ],
    });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    expect((await search("numbatreed")).ids).toEqual(["01KS0000000000000000ABSENT"]);
  });

  it("one word missing stops an all-words match; the forgiving pass still asks for the word pages hold", async () => {
    expect(await untilSkipped("bilbyquill")).toBe(true);
    // No page holds both: the first pass skips the databases, the forgiving pass (any word) asks them.
    const both = await search("bilbyquill converter");
    expect(both.ids.length).toBeGreaterThan(0);
    expect(both.shardCalls).toBeGreaterThan(0);
  });
});

describe("which words are trusted", () => {
  it("every Latin letter folds in the page index (unicode61 remove_diacritics 2) as the search folds it, but ten never trusted", async () => {
    const latin = Array.from({ length: 0x250 - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i)).filter((c) => /\p{L}|\p{N}/u.test(c));
    const trusted = latin.filter((c) => foldsAsIndexed(c.toLowerCase()));
    // Accented Spanish and French letters, plain letters and digits are among them.
    for (const c of "aeinouz09áéíñóúüçàè") expect(trusted).toContain(c);
    // Letters with two marks the index keeps (it lower-cases them only): `fold` strips both.
    const keptByIndex = [..."ǠǡǢǣǮǯǼǽǾǿ"];
    for (const c of keptByIndex) expect(trusted).not.toContain(c);
    await env.DB.batch([
      env.DB.prepare("drop table if exists fold_probe"),
      env.DB.prepare("create virtual table fold_probe using fts5(body, tokenize = 'unicode61 remove_diacritics 2')"),
      env.DB.prepare("create virtual table if not exists fold_probe_vocab using fts5vocab(fold_probe, 'instance')"),
    ]);
    const words = latin.map((c) => `q${c}q`);
    await env.DB.batch(words.map((w, i) => env.DB.prepare("insert into fold_probe (rowid, body) values (?, ?)").bind(i + 1, w)));
    const rows = (await env.DB.prepare("select doc, term from fold_probe_vocab").all<{ doc: number; term: string }>()).results;
    const indexed = new Map(rows.map((r) => [r.doc, r.term]));
    const differing = words.filter((w, i) => indexed.get(i + 1) !== fold(w.toLowerCase()));
    await env.DB.batch([env.DB.prepare("drop table fold_probe_vocab"), env.DB.prepare("drop table fold_probe")]);
    expect(differing).toEqual(keptByIndex.map((c) => `q${c}q`));
  });

  it("a word with the micro sign is counted: the index holds µF as Greek μ, and so does the search's folding", async () => {
    const id = await uploadAndProcess(["Replace the 47µF tantalum cap"]);
    const statement = countsStatement({ pages: "page_index_vocab" }, [{ token: fold("47µF"), prefix: false }]);
    let pages = 0;
    for (const shard of textShards(env)) {
      const row = await shard.db
        .prepare(statement.sql)
        .bind(...statement.params)
        .first<{ pages: number }>();
      pages += Number(row?.pages ?? 0);
    }
    expect(pages).toBe(1);
    expect((await search("47µF")).ids).toEqual([id]);
  });
});
