// Deep pages of the list everyone sees start from anchors (src/db/queries/page-anchors.ts): the position of every
// Nth row, kept per stamp of the list (migrations/0025_list_stamps.sql). A page from anchors must be exactly the page
// the walk gives: the same items in the same order, the same total, at once after every write that moves the list
// (an upload made available, a takedown and restore, a delete, a visibility, type or date change, a row tied with
// an anchor's date), on the whole list, by type and with visibility=public, at page sizes that fall between anchors.
// And a deep page from anchors costs one D1 round trip, where the walk reads the total first, also when a long list
// spaces its anchors wider than 20 rows.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { meteredD1, newTally } from "../../bench/lib/metered-d1";
import { ANCHOR_SPACING, forgetAnchors } from "../../src/db/queries/page-anchors";
import { DEEP_OFFSET } from "../../src/db/queries/runtime";
import worker from "../../src/index";
import { adminOk as admin } from "../helpers/admin";
import { getJson, ORIGIN, seedSample } from "../helpers/app";
import { createUploader, makePdf, runQueue, upload } from "../helpers/uploads";

/** Enough rows that pages past DEEP_OFFSET lie many anchors deep, by type too. */
const N = 2 * DEEP_OFFSET + 600;

const ulid = (i: number) => `01KANCH0R${String(i).padStart(17, "0")}`;
// Three rows share each time, so the id decides their order (anchors and pages must keep that tie-break).
const iso = (i: number) => new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();

beforeAll(async () => {
  await seedSample();
  const owner = (await env.DB.prepare("select id from users where username = 'alice'").first<number>("id"))!;
  await env.DB.prepare(
    `insert into documents (id, title, type, status, visibility, owner_id, created_at, updated_at)
     select value->>'$[0]', value->>'$[1]', value->>'$[2]', value->>'$[3]', value->>'$[4]', ${owner}, value->>'$[5]', value->>'$[5]' from json_each(?)`,
  )
    .bind(
      JSON.stringify(
        Array.from({ length: N }, (_, i) => [
          ulid(i),
          `Anchor ${i}`,
          i % 3 === 0 ? "boardview" : "schematic",
          i % 13 === 5 ? "processing" : "available",
          i % 11 === 3 ? "private" : "public",
          iso(i),
        ]),
      ),
    )
    .run();
});

interface Listing {
  query: string;
  where: string;
}

const LISTINGS: Listing[] = [
  { query: "", where: "" },
  { query: "&type=schematic", where: "and type = 'schematic'" },
  { query: "&visibility=public", where: "" },
];

async function expected(listing: Listing): Promise<string[]> {
  const rows = await env.DB.prepare(
    `select id from documents where visibility = 'public' and status = 'available' ${listing.where} order by created_at desc, id desc`,
  ).all<{ id: string }>();
  return rows.results.map((r) => r.id);
}

/** Every page from the deep threshold to one past the last equals the list straight from the database. */
async function expectDeepPagesMatch(step: string, perPages: number[] = [100, 30, 7]): Promise<void> {
  for (const listing of LISTINGS) {
    const want = await expected(listing);
    expect(want.length, step).toBeGreaterThan(DEEP_OFFSET + 200);
    for (const perPage of listing.query ? [perPages[0]] : perPages) {
      const lastPage = Math.ceil(want.length / perPage);
      for (let page = Math.floor(DEEP_OFFSET / perPage) + 1; page <= lastPage + 1; page++) {
        const { body } = await getJson(`/documents?per_page=${perPage}&page=${page}${listing.query}`);
        const where = `${step}: ${listing.query || "all"} page ${page} of ${perPage}`;
        expect(
          body.data.map((d: { id: string }) => d.id),
          where,
        ).toEqual(want.slice((page - 1) * perPage, page * perPage));
        expect(body.meta, where).toEqual({ page, per_page: perPage, total: want.length, last_page: lastPage });
      }
    }
  }
}

/** A public document's id at a deep position of the whole list (where its anchors are). */
async function deepId(position: number): Promise<string> {
  return (await expected(LISTINGS[0]))[position];
}

async function run(sqlText: string, ...params: unknown[]): Promise<void> {
  await env.DB.prepare(sqlText)
    .bind(...params)
    .run();
}

/** One anonymous request with a metered database: its D1 round trips. */
async function roundTrips(path: string): Promise<number> {
  const tally = newTally();
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}/api/v1${path}`), { ...env, DB: meteredD1(env.DB, tally) }, ctx);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return tally.roundTrips;
}

describe("deep pages from anchors are the pages of the walk", () => {
  it("on the list as loaded, with ties in the sort key, at page sizes that fall between anchors", async () => {
    await expectDeepPagesMatch("loaded");
  });

  it("at once after rows move into, out of and within the list", async () => {
    await expectDeepPagesMatch("before", [100]);
    // A new newest row shifts every deep page by one.
    await run(
      "insert into documents (id, title, type, status, visibility, created_at, updated_at) values (?, 'Newest', 'schematic', 'available', 'public', ?, ?)",
      ulid(N + 1),
      iso(N + 10),
      iso(N + 10),
    );
    await expectDeepPagesMatch("a newest row", [100]);
    // A row tied with a deep anchor's date, sorting just before it by id.
    const anchorRow = await env.DB.prepare("select created_at, id from documents where id = ?")
      .bind(await deepId(DEEP_OFFSET + ANCHOR_SPACING - 1))
      .first<{ created_at: string; id: string }>();
    await run(
      "insert into documents (id, title, type, status, visibility, created_at, updated_at) values (?, 'Tied', 'schematic', 'available', 'public', ?, ?)",
      `${anchorRow!.id.slice(0, -1)}Z`,
      anchorRow!.created_at,
      anchorRow!.created_at,
    );
    await expectDeepPagesMatch("a row tied with an anchor", [100]);
    await run("update documents set visibility = 'private' where id = ?", await deepId(DEEP_OFFSET + 5));
    await expectDeepPagesMatch("made private", [100]);
    await run("update documents set type = 'boardview' where id = ?", await deepId(DEEP_OFFSET + 150));
    await expectDeepPagesMatch("type changed", [100]);
    await run("update documents set created_at = ? where id = ?", iso(N + 20), await deepId(DEEP_OFFSET + 250));
    await expectDeepPagesMatch("date changed", [100]);
  });

  it("at once after an operator's takedown, restore and delete", async () => {
    await expectDeepPagesMatch("before", [100]);
    const taken = await deepId(DEEP_OFFSET + 20);
    await admin("documents:takedown", taken, "--reason", "complaint");
    await expectDeepPagesMatch("taken down", [100]);
    await admin("documents:restore", taken);
    await expectDeepPagesMatch("restored", [100]);
    await admin("documents:delete", await deepId(DEEP_OFFSET + 320));
    await expectDeepPagesMatch("deleted", [100]);
  });

  it("at once after an upload becomes available", async () => {
    await expectDeepPagesMatch("before", [100]);
    const { key } = await createUploader(["api:read", "library:ingest", "library:publish"]);
    const res = await upload(
      key,
      { external_id: "page-anchors", visibility: "public", rights_attested: "true" },
      { filename: "doc.pdf", content: await makePdf(["page anchors"]) },
    );
    const created: { data: { id: string } } = await res.json();
    expect(res.status, JSON.stringify(created)).toBe(201);
    await runQueue([{ documentId: created.data.id, version: 1 }]);
    expect((await expected(LISTINGS[0]))[0]).toBe(created.data.id);
    await expectDeepPagesMatch("upload available", [100]);
  });
});

describe("what a deep page costs", () => {
  it("from anchors, one D1 round trip (the walk reads the total first, then the page)", async () => {
    const path = `/documents?per_page=20&page=${DEEP_OFFSET / 20 + 9}`;
    // What the tests before left in the isolate (a build marked failed walks for its 10 s) is not this test's case.
    forgetAnchors();
    await getJson(path); // the anchors are made
    expect(await roundTrips(path)).toBe(1);
    await getJson(`${path}&type=schematic`);
    expect(await roundTrips(`${path}&type=schematic`)).toBe(1);
  });

  it("a list that changes between pages is read again, never from stale anchors", async () => {
    const path = `/documents?per_page=20&page=${DEEP_OFFSET / 20 + 3}`;
    forgetAnchors();
    await getJson(path); // the anchors are made from the list as it is now
    await run("update documents set visibility = 'private' where id = ?", await deepId(3));
    const want = (await expected(LISTINGS[0])).slice(DEEP_OFFSET + 40, DEEP_OFFSET + 60);
    expect((await getJson(path)).body.data.map((d: { id: string }) => d.id)).toEqual(want);
    expect(await roundTrips(path)).toBe(1);
  });

  it("a long list spaces its anchors wider, a whole number of rows apart (D1 binds numbers as reals)", async () => {
    // The spacing follows the list's counter: past 50,000 rows it is total / 2,500, rarely a whole number.
    const counted = await env.DB.prepare("select n from list_counts where list = 'documents' and key = 'all'").first<number>("n");
    await run("update list_counts set n = 90010 where list = 'documents' and key = 'all'");
    try {
      forgetAnchors();
      const path = `/documents?per_page=20&page=${DEEP_OFFSET / 20 + 5}`;
      const want = (await expected(LISTINGS[0])).slice(DEEP_OFFSET + 80, DEEP_OFFSET + 100);
      expect((await getJson(path)).body.data.map((d: { id: string }) => d.id)).toEqual(want);
      expect(await roundTrips(path)).toBe(1);
    } finally {
      await run("update list_counts set n = ? where list = 'documents' and key = 'all'", counted);
    }
  });
});
