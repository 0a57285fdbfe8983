// A list page's statement comes from a template the isolate built once per shape (src/db/statement-template.ts),
// with the request's values bound into it. It must be exactly the statement drizzle builds afresh, whatever the
// filters, reader, page, cursor and guard; and requests with other filters in the same isolate must never get
// another's statement (their own answers, as a new isolate gives them).
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type DocumentFilter, documentListLoader } from "../../src/db/queries/documents";
import { type PageWindow, totalRead } from "../../src/db/queries/runtime";
import { builtAfresh, forgetStatementTemplates, statementOf } from "../../src/db/statement-template";
import { getJson, KEYS, seedSample } from "../helpers/app";
import { queryContext } from "../helpers/query-context";

const filters: DocumentFilter[] = [
  {},
  { type: "schematic" },
  { type: "boardview" },
  { visibility: "public" },
  { visibility: "shared", type: "photo" },
  { ownerId: 2 },
  { ownerId: 3, type: "schematic" },
  { boardId: 4 },
  { boardId: 7, type: "schematic", visibility: "private" },
  { boardId: sql`(select id from boards where norm = ${"NMA311"})` },
];
const readers = [null, { userId: 2 }, { userId: 5 }];
const windows: PageWindow[] = [
  { offset: 0, limit: 20, reverse: false },
  { offset: 0, limit: 3, reverse: false },
  { offset: 40, limit: 20, reverse: false },
  { offset: 7, limit: 2, reverse: true },
];
const cursors = [undefined, { createdAt: "2026-01-02T03:04:05.000Z", id: "01KABC" }, { createdAt: "2025-05-05T00:00:00.000Z", id: "01KXYZ" }];
const guards = [undefined, sql`${40} < (select 41)`];

describe("a document list page's statement from the isolate's template", () => {
  it("is the statement drizzle builds afresh, for every filter, reader, page, cursor and guard, asked in one isolate", () => {
    forgetStatementTemplates();
    let templated = 0;
    let cases = 0;
    for (const filter of filters)
      for (const viewer of readers)
        for (const window of windows)
          for (const after of cursors)
            for (const guard of guards) {
              const ctx = queryContext(viewer);
              const got = statementOf(documentListLoader(ctx, filter, window, guard, after).query);
              const fresh = builtAfresh(() => statementOf(documentListLoader(ctx, filter, window, guard, after).query));
              const what = JSON.stringify({ filter, viewer, window, after, guard: !!guard });
              expect(got.sql, what).toBe(fresh.sql);
              expect(got.params, what).toEqual(fresh.params);
              cases++;
              if (got.templated) templated++;
            }
    // Most shapes are templates (a keyed page past the first derives a value, a board named by its number is a subquery).
    expect(templated).toBeGreaterThan(cases / 2);
  });

  it("a list's total is the statement drizzle builds afresh, whatever the total reads", () => {
    const db = queryContext(null).db;
    for (const total of [
      sql<number>`(select ${3} + ${4})`,
      sql<number>`coalesce((select n from list_counts where list = ${"documents"} and key = ${"t:" + "schematic"}), 0)`,
    ]) {
      const got = statementOf(totalRead(db, total));
      const fresh = builtAfresh(() => statementOf(totalRead(db, total)));
      expect(got.templated).toBe(true);
      expect([got.sql, got.params]).toEqual([fresh.sql, fresh.params]);
    }
  });

  it("reads the lists everyone asks for most from templates: the newest documents, by type, and pages past the first", () => {
    for (const [filter, window] of [
      [{}, windows[0]],
      [{ type: "schematic" }, windows[0]],
      [{}, windows[2]],
    ] as const) {
      expect(statementOf(documentListLoader(queryContext(null), filter, window, guards[1]).query).templated).toBe(true);
    }
  });
});

describe("GET /documents in one isolate", () => {
  beforeAll(seedSample);

  const requests: { path: string; key?: string; holds: (d: { type: string; visibility: string; is_owner: boolean }) => boolean }[] = [
    { path: "/documents", holds: (d) => d.visibility === "public" },
    { path: "/documents?type=boardview", key: KEYS.bob, holds: (d) => d.type === "boardview" },
    { path: "/documents?type=schematic", key: KEYS.bob, holds: (d) => d.type === "schematic" },
    { path: "/documents?visibility=shared", key: KEYS.bob, holds: (d) => d.visibility === "shared" },
    { path: "/documents?visibility=private", key: KEYS.aliceRead, holds: (d) => d.visibility === "private" },
    { path: "/documents?mine=true", key: KEYS.aliceRead, holds: (d) => d.is_owner },
    { path: "/documents?per_page=1&page=2", key: KEYS.bob, holds: () => true },
    { path: "/documents?per_page=1&page=3", key: KEYS.bob, holds: () => true },
    { path: "/documents?type=schematic&per_page=1", holds: (d) => d.type === "schematic" },
  ];

  it("each filter gets its own answer: the one a new isolate gives, every item passing the filter", async () => {
    const fresh = new Map<string, unknown>();
    for (const r of requests) {
      forgetStatementTemplates();
      fresh.set(r.path + r.key, (await getJson(r.path, { key: r.key })).body);
    }
    // Every shape is now a template; ask again in two orders.
    for (const order of [requests, [...requests].reverse()]) {
      for (const r of order) {
        const { body } = await getJson(r.path, { key: r.key });
        expect(body, r.path).toEqual(fresh.get(r.path + r.key));
        expect(body.data.every(r.holds), r.path).toBe(true);
      }
    }
    // The answers are not all alike (the comparison would prove nothing otherwise).
    expect(new Set([...fresh.values()].map((b) => JSON.stringify(b))).size).toBeGreaterThan(5);
  });

  it("stays right when the data changes between two requests of one shape (values are bound, never kept)", async () => {
    const before = (await getJson("/documents?type=schematic", { key: KEYS.bob })).body;
    const id = before.data[0].id;
    await env.DB.prepare("update documents set type = 'datasheet' where id = ?").bind(id).run();
    const after = (await getJson("/documents?type=schematic", { key: KEYS.bob })).body;
    const datasheets = (await getJson("/documents?type=datasheet", { key: KEYS.bob })).body;
    expect(after.data.map((d: { id: string }) => d.id)).not.toContain(id);
    expect(datasheets.data.map((d: { id: string }) => d.id)).toContain(id);
    await env.DB.prepare("update documents set type = 'schematic' where id = ?").bind(id).run();
  });
});
