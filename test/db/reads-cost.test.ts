// What a read costs: D1 round trips and rows read per request (from D1's own `meta`, through a metered
// binding handed to the Worker's fetch handler), on a catalogue of a few thousand rows, so a query that
// starts scanning, or a list that counts its matches again, fails here. Also: exact totals from the
// counters as rows change, and the D1 session bookmark that lets a writer read its own write.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { meteredD1, newTally, type D1Tally } from "../../bench/lib/metered-d1";
import worker from "../../src/index";
import { api, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import { createUploader, upload } from "../helpers/uploads";

const DOCUMENTS = 3000;
const THREADS = 2000;
const CASES = 1000;
const BOARD = "820-00165";

async function sql(text: string, ...params: unknown[]): Promise<void> {
  await env.DB.prepare(text)
    .bind(...params)
    .run();
}

/** Bulk rows through one JSON parameter (D1 allows 100 bound parameters per statement). */
async function insertMany(table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const select = columns.map((_, i) => `value->>'$[${i}]'`).join(", ");
  for (let i = 0; i < rows.length; i += 500) {
    await sql(`insert into ${table} (${columns.join(", ")}) select ${select} from json_each(?)`, JSON.stringify(rows.slice(i, i + 500)));
  }
}

const id = (prefix: string, i: number) => `01K${prefix}${String(i).padStart(23 - prefix.length, "0")}`;
const iso = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();

/** Ids the database gave the sample's rows (a reset import does not restart the id sequences). */
let alice = 0;

beforeAll(async () => {
  await seedSample();
  alice = (await env.DB.prepare("select id from users where username = 'alice'").first<number>("id"))!;
  const categories = (await env.DB.prepare("select id from categories order by id").all<{ id: number }>()).results.map((r) => r.id);
  const board = await env.DB.prepare("select id from boards where number = ?").bind(BOARD).first<number>("id");
  const types = ["schematic", "boardview", "datasheet", "bios", "other"];
  // Nine in ten public and available; the rest private or processing, as in a real library.
  await insertMany(
    "documents",
    ["id", "title", "type", "status", "visibility", "owner_id", "created_at", "updated_at"],
    Array.from({ length: DOCUMENTS }, (_, i) => [
      id("D", i),
      `Generated ${i}`,
      types[i % types.length],
      i % 10 === 7 ? "processing" : "available",
      i % 10 === 3 ? "private" : "public",
      alice,
      iso(i),
      iso(i),
    ]),
  );
  // One document in thirty on the sample board.
  await insertMany(
    "document_boards",
    ["document_id", "board_id", "position"],
    Array.from({ length: DOCUMENTS / 30 }, (_, i) => [id("D", i * 30), board, 0]),
  );
  await insertMany(
    "threads",
    ["id", "category_id", "title", "published", "author_id", "body", "body_html", "created_at", "last_activity_at"],
    Array.from({ length: THREADS }, (_, i) => [
      id("T", i),
      categories[i % 2],
      `Thread ${i}`,
      i % 20 === 0 ? 0 : 1,
      alice,
      "body",
      "<p>body</p>",
      iso(i),
      iso(i),
    ]),
  );
  await insertMany(
    "repair_cases",
    ["id", "title", "outcome", "symptom", "published", "published_at", "diagnosis", "diagnosis_html", "created_at"],
    Array.from({ length: CASES }, (_, i) => [id("C", i), `Case ${i}`, i % 2 ? "fixed" : "not_fixed", "dead", 1, iso(i), "d", "<p>d</p>", iso(i)]),
  );
  // The search index rows these inserts made are not needed here.
});

/** One request through the Worker with a metered D1 binding: its answer and what it cost. */
async function metered(path: string, key?: string): Promise<{ status: number; body: any; tally: D1Tally; next?: string }> {
  const tally = newTally();
  const ctx = createExecutionContext();
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers }), { ...env, DB: meteredD1(env.DB, tally) }, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a page or a feed
  }
  // The Link header's next address, as a path (the cursor page after this one).
  const link = /^<([^>]+)>; rel="next"$/.exec(res.headers.get("Link") ?? "")?.[1];
  return { status: res.status, body, tally, next: link && new URL(link).pathname + new URL(link).search };
}

async function count(query: string): Promise<number> {
  return (await env.DB.prepare(query).first<number>("n")) ?? -1;
}

describe("rows read per request stay bounded on a catalogue of thousands", () => {
  // [path, most rows read]: a small multiple of the 20 items a page returns, never the catalogue.
  const lists: [string, number][] = [
    // A page of 20 documents reads each row with its current version and maker; its board numbers are on the row.
    ["/api/v1/documents", 99],
    ["/api/v1/documents?type=schematic", 300],
    // The board's 100 documents are read (through its links) and sorted: bounded by the board, not the library.
    [`/api/v1/documents?board=${BOARD}`, 700],
    ["/api/v1/documents?page=50", 1200],
    ["/api/v1/forum/threads", 150],
    ["/api/v1/forum/threads?category=laptops", 300],
    ["/api/v1/cases", 150],
    ["/api/v1/cases?outcome=fixed", 300],
    ["/api/v1/posts", 150],
  ];
  for (const [path, bound] of lists) {
    it(`${path}: one D1 round trip, at most ${bound} rows read`, async () => {
      const { status, body, tally } = await metered(path);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(tally.roundTrips).toBe(1);
      expect(tally.rowsRead).toBeLessThanOrEqual(bound);
    });
  }

  // A page and its list's total are one statement (the total a column of its rows), not a batch of two: on a first
  // page, a later one and a cursor's, rows in the list's order. An empty first page is an empty list (total 0); a
  // page past the end reads its total after its empty rows.
  it("a list page and its total: one statement, in order; a page past the end still answers its total", async () => {
    const cursor = (await metered("/api/v1/documents?page=3")).next!;
    for (const path of [
      "/api/v1/documents",
      "/api/v1/documents?page=7",
      cursor,
      "/api/v1/forum/threads?page=3",
      "/api/v1/cases?outcome=fixed&page=2",
    ]) {
      const { status, body, tally } = await metered(path);
      expect(status, path).toBe(200);
      expect(tally.statements, path).toBe(1);
      expect(body.data.length, path).toBe(20);
      const dates = body.data.map((item: { created_at?: string; last_activity_at?: string }) => item.created_at ?? item.last_activity_at);
      expect(dates, path).toEqual([...dates].sort().reverse());
    }
    const empty = await metered("/api/v1/forum/threads?category=no-such-category");
    expect([empty.body.data, empty.body.meta.total, empty.tally.statements]).toEqual([[], 0, 1]);
    const fixed = await count("select count(*) as n from repair_cases where outcome = 'fixed' and published = 1");
    const past = await metered(`/api/v1/cases?outcome=fixed&page=${Math.ceil(fixed / 20) + 2}`);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBe(fixed);
  });

  // A cursor page past MAX_PAGE costs about what the first page costs: it starts at its position in the index.
  // A keyed list walks three indexes (public, own, shared; alice owns all 3,000 here), on every page alike:
  // its cursor page may read what its first page reads, plus a page.
  for (const [from, bound, key] of [
    ["/api/v1/documents?page=50", 99, undefined],
    ["/api/v1/documents?page=40&per_page=50", 200, undefined],
    ["/api/v1/documents?type=schematic&page=20", 300, undefined],
    ["/api/v1/documents?page=50", 300, KEYS.aliceRead],
  ] as const) {
    it(`the cursor page after ${from}${key ? " (key)" : ""}: one D1 round trip, at most ${bound} rows read${key ? " beyond the first page's" : ""}`, async () => {
      const firstPage = key ? (await metered("/api/v1/documents", key)).tally.rowsRead : 0;
      const deep = await metered(from, key);
      expect(deep.next).toMatch(/cursor=/);
      const { status, body, tally } = await metered(deep.next!, key);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.meta.page).toBe(deep.body.meta.page + 1);
      expect(body.data.length).toBe(body.meta.per_page);
      expect(tally.roundTrips).toBe(key ? 2 : 1); // a key is looked up first
      expect(tally.rowsRead).toBeLessThanOrEqual(firstPage + bound);
    });
  }

  it("anonymous totals are exact without counting: they match a count over the rows", async () => {
    const { body, tally } = await metered("/api/v1/documents");
    expect(body.meta.total).toBe(await count("select count(*) as n from documents where visibility = 'public' and status = 'available'"));
    expect(body.meta.total).toBeGreaterThan(2000);
    expect(tally.rowsRead).toBeLessThan(200);
    const threads = await metered("/api/v1/forum/threads");
    expect(threads.body.meta.total).toBe(await count("select count(*) as n from threads where published = 1"));
    const board = await metered(`/api/v1/documents?board=${BOARD.replace("-", "")}`);
    expect(board.body.meta.total).toBe(
      await count(
        `select count(*) as n from document_boards db join documents d on d.id = db.document_id join boards b on b.id = db.board_id where b.number = '${BOARD}' and d.visibility = 'public' and d.status = 'available'`,
      ),
    );
    expect(board.body.data.length).toBe(Math.min(20, board.body.meta.total));
  });

  it("a keyed list adds the owner's own and shared rows, in at most two round trips (key, then data)", async () => {
    const { status, body, tally } = await metered("/api/v1/documents", KEYS.aliceRead);
    expect(status).toBe(200);
    expect(tally.roundTrips).toBeLessThanOrEqual(2);
    // Alice owns every generated document: all of them count, in whatever state.
    expect(body.meta.total).toBe(
      await count(
        `select count(*) as n from documents d where (d.visibility = 'public' and d.status = 'available') or d.owner_id = ${alice} or (d.visibility = 'shared' and d.status = 'available' and exists (select 1 from document_shares s where s.document_id = d.id and s.user_id = ${alice}))`,
      ),
    );
    // Its own and shared parts are per-user counters (migrations/0013), not a count over her 3,000 rows (6,250 rows read before).
    expect(tally.rowsRead).toBeLessThan(200);
    const byType = await metered("/api/v1/documents?type=schematic", KEYS.aliceRead);
    expect(byType.body.meta.total).toBe(
      await count(
        `select count(*) as n from documents d where d.type = 'schematic' and ((d.visibility = 'public' and d.status = 'available') or d.owner_id = ${alice} or (d.visibility = 'shared' and d.status = 'available' and exists (select 1 from document_shares s where s.document_id = d.id and s.user_id = ${alice})))`,
      ),
    );
    const mine = await metered("/api/v1/documents?mine=true", KEYS.aliceRead);
    expect(mine.body.meta.total).toBe(await count(`select count(*) as n from documents where owner_id = ${alice}`));
    expect(mine.tally.rowsRead).toBeLessThan(400);
  });

  for (const [name, path] of [
    ["document", `/api/v1/documents/${SAMPLE_IDS.publicSchematic}`],
    ["thread", `/api/v1/forum/threads/${SAMPLE_IDS.thread}`],
    ["case", `/api/v1/cases/${id("C", 5)}`],
    ["board", `/api/v1/boards/${BOARD}`],
  ] as const) {
    it(`${name} detail: one D1 round trip, few rows`, async () => {
      const { status, body, tally } = await metered(path);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(tally.roundTrips).toBe(1);
      // The board lists every one of its 100 visible documents (about 11 rows each with links); the rest are one item.
      expect(tally.rowsRead).toBeLessThanOrEqual(name === "board" ? 1300 : 60);
    });
  }

  it("a cold search's scope lookup reads the cases that name its word, never every case", async () => {
    // Model-like words new to the isolate: each is looked up among the boards and the published cases' codes (a device
    // model names its board). A plan that walked every case key and probed the matches read about 3 rows per case.
    const { status, tally } = await metered("/api/v1/search?q=zorb4711%20wump0815");
    expect(status).toBe(200);
    expect(tally.rowsRead).toBeLessThanOrEqual(CASES);
  });

  it("a site section page and a feed: one round trip each (a feed two: its tombstones), never the catalogue", async () => {
    // [path, most rows]: pages of 20 items; the feed's 50 entries with their uploaders (600), then its tombstones
    // (RFC 6721): at most 200 of the kind's latest changes, each with one probe of who was told of it (400).
    for (const [path, bound, trips] of [
      ["/en/library", 200, 1],
      ["/en/feeds/library.atom", 1000, 2],
      ["/en/forum", 200, 1],
    ] as const) {
      const { status, tally } = await metered(path);
      expect(status, path).toBe(200);
      expect(tally.roundTrips, path).toBe(trips);
      expect(tally.rowsRead, path).toBeLessThanOrEqual(bound);
    }
  });
});

describe("counters follow every change", () => {
  it("publishing, hiding, retyping, relinking and deleting keep totals exact", async () => {
    const total = async (q = "") => (await metered(`/api/v1/documents${q}`)).body.meta.total as number;
    const before = await total();
    const schematics = await total("?type=schematic");
    const onBoard = await total(`?board=${BOARD}`);
    await sql("update documents set visibility = 'private' where id = ?", id("D", 0)); // schematic, on the board
    expect(await total()).toBe(before - 1);
    expect(await total("?type=schematic")).toBe(schematics - 1);
    expect(await total(`?board=${BOARD}`)).toBe(onBoard - 1);
    await sql("update documents set visibility = 'public', type = 'bios' where id = ?", id("D", 0));
    expect(await total("?type=schematic")).toBe(schematics - 1);
    expect(await total(`?type=bios&board=${BOARD}`)).toBe(
      await count(
        `select count(*) as n from document_boards db join documents d on d.id = db.document_id join boards b on b.id = db.board_id where b.number = '${BOARD}' and d.type = 'bios' and d.visibility = 'public' and d.status = 'available'`,
      ),
    );
    await sql("delete from documents where id = ?", id("D", 0));
    expect(await total()).toBe(before - 1);
    expect(await total(`?board=${BOARD}`)).toBe(onBoard - 1);
    await sql("delete from document_boards where document_id = ?", id("D", 30));
    expect(await total(`?board=${BOARD}`)).toBe(onBoard - 2);
  });

  it("the board numbers a document shows follow its links and renamed boards (a copy kept on the row)", async () => {
    const stale = () =>
      count(
        `select count(*) as n from documents d where d.board_numbers <> (select json_group_array(number) from (select b.number from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id order by db.position, b.number))`,
      );
    const shown = async (doc: string) => (await metered(`/api/v1/documents/${doc}`)).body.data.boards as string[];
    const doc = id("D", 60); // public, on the sample board
    const other = await env.DB.prepare("select id, number from boards where number <> ? order by id limit 1")
      .bind(BOARD)
      .first<{ id: number; number: string }>();
    expect(await shown(doc)).toEqual([BOARD]);
    await sql("insert into document_boards (document_id, board_id, position) values (?, ?, 1)", doc, other!.id);
    expect(await shown(doc)).toEqual([BOARD, other!.number]);
    await sql("update boards set number = ? where id = ?", `${other!.number}-R2`, other!.id);
    expect(await shown(doc)).toEqual([BOARD, `${other!.number}-R2`]);
    await sql("delete from document_boards where document_id = ? and board_id = ?", doc, other!.id);
    expect(await shown(doc)).toEqual([BOARD]);
    await sql("update boards set number = ? where id = ?", other!.number, other!.id);
    expect(await stale()).toBe(0);
  });

  it("a case published for later counts only once its time has come", async () => {
    const before = (await metered("/api/v1/cases")).body.meta.total as number;
    await sql("update repair_cases set published_at = '2999-01-01T00:00:00.000Z' where id = ?", id("C", 1));
    const after = await metered("/api/v1/cases");
    expect(after.body.meta.total).toBe(before - 1);
    expect(after.body.data.map((c: { id: string }) => c.id)).not.toContain(id("C", 1));
  });
});

describe("D1 sessions: a writer reads its own write", () => {
  it("an upload answers with a bookmark; a status poll that sends it sees the upload", async () => {
    const { key } = await createUploader();
    const res = await upload(key, { external_id: "bookmark-1" }, { filename: "notes.txt", content: "hello" });
    const created: any = await res.clone().json();
    expect(res.status).toBe(201);
    const bookmark = res.headers.get("x-d1-bookmark");
    expect(bookmark).toBeTruthy();
    const poll = await api("/uploads/bookmark-1", { key, headers: { "x-d1-bookmark": bookmark! } });
    const body: any = await poll.json();
    expect(poll.status, JSON.stringify(body)).toBe(200);
    expect(body.data.id).toBe(created.data.id);
    expect(poll.headers.get("x-d1-bookmark")).toBeTruthy();
  });

  it("plain anonymous reads carry no bookmark (the same answer for everyone); a malformed one is ignored", async () => {
    const plain = await api("/documents");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("x-d1-bookmark")).toBeNull();
    const odd = await api("/documents", { headers: { "x-d1-bookmark": "'; drop table documents; --" } });
    expect(odd.status).toBe(200);
    expect(odd.headers.get("Access-Control-Expose-Headers") ?? "").toMatch(/x-d1-bookmark/i);
  });
});
