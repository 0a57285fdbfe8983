// The streamed, batched import: a file read in small chunks stores what the in-memory import
// stores; a run stopped half-way and run again (or resumed) ends with the same database as an
// uninterrupted one; a second run changes nothing; validation finds every problem before writing.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Batch, Position } from "../../cli/import/batch";
import { indexMembers, readArray } from "../../cli/import/json-stream";
import { CONTENT_TABLES } from "../../cli/import/load";
import { runImport, type RunOptions } from "../../cli/import/run";
import { bytesOpener, jsonFileSource, objectSource, type ImportSource } from "../../cli/import/source";
import { bindingTarget, type ImportTarget } from "../../cli/import/target";
import { RESET_TEXT_SQL } from "../../src/text/page-rows";
import { textShards } from "../../src/text/shards";
import sample from "../fixtures/sample.json";

const NOW = new Date("2026-11-01T12:00:00.000Z");
const SEARCH_TABLES = ["search_documents", "search_threads", "search_posts", "search_cases", "search_boards"];
/** Small batches, so the sample spans many of them. */
const SMALL = { statements: 6, bytes: 1_000_000 };

/** The sample plus enough forum content to need many batches, with a case referring forward to a thread. */
function bigSample() {
  const file = structuredClone(sample) as any;
  for (let i = 0; i < 12; i++) {
    file.threads.push({
      id: `01K40000000000000000000${String(i).padStart(3, "0")}`,
      category: "general",
      title: `Streamed thread ${i}`,
      author: "alice",
      body: `Body ${i} mentions zorblax${i}`,
      created_at: "2026-02-01T00:00:00Z",
      posts: [{ author: "bob", body: `Reply ${i} says quuxreply${i}`, created_at: "2026-02-02T00:00:00Z" }],
    });
  }
  file.cases[0].thread = "01K40000000000000000000011";
  return file;
}

const fileBytes = (content: unknown) => new TextEncoder().encode(JSON.stringify(content, null, 1));
/** The file as a stream cut into 7-byte chunks: every structure and character crosses a boundary. */
const streamed = (content: unknown): ImportSource => jsonFileSource(bytesOpener(fileBytes(content), 7));

async function emptyDatabase(): Promise<void> {
  await env.DB.batch([...CONTENT_TABLES.map((t) => env.DB.prepare(`delete from ${t}`)), env.DB.prepare("delete from sqlite_sequence")]);
  for (const shard of textShards(env)) await shard.db.batch([...RESET_TEXT_SQL, "delete from sqlite_sequence"].map((q) => shard.db.prepare(q)));
  const listed = await env.FILES.list();
  if (listed.objects.length) await env.FILES.delete(listed.objects.map((o) => o.key));
}

/** Every row of every content table, the search index's size and hits, and the stored files. */
async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of CONTENT_TABLES) {
    out[table] = (await env.DB.prepare(`select * from ${table}`).all()).results.map((r) => JSON.stringify(r)).sort();
  }
  for (const table of SEARCH_TABLES) out[table] = (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;
  out.hits = (await env.DB.prepare("select count(*) as n from search_threads where search_threads match 'zorblax11'").first<{ n: number }>())!.n;
  out.replyHits = (await env.DB.prepare("select count(*) as n from search_threads where search_threads match 'quuxreply7'").first<{
    n: number;
  }>())!.n;
  let pageHits = 0;
  for (const shard of textShards(env)) {
    out[shard.name] = (
      await shard.db
        .prepare("select k.document_id, k.type, p.page, p.text from document_pages p join page_keys k on k.document_id = p.document_id")
        .all()
    ).results
      .map((r) => JSON.stringify(r))
      .sort();
    pageHits += (await shard.db.prepare("select count(*) as n from page_index where page_index match 'PP3V42'").first<{ n: number }>())!.n;
  }
  out.pageHits = pageHits;
  const files = await env.FILES.list({ include: ["customMetadata", "httpMetadata"] } as R2ListOptions);
  out.files = files.objects.map((o) => `${o.key} ${o.size} ${o.etag} ${o.customMetadata?.filename}`).sort();
  return out;
}

/** The database after one uninterrupted run of bigSample() into an empty one. */
async function uninterruptedRun(): Promise<Record<string, unknown>> {
  await emptyDatabase();
  await run(streamed(bigSample()), bindingTarget(env));
  return snapshot();
}

class Stop extends Error {}

/** The Worker's own bindings, stopping (as a killed process would) once `after` batches are stored. */
function stoppingTarget(after: number, written: Batch[] = []): ImportTarget {
  const real = bindingTarget(env);
  return {
    ...real,
    async write(batch) {
      if (written.length >= after) throw new Stop();
      const rows = await real.write(batch);
      written.push(batch);
      return rows;
    },
  };
}

async function run(source: ImportSource, target: ImportTarget, options: RunOptions = {}) {
  const outcome = await runImport(source, target, { now: NOW, limits: SMALL, ...options });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return outcome;
}

describe("streamed, batched import", { timeout: 30_000 }, () => {
  it("a file read in small chunks stores exactly what the in-memory import stores, in many batches", async () => {
    await emptyDatabase();
    await run(objectSource(bigSample()), bindingTarget(env), { limits: { statements: 10_000, bytes: 1e9 } });
    const whole = await snapshot();
    expect(whole.hits).toBe(1);
    expect(whole.pageHits).toBe(1);
    expect(whole.replyHits).toBe(1); // replies written before their thread are indexed with it

    await emptyDatabase();
    const outcome = await run(streamed(bigSample()), bindingTarget(env));
    expect(outcome.batches).toBeGreaterThan(10);
    expect(outcome.counts).toMatchObject({ threads: 15, replies: 15, documents: bigSample().documents.length });
    expect(await snapshot()).toEqual(whole);
  });

  it("a run stopped half-way and run again ends with the same database as an uninterrupted one", async () => {
    const uninterrupted = await uninterruptedRun();

    await emptyDatabase();
    const firstRun = run(streamed(bigSample()), stoppingTarget(5));
    await expect(firstRun).rejects.toBeInstanceOf(Stop);
    const halfWay = await snapshot();
    expect(halfWay).not.toEqual(uninterrupted); // it really stopped part-way
    expect((halfWay.users as unknown[]).length).toBe(4);

    await run(streamed(bigSample()), bindingTarget(env));
    expect(await snapshot()).toEqual(uninterrupted);
  });

  it("a stopped --reset run resumed from its last batch ends the same, without emptying again", async () => {
    await emptyDatabase();
    const full = await run(streamed(bigSample()), bindingTarget(env), { reset: true });
    const uninterrupted = await snapshot();

    await emptyDatabase();
    let resumeAt: Position | undefined;
    const onBatchWritten = (_: Batch, at: Position | undefined) => void (at && (resumeAt = at));
    await expect(run(streamed(bigSample()), stoppingTarget(7), { reset: true, onBatchWritten })).rejects.toBeInstanceOf(Stop);
    expect(resumeAt).toBeDefined();
    const resumedBatches: Batch[] = [];
    const resumed = await run(streamed(bigSample()), stoppingTarget(Infinity, resumedBatches), { reset: true, resumeFrom: resumeAt });
    // Only what the first run had not stored is written again.
    expect(resumedBatches.length).toBeGreaterThan(0);
    expect(resumed.batches).toBeLessThanOrEqual(full.batches - 6);
    expect(await snapshot()).toEqual(uninterrupted);
  });

  it("a bulk run (search triggers off, the index rebuilt once at the end) ends with the same database and index", async () => {
    const kept = await uninterruptedRun();

    await emptyDatabase();
    const written: Batch[] = [];
    let indexDuringWrites: number | undefined | null = null;
    const target = stoppingTarget(Infinity, written);
    const watching: ImportTarget = {
      ...target,
      async write(batch) {
        indexDuringWrites ??= await target.searchIndexSize();
        return target.write(batch);
      },
    };
    const bulk = await run(streamed(bigSample()), watching, { bulkSearchFrom: 1 });
    expect(bulk.searchRebuilt).toBe(true);
    expect(indexDuringWrites).toBeUndefined(); // dropped while writing
    expect(await snapshot()).toEqual(kept);
    // Content the index already holds (the same file again) is kept by triggers: nothing to rebuild.
    const again = await run(streamed(bigSample()), bindingTarget(env), { bulkSearchFrom: 1 });
    expect(again.searchRebuilt).toBe(false);
    expect(await snapshot()).toEqual(kept);
  });

  it("a bulk run killed half-way leaves the index dropped; the next run, even a small one, completes it", async () => {
    const uninterrupted = await uninterruptedRun();

    await emptyDatabase();
    await expect(run(streamed(bigSample()), stoppingTarget(5), { bulkSearchFrom: 1 })).rejects.toBeInstanceOf(Stop);
    expect(await bindingTarget(env).searchIndexSize()).toBeUndefined();
    // Search says so meanwhile (503 with Retry-After), instead of answering from half an index.
    const meanwhile = await exports.default.fetch(new Request("https://boards.test/api/v1/search?q=zorblax11"));
    expect(meanwhile.status).toBe(503);
    expect(meanwhile.headers.get("Retry-After")).toBeTruthy();
    await meanwhile.body?.cancel();

    const again = await run(streamed(bigSample()), bindingTarget(env)); // below the bulk size, but the index is missing
    expect(again.searchRebuilt).toBe(true);
    expect(await snapshot()).toEqual(uninterrupted);
  });

  it("a second run of the same file changes nothing", async () => {
    await emptyDatabase();
    await run(streamed(bigSample()), bindingTarget(env));
    const first = await snapshot();
    const again = await run(streamed(bigSample()), bindingTarget(env), { now: new Date("2026-12-01T00:00:00Z") });
    expect(again.written).toBe(true);
    // Unchanged records and their children (versions, boards, shares, pages, replies, case details, tags,
    // aliases) are not written again, nor re-indexed. D1 still reports one row written per upsert into a
    // table with an AUTOINCREMENT id (users, keys, boards, categories), changed or not.
    expect(again.searchRebuilt).toBe(false);
    const autoincremented = await env.DB.prepare(
      "select (select count(*) from users) + (select count(*) from api_keys) + (select count(*) from boards) + (select count(*) from categories) as n",
    ).first<number>("n");
    expect(again.rowsWritten).toBeLessThanOrEqual(autoincremented!);
    expect(await snapshot()).toEqual(first);
  });

  it("validation reports every problem with its path, including forward references, before writing anything", async () => {
    await emptyDatabase();
    await run(streamed(sample), bindingTarget(env));
    const before = await snapshot();
    const bad = bigSample();
    bad.threads[5].author = "nobody";
    bad.threads[7].category = "nowhere";
    bad.cases[0].thread = "01K4000000000000000000ZZZZ"; // forward, but to no thread
    bad.cases[1].documents = [bad.documents[2].id]; // forward to a document later in the file: fine
    bad.documents[1].versions[0].content_text = 5;
    delete bad.users[2].name;
    const text = JSON.stringify(bad, null, 1).replace('"title": "Streamed thread 3"', '"title": "Streamed thread 3" "oops": 1');
    const written: Batch[] = [];
    const outcome = await runImport(jsonFileSource(bytesOpener(new TextEncoder().encode(text), 5)), stoppingTarget(1000, written), {
      now: NOW,
      limits: SMALL,
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const byPath = Object.fromEntries(outcome.problems.map((p) => [p.path, p.message]));
    expect(byPath["$.threads[6]"]).toMatch(/not valid JSON/); // index 3 of the added threads, after the sample's 3
    expect(byPath["$.threads[5].author"]).toBe('unknown user "nobody"');
    expect(byPath["$.threads[7].category"]).toBe('unknown category "nowhere"');
    expect(byPath["$.cases[0].thread"]).toBe("unknown thread 01K4000000000000000000ZZZZ");
    expect(byPath["$.cases[1].documents[0]"]).toBeUndefined();
    expect(byPath["$.documents[1].versions[0].content_text"]).toBeTruthy();
    expect(byPath["$.users[2].name"]).toBeTruthy();
    expect(written).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("a dry run validates only", async () => {
    await emptyDatabase();
    const outcome = await run(streamed(bigSample()), stoppingTarget(0), { dryRun: true });
    expect(outcome).toMatchObject({ ok: true, written: false, sections: { threads: { records: 15 } } });
    expect((await snapshot()).users).toEqual([]);
  });
});

describe("streaming JSON reader", () => {
  const chunked = (text: string, size: number) => bytesOpener(new TextEncoder().encode(text), size)();

  it("reads members and elements across any chunk boundary: escapes, brackets in strings, multi-byte characters", async () => {
    const value = { a: [{ s: 'q"u\\o[t]e{}', n: [1, [2]] }, "ñandú 🔧", 3, null], b: [] };
    const text = JSON.stringify(value, null, 2);
    for (const size of [1, 2, 3, 5, 64]) {
      const { members } = await indexMembers(chunked(text, size));
      expect(members.map((m) => m.name)).toEqual(["a", "b"]);
      const bytes = new TextEncoder().encode(text);
      const a = members[0];
      const elements = [];
      for await (const e of readArray(bytesOpener(bytes.subarray(a.start, a.end), size)())) elements.push(e.value);
      expect(elements, `chunks of ${size}`).toEqual(value.a);
    }
  });

  it("refuses what is not one JSON object, and names the byte", async () => {
    await expect(indexMembers(chunked("[1, 2]", 4))).rejects.toThrow(/one JSON object at byte 0/);
    await expect(indexMembers(chunked('{"a": [1]} x', 4))).rejects.toThrow(/after the top-level object at byte 11/);
    await expect(indexMembers(chunked('{"a": [1]', 4))).rejects.toThrow(/ends before/);
    const outcome = await runImport(
      jsonFileSource(bytesOpener(new TextEncoder().encode('{"users": [], "threads": {"x": 1}, "extra": []}'))),
      bindingTarget(env),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems.map((p) => p.path).sort()).toEqual(["$.extra", "$.threads"]);
  });
});
