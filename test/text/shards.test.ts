// Page text past one database: every document's pages live on one of the text databases (two here, so the
// fan-out is always exercised), recorded on the document; search asks every shard at once and decides
// visibility on the primary; delete, takedown, restore, rebuild, the orphan check and the importer's
// per-shard SQL all know the shards.
/// <reference types="vite/client" />
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { runAdmin } from "../../cli/admin";
import { getDb } from "../../src/db/client";
import { importContent } from "../../cli/import";
import { buildImportPlan } from "../../cli/import/load";
import { shardStatements } from "../../cli/import/sql-script";
import { planTextWrites } from "../../cli/import/text";
import { validateImport } from "../../cli/import/validate";
import { processDocument } from "../../src/ingest/consumer";
import { PAGE_VOCAB_SQL, pageIndexSchemaStatements } from "../../src/text/shard-schema";
import { databaseSizes } from "../../src/text/check";
import { RAISE_TEXT_GENERATION } from "../../src/text/generation";
import { parseTextShards, placeDocument, textShards } from "../../src/text/shards";
import textMigration from "../../migrations-text/0000_page_text.sql?raw";
import vocabMigration from "../../migrations-text/0001_page_vocab.sql?raw";
import { api, getJson, KEYS, seedSample } from "../helpers/app";
import { pageRowsEverywhere, recordedShard } from "../helpers/text";
import { createUploader, makePdf, upload } from "../helpers/uploads";
import { keepBackLogs } from "../helpers/console";
import sample from "../fixtures/sample.json";

const shards = () => textShards(env);
const admin = (...argv: string[]) => runAdmin({ db: env.DB, files: env.FILES, shards: shards(), now: new Date() }, argv);

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A document id (26 Crockford characters) numbered i. */
const idOf = (i: number, prefix = "01KS") => prefix + [...String(i).padStart(22, "0")].map((d) => CROCKFORD[Number(d)]).join("");
/**
 * A word no other text carries: letters only, one token, and at least two edits from every other document's
 * word (each digit a syllable whose two letters both differ from every other's), so typo correction never
 * joins two of them.
 */
const SYLLABLES = ["ba", "ce", "di", "fo", "gu", "hy", "jw", "kr", "ls", "mt"];
const wordOf = (i: number) => "zq" + [...String(i)].map((d) => SYLLABLES[Number(d)]).join("") + "qz";
const PDF =
  "JVBERi0xLjQKMSAwIG9iajw8L1R5cGUvQ2F0YWxvZy9QYWdlcyAyIDAgUj4+ZW5kb2JqCjIgMCBvYmo8PC9UeXBlL1BhZ2VzL0tpZHNbMyAwIFJdL0NvdW50IDE+PmVuZG9iagozIDAgb2JqPDwvVHlwZS9QYWdlL1BhcmVudCAyIDAgUi9NZWRpYUJveFswIDAgNjEyIDc5Ml0+PmVuZG9iagp0cmFpbGVyPDwvUm9vdCAxIDAgUj4+CiUlRU9GCg==";

/** Filler of a service manual page: common words, none of the unique ones. */
function pageText(doc: number, page: number, words: number): string {
  const vocabulary = ["measure", "rail", "voltage", "connector", "replace", "check", "board", "power", "signal", "ground", "capacitor", "resistor"];
  return Array.from({ length: words }, (_, w) => vocabulary[(doc * 7 + page * 3 + w) % vocabulary.length]).join(" ");
}

/** A library of `count` public documents of `pages` pages; the last page of document i alone carries wordOf(i). */
function library(count: number, pages: number, words = 40, first = 0) {
  return {
    documents: Array.from({ length: count }, (_, n) => {
      const i = first + n;
      return {
        id: idOf(i),
        title: `Service manual ${i}`,
        type: i % 2 ? "service_manual" : "schematic",
        visibility: "public",
        owner: "bob",
        created_at: "2026-10-01T00:00:00Z",
        pages: Array.from({ length: pages }, (_, p) => pageText(i, p, words) + (p === pages - 1 ? ` ${wordOf(i)}` : "")),
        versions: [{ version: 1, filename: `manual-${i}.pdf`, content_base64: PDF }],
      };
    }),
  };
}

const searchIds = async (q: string, init: { key?: string } = {}) =>
  ((await getJson(`/search?q=${encodeURIComponent(q)}`, init)).body.data.documents as { id: string }[]).map((d) => d.id);

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, library(12, 40));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

// The admin commands' audit lines (one JSON line each, for operators): asserted, not printed.
keepBackLogs([/"event":"admin\.document\.takedown"/, /"event":"admin\.document\.restore"/, /"event":"admin\.document\.delete"/]);

describe("configuration", () => {
  it("the text databases' migration is what src/text/shard-schema.ts describes", () => {
    expect(textMigration.replace(/^--.*\n/gm, "").trim()).toBe(
      pageIndexSchemaStatements()
        .map((x) => x + ";")
        .join("\n\n"),
    );
    expect(vocabMigration.replace(/^--.*\n/gm, "").trim()).toBe(PAGE_VOCAB_SQL + ";");
  });

  it("TEXT_SHARDS: names and :full; a wrong entry or a missing binding is refused in words", () => {
    expect(parseTextShards("TEXT_0 TEXT_1:full,TEXT_2")).toEqual([
      { name: "TEXT_0", open: true },
      { name: "TEXT_1", open: false },
      { name: "TEXT_2", open: true },
    ]);
    expect(() => parseTextShards("TEXT_0 TEXT_0")).toThrow(/twice/);
    expect(() => parseTextShards("TEXT_0:closed")).toThrow(/BINDING:full/);
    expect(() => textShards({ ...env, TEXT_SHARDS: "TEXT_0 TEXT_9" })).toThrow(/TEXT_9, which is not a D1 binding/);
    expect(() => textShards({ ...env, TEXT_SHARDS: "TEXT_0:full TEXT_1:full" })).toThrow(/add one/);
    expect(() => textShards({ ...env, TEXT_SHARDS: "" })).toThrow(/no text database/);
  });

  it("placement is a hash of the id over the open shards: even, stable, and a full shard gets nothing new", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const name = placeDocument(shards(), idOf(i, "01KP")).name;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    for (const n of counts.values()) expect(n).toBeGreaterThan(850);
    const [, second] = shards();
    const oneFull = textShards({
      ...env,
      TEXT_SHARDS: shards()
        .map((s) => (s.name === second.name ? `${s.name}:full` : s.name))
        .join(" "),
    });
    for (let i = 0; i < 50; i++) expect(placeDocument(oneFull, idOf(i, "01KP")).name).not.toBe(second.name);
  });
});

describe("placement", () => {
  it("a document's pages land on one shard, which the document records; the primary keeps none", async () => {
    const used = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const shard = await recordedShard(idOf(i));
      expect(shard).toBe(placeDocument(shards(), idOf(i)).name);
      used.add(shard!);
      const rows = await pageRowsEverywhere(idOf(i));
      expect(rows).toEqual(Object.fromEntries([["DB", 0], ...shards().map((s) => [s.name, s.name === shard ? 40 : 0])]));
    }
    // Both shards hold documents: the fan-out below is exercised for real.
    expect([...used].sort()).toEqual(
      shards()
        .map((s) => s.name)
        .sort(),
    );
  });

  it("a recorded shard never moves: a re-import with another shard marked full writes the same one", async () => {
    const i = 3;
    const before = await recordedShard(idOf(i));
    const fullNow = {
      ...env,
      TEXT_SHARDS: shards()
        .map((s) => (s.name === before ? `${s.name}:full` : s.name))
        .join(" "),
    };
    const changed = library(1, 40, 40, i);
    changed.documents[0].pages[0] = "rewritten first page mentions zanthoxyl";
    expect((await importContent(fullNow, changed)).ok).toBe(true);
    expect(await recordedShard(idOf(i))).toBe(before);
    expect(await searchIds("zanthoxyl")).toEqual([idOf(i)]);
  });
});

describe("search across shards", () => {
  it("finds a word only the last page carries, on either shard", async () => {
    const byShard = new Map<string, number>();
    for (let i = 0; i < 12; i++) {
      expect(await searchIds(wordOf(i))).toEqual([idOf(i)]);
      const shard = (await recordedShard(idOf(i)))!;
      byShard.set(shard, (byShard.get(shard) ?? 0) + 1);
    }
    expect(byShard.size).toBe(2);
  });

  it("merges shard hits with the primary's by score, with the type filter and the any-word pass", async () => {
    // A title on the primary and page text on a shard, in one answer.
    const file = library(2, 2, 5, 50);
    file.documents[0].title = "Wombatine rail guide";
    file.documents[1].pages[0] += " wombatine";
    expect((await importContent(env, file)).ok).toBe(true);
    expect((await searchIds("wombatine")).sort()).toEqual([idOf(50), idOf(51)]);
    expect(await searchIds(`${wordOf(4)} ${wordOf(7)}`)).toEqual(expect.arrayContaining([idOf(4), idOf(7)]));
    const typed = (await getJson(`/search?q=${wordOf(5)}&type=service_manual`)).body.data.documents.map((d: { id: string }) => d.id);
    expect(typed).toEqual([idOf(5)]);
    expect((await getJson(`/search?q=${wordOf(5)}&type=schematic`)).body.data.documents).toEqual([]);
  });

  it("a word only the text databases hold joins the vocabulary: a typo of it still finds its document, with a page highlight", async () => {
    // wordOf(11) with one letter dropped (one edit); the import fed every text database's words to the vocabulary.
    const typo = wordOf(11).replace("ll", "l");
    const { body } = await getJson(`/search?q=${typo}`);
    expect(body.data.documents.map((d: { id: string }) => d.id)).toContain(idOf(11));
    // The highlight is cut from the matched page, read from the text database that holds it.
    const exact = (await getJson(`/search?q=${wordOf(11)}`)).body.data.documents[0];
    expect(exact.highlight).toMatchObject({ field: "page", page: 40 });
    expect(exact.highlight.text).toContain(wordOf(11));
  });

  it("visibility comes from the primary: a private document's page text is found by its owner only", async () => {
    const file = library(1, 3, 10, 40);
    Object.assign(file.documents[0], { visibility: "private", owner: "alice" });
    expect((await importContent(env, file)).ok).toBe(true);
    expect(await searchIds(wordOf(40))).toEqual([]);
    expect(await searchIds(wordOf(40), { key: KEYS.bob })).toEqual([]);
    expect(await searchIds(wordOf(40), { key: KEYS.aliceRead })).toEqual([idOf(40)]);
  });
});

describe("writers", () => {
  it("takedown hides a document's page text from search; restore brings it back; the text stays on its shard", async () => {
    expect(await searchIds(wordOf(6))).toEqual([idOf(6)]);
    expect((await admin("documents:takedown", idOf(6), "--reason", "complaint")).code).toBe(0);
    expect(await searchIds(wordOf(6))).toEqual([]);
    expect((await pageRowsEverywhere(idOf(6)))[(await recordedShard(idOf(6)))!]).toBe(40);
    expect((await admin("documents:restore", idOf(6))).code).toBe(0);
    expect(await searchIds(wordOf(6))).toEqual([idOf(6)]);
  });

  it("documents:delete removes the text from its shard, and search forgets it", async () => {
    expect((await admin("documents:delete", idOf(8))).code).toBe(0);
    expect(Object.values(await pageRowsEverywhere(idOf(8))).every((n) => n === 0)).toBe(true);
    for (const shard of shards()) {
      expect((await shard.db.prepare("select count(*) as n from page_keys where document_id = ?").bind(idOf(8)).first<{ n: number }>())!.n).toBe(0);
      expect(
        (await shard.db.prepare("select count(*) as n from page_index where page_index match ?").bind(wordOf(8)).first<{ n: number }>())!.n,
      ).toBe(0);
    }
    expect(await searchIds(wordOf(8))).toEqual([]);
  });

  it("search:rebuild restores every shard's page index", async () => {
    for (const shard of shards()) await shard.db.exec("delete from page_index");
    expect(await searchIds(wordOf(1))).toEqual([]);
    const rebuilt = await admin("search:rebuild");
    expect(rebuilt.code).toBe(0);
    for (const shard of shards()) expect(rebuilt.output.join("\n")).toMatch(new RegExp(`Page index of ${shard.name} rebuilt: [1-9]\\d* pages`));
    const found = new Set<string>();
    for (const i of [0, 1, 2, 4, 5, 7, 9, 10, 11]) {
      expect(await searchIds(wordOf(i))).toEqual([idOf(i)]);
      found.add((await recordedShard(idOf(i)))!);
    }
    expect(found.size).toBe(2);
  });

  it("search:drop drops every page index too: search answers 503 until search:rebuild", async () => {
    expect((await admin("search:drop")).code).toBe(0);
    expect((await api(`/search?q=${wordOf(1)}`)).status).toBe(503);
    expect((await admin("search:rebuild")).code).toBe(0);
    expect(await searchIds(wordOf(1))).toEqual([idOf(1)]);
  });

  it("a failed shard write leaves the document processing, and the retry makes it available with its text", async () => {
    const { key } = await createUploader();
    const created: any = await (
      await upload(
        key,
        { external_id: "shard-fail" },
        { filename: "x.pdf", content: await makePdf(["glyptodont first page", "last page says zorrillo"]) },
      )
    ).json();
    const id = created.data.id as string;
    // The queue wired in wrangler.toml processes it first; then, as if this were its first delivery, no text yet.
    const status = async () => (await env.DB.prepare("select status from documents where id = ?").bind(id).first<{ status: string }>())!.status;
    for (let i = 0; i < 100 && (await status()) === "processing"; i++) await new Promise((r) => setTimeout(r, 200));
    for (const shard of shards())
      await shard.db.batch([
        shard.db.prepare("delete from document_pages where document_id = ?").bind(id),
        shard.db.prepare("delete from page_keys where document_id = ?").bind(id),
      ]);
    await env.DB.prepare("update documents set status = 'processing', text_shard = null, has_text = 0 where id = ?").bind(id).run();
    const failing = (db: D1Database): D1Database =>
      Object.assign(Object.create(db), { batch: () => Promise.reject(new Error("shard unavailable")), prepare: db.prepare.bind(db) });
    await expect(
      processDocument({ ...env, TEXT_0: failing(env.TEXT_0), TEXT_1: failing(env.TEXT_1) }, { documentId: id, version: 1 }),
    ).rejects.toThrow("shard unavailable");
    expect(await status()).toBe("processing");
    expect(Object.values(await pageRowsEverywhere(id)).every((n) => n === 0)).toBe(true);
    expect(await processDocument(env, { documentId: id, version: 1 })).toBe("available");
    expect(await status()).toBe("available");
    expect((await pageRowsEverywhere(id))[(await recordedShard(id))!]).toBe(2);
    expect(await searchIds("zorrillo", { key })).toEqual([id]);
  });

  it("text:check reports text no document places on that shard, and changes nothing", async () => {
    const clean = await admin("text:check");
    expect(clean.output.at(-1)).toBe("No orphaned text.");
    const [a, b] = shards();
    const ghost = idOf(999, "01KZ");
    await a.db.batch([
      a.db.prepare("insert into page_keys (document_id, type) values (?, 'schematic')").bind(ghost),
      a.db.prepare("insert into document_pages (document_id, page, text) values (?, 1, 'ghost text')").bind(ghost),
    ]);
    // A live document's text copied to the shard that does not hold it.
    const holder = await recordedShard(idOf(0));
    const elsewhere = holder === a.name ? b : a;
    await elsewhere.db.prepare("insert into page_keys (document_id, type) values (?, 'schematic')").bind(idOf(0)).run();
    const report = await admin("text:check");
    const text = report.output.join("\n");
    expect(text).toContain(ghost);
    expect(text).toMatch(new RegExp(`${elsewhere.name}: [1-9].*${idOf(0)}`));
    expect(text).not.toContain("No orphaned text.");
    expect((await a.db.prepare("select count(*) as n from document_pages where document_id = ?").bind(ghost).first<{ n: number }>())!.n).toBe(1);
    await a.db.batch([
      a.db.prepare("delete from document_pages where document_id = ?").bind(ghost),
      a.db.prepare("delete from page_keys where document_id = ?").bind(ghost),
    ]);
    await elsewhere.db.prepare("delete from page_keys where document_id = ?").bind(idOf(0)).run();
  });
});

describe("import", () => {
  it("a rehearsal (--remote's SQL) writes one script per shard, each with its own documents' text only", async () => {
    const validated = validateImport({ users: structuredClone(sample.users), ...library(6, 2, 5, 100) });
    if (!validated.ok) throw new Error(JSON.stringify(validated.problems));
    const plan = await buildImportPlan(getDb(env), validated.data, new Date().toISOString());
    const writes = planTextWrites(shards(), plan.texts, new Map());
    const scripts = shardStatements(writes);
    expect([...scripts.keys()].sort()).toEqual(
      shards()
        .map((s) => s.name)
        .sort(),
    );
    for (let i = 100; i < 106; i++) {
      const home = placeDocument(shards(), idOf(i)).name;
      for (const [shard, statements] of scripts) expect(statements.some((s) => s.includes(`'${idOf(i)}'`))).toBe(shard === home);
    }
    // Each primary statement records the shard its text went to; then the text generation is raised (search
    // forgets which words it remembered missing from a text database).
    expect(writes.record.map((r) => r.params)).toEqual(
      Array.from({ length: 6 }, (_, n) => [placeDocument(shards(), idOf(100 + n)).name, idOf(100 + n)]),
    );
    expect(writes.raise).toEqual([{ sql: RAISE_TEXT_GENERATION, params: [] }]);
  });

  it("a library of hundreds of documents of forty pages keeps the primary small beside the shards", async () => {
    const outcome = await importContent(env, { users: structuredClone(sample.users), ...library(300, 40, 60, 1000) }, { reset: true });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    const sizes = await databaseSizes(env.DB, shards());
    const bytes = (name: string) => sizes.find((s) => s.name === name)!.bytes;
    const primary = bytes("DB");
    const [a, b] = shards().map((s) => bytes(s.name));
    // What an operator reads: every database, its size and its share of 10 GB.
    const printed = (await admin("text:sizes")).output;
    for (const name of ["DB", ...shards().map((s) => s.name)])
      expect(printed.find((l) => l.startsWith(name + " "))).toMatch(/GB +\d+\.\d\d% of 10 GB/);
    expect(primary).toBeGreaterThan(0);
    expect(Math.min(a, b)).toBeGreaterThan(0);
    // 12,000 pages of text spread over two shards; the primary keeps metadata only. Compared by what each holds
    // for this library, not by file size: the test files share one primary (isolate: false), whose file also holds
    // what earlier files left (the change log, the vocabulary), and a file never shrinks after a delete.
    const ids = JSON.stringify(Array.from({ length: 300 }, (_, n) => idOf(1000 + n)));
    const onShards = await Promise.all(
      shards().map((s) =>
        s.db
          .prepare(
            "select count(*) as pages, coalesce(sum(length(text)), 0) as bytes from document_pages where document_id in (select value from json_each(?))",
          )
          .bind(ids)
          .first<{ pages: number; bytes: number }>(),
      ),
    );
    expect(onShards.reduce((n, r) => n + r!.pages, 0)).toBe(300 * 40);
    expect(Math.min(...onShards.map((r) => r!.pages))).toBeGreaterThan(0);
    const onPrimary = await env.DB.prepare(
      "select (select count(*) from document_pages where document_id in (select value from json_each(?1))) as pages, (select coalesce(sum(length(id) + length(title) + coalesce(length(description), 0) + length(tags)), 0) from documents where id in (select value from json_each(?1))) as bytes",
    )
      .bind(ids)
      .first<{ pages: number; bytes: number }>();
    expect(onPrimary!.pages).toBe(0);
    expect(onShards.reduce((n, r) => n + r!.bytes, 0)).toBeGreaterThan(100 * onPrimary!.bytes);
    // The exact match first (longer words also bring their near neighbours, as corrections).
    expect((await searchIds(wordOf(1299)))[0]).toBe(idOf(1299));
  });
});
