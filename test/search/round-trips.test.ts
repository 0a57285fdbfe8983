// Round trips per search (docs/search.md, "Round trips"): a round trip is one call that waits on the primary
// database (a batch, or one statement run alone); the text databases, all asked at once, are counted apart as
// one step. A warm isolate (its words' variants, probes, board spellings and scope table remembered) searches in
// one round trip on the primary, highlights included; a cold one in at most two.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { searchSite } from "../../src/search";
import { seedSample } from "../helpers/app";
import { queryContext } from "../helpers/query-context";

/** A D1 database whose calls that wait on it are counted (a batch is one, whatever it holds). */
function counted(db: D1Database) {
  const tally = { trips: 0, rowsRead: 0 };
  const note = (r: D1Result) => {
    tally.rowsRead += r.meta?.rows_read ?? 0;
    return r;
  };
  const targets = new WeakMap<object, D1PreparedStatement>();
  const statement = (s: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(s, {
      get(target, key) {
        if (key === "bind") return (...args: unknown[]) => statement(target.bind(...args));
        if (key === "all" || key === "run")
          return async () => {
            tally.trips++;
            return note(await target[key]());
          };
        if (key === "first" || key === "raw")
          return (...args: never[]) => {
            tally.trips++;
            return (target[key] as (...a: never[]) => unknown)(...args);
          };
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    targets.set(proxy, s);
    return proxy;
  };
  const unwrap = (s: D1PreparedStatement) => targets.get(s) ?? s;
  const wrapped = new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (text: string) => statement(target.prepare(text));
      if (key === "batch")
        return async (list: D1PreparedStatement[]) => {
          tally.trips++;
          const results = await target.batch(list.map(unwrap));
          for (const r of results) note(r);
          return results;
        };
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: wrapped, tally };
}

const ctxWith = (db: D1Database) => queryContext(null, db);

// One counted database for the file: the isolate's caches know it from one search to the next.
const primary = counted(env.DB);

/** One search on the counted primary: its round trips there and the rows it read there. */
async function measure(q: string) {
  primary.tally.trips = 0;
  primary.tally.rowsRead = 0;
  const found = await searchSite(ctxWith(primary.db), q);
  return { found, ...primary.tally };
}

const fixture = {
  threads: [
    {
      id: "01JR0000000000000000000001",
      category: "laptops",
      title: "Cargador no carga la batería",
      author: "bob",
      created_at: "2026-10-01T00:00:00Z",
      body: "El cargador original dejó de cargar; el conector de carga estaba flojo.",
      posts: [
        { author: "alice", body: "Revisa el fusible del cargador.", is_solution: true, score: 1, hidden: false, created_at: "2026-10-02T00:00:00Z" },
      ],
    },
  ],
};

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, fixture);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("round trips per search on the primary", () => {
  it("a warm isolate searches in one round trip, highlights included", async () => {
    await measure("cargador");
    const warm = await measure("cargador");
    expect(warm.found.threads.map((t) => t.id)).toContain("01JR0000000000000000000001");
    expect(warm.found.threads[0].highlight?.marks.length).toBeGreaterThan(0);
    expect(warm.trips).toBe(1);
  });

  it("a cold isolate (a typo never seen: its corrections and probes to read) searches in at most two, then one", async () => {
    const cold = await measure("fusibel");
    expect(cold.found.threads.map((t) => t.id)).toContain("01JR0000000000000000000001");
    expect(cold.found.threads[0].highlight?.text).toContain("fusible");
    expect(cold.trips).toBeLessThanOrEqual(2);
    const warm = await measure("fusibel");
    expect(warm.trips).toBe(1);
    expect(warm.found.threads.map((t) => t.id)).toEqual(cold.found.threads.map((t) => t.id));
  });

  it("a cold word with other forms: at most two, then one; groups without every word rank the others in the same round trip", async () => {
    const cold = await measure("cargadores");
    expect(cold.found.threads.map((t) => t.id)).toContain("01JR0000000000000000000001");
    expect(cold.trips).toBeLessThanOrEqual(2);
    expect((await measure("cargadores")).trips).toBe(1);
    // "cargador fusible placa": no thread holds every word; the threads holding some are ranked (the
    // forgiving pass) in the same round trip.
    await measure("cargador fusible placa");
    const warm = await measure("cargador fusible placa");
    expect(warm.found.threads.map((t) => t.id)).toContain("01JR0000000000000000000001");
    expect(warm.trips).toBe(1);
  });

  it("a board added after the isolate read the scope table scopes the very next search", async () => {
    await measure("Zentria Z9 ventilador");
    const added = await importContent(env, {
      manufacturers: [{ id: 41, name: "Zentria" }],
      boards: [{ number: "ZT-9001", manufacturer: "Zentria", platform: "Zentria Z9", aliases: [] }],
      threads: [{ ...fixture.threads[0], id: "01JR0000000000000000000009", board: "ZT-9001", title: "Ventilador Z9", posts: [] }],
    });
    if (!added.ok) throw new Error(JSON.stringify(added.problems));
    const after = await measure("Zentria Z9 ventilador");
    expect(after.found.interpretation.scope?.boards).toEqual(["ZT-9001"]);
  });
});
