import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { counter, limiterObject } from "../src/limits/counters";
import { takeRate } from "../src/limits/lease";
import { FLUSH_MS, LEASE_MS, Limiter } from "../src/limits/limiter";

const rule = { limit: 3, windowSeconds: 60 };

// Test files may share one runtime (vitest `isolate: false`): counters named for this run only, so no other
// file's counts (at real times) reach these (at made-up times).
const run = crypto.randomUUID();
const base = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);

/** Rows the object's SQLite storage writes while `work` runs, summed from every statement's cursor. */
async function rowsWritten(stub: DurableObjectStub<Limiter>, work: (limiter: Limiter) => Promise<unknown>): Promise<number> {
  return runInDurableObject(stub, async (instance, state) => {
    const sql = state.storage.sql;
    const exec = sql.exec;
    const cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
    // Observes the real statements (each still runs); only their cursors are kept to read rowsWritten.
    sql.exec = ((query: string, ...bindings: unknown[]) => {
      const cursor = exec.call(sql, query, ...bindings);
      cursors.push(cursor);
      return cursor;
    }) as typeof sql.exec;
    try {
      await work(instance);
    } finally {
      sql.exec = exec;
    }
    return cursors.reduce((sum, cursor) => sum + cursor.rowsWritten, 0);
  });
}

/** A shard object of this test alone (request-rate counters are subjects of shards), so its clock is this test's. */
const shard = (name: string) => env.LIMITER.get(env.LIMITER.idFromName(`test-shard:${run}:${name}`));

/** The windows a shard has written, newest state of each subject: its seconds' summed cost. */
async function written(stub: DurableObjectStub<Limiter>): Promise<Map<string, { seconds: [number, number, number, number, number[]][] }>> {
  const rows = await runInDurableObject(stub, (_i, state) =>
    state.storage.sql.exec<{ states: string }>("select states from journal order by seq").toArray(),
  );
  const subjects = new Map<string, { seconds: [number, number, number, number, number[]][] }>();
  for (const row of rows)
    for (const [name, e] of Object.entries(JSON.parse(row.states) as Record<string, { s: [number, number, number, number, number[]][] }>))
      subjects.set(name, { seconds: e.s });
  return subjects;
}

describe("Limiter (sliding window; request rates in shard objects, caps one object each)", () => {
  it("allows up to the limit, refuses after, and frees room as events leave the window", async () => {
    const c = counter(env, `rate:addr:${run}-window`);
    const t0 = 1_000_000;
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await c.take(rule, t0 + i * 1000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3].retryAfterSeconds).toBe(57);
    expect((await c.take(rule, t0 + 60_000)).allowed).toBe(true);
  });

  it("counters are independent of each other", async () => {
    const a = counter(env, `rate:key:${base + 1}`);
    const b = counter(env, `rate:key:${base + 2}`);
    for (let i = 0; i < 3; i++) await a.take(rule, 5_000);
    expect((await a.take(rule, 5_001)).allowed).toBe(false);
    expect((await b.take(rule, 5_001)).allowed).toBe(true);
  });

  it("lets exactly `limit` of 20 parallel takes through", async () => {
    const c = counter(env, `downloads:user:${base + 77}`);
    const results = await Promise.all(Array.from({ length: 20 }, () => c.take({ limit: 10, windowSeconds: 60 }, 9_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect((await c.take({ limit: 10, windowSeconds: 60 }, 9_001)).allowed).toBe(false);
  });

  it.each([20, 100])("lets exactly `limit` of %i parallel takes of a request rate through (a shard subject)", async (parallel) => {
    const c = counter(env, `rate:addr:${run}-parallel-${parallel}`);
    const rule10 = { limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: parallel }, () => c.take(rule10, 9_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    // Each admitted take was told what it left: 9 down to 0, once each.
    expect(
      results
        .filter((r) => r.allowed)
        .map((r) => r.remaining)
        .sort((a, b) => b - a),
    ).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect((await c.take(rule10, 9_001)).allowed).toBe(false);
  });

  it("a cap writes one row per counted take and none per refused one", async () => {
    const c = limiterObject(env, `uploads:user:${base + 30}`);
    const perTake: number[] = [];
    for (let i = 0; i < 12; i++) perTake.push(await rowsWritten(c, (limiter) => limiter.take({ limit: 10, windowSeconds: 3600 }, 50_000 + i)));
    expect(perTake).toEqual([...new Array(10).fill(1), 0, 0]);
  });

  it("request rates are written in batches, not per call: 200 readers of their own write at most 0.05 rows each", async () => {
    const s = shard("batched");
    const rule60 = { limit: 60, windowSeconds: 60 };
    const t0 = 50_000;
    // 200 readers over 20 s of the callers' clock, each counted once; then the batch's alarm.
    const rows = await rowsWritten(s, async (limiter) => {
      for (let i = 0; i < 200; i++) expect((await limiter.takeFor(`rate:addr:reader-${i}`, rule60, t0 + i * 100)).allowed).toBe(true);
      await limiter.alarm();
    });
    expect(rows).toBeGreaterThan(0);
    expect(rows / 200).toBeLessThanOrEqual(0.05);
    const stored = await written(s);
    expect(Array.from({ length: 200 }, (_, i) => stored.get(`rate:addr:reader-${i}`)?.seconds[0][1])).toEqual(new Array(200).fill(1));
    // Refused takes change nothing: with no batch pending they write nothing, whatever the time.
    for (let i = 0; i < 60; i++) await s.takeFor("rate:addr:busy", rule60, t0 + 30_000);
    await runDurableObjectAlarm(s);
    expect(await rowsWritten(s, (limiter) => limiter.takeFor("rate:addr:busy", rule60, t0 + 30_000 + 3 * FLUSH_MS))).toBe(0);
  });

  it("a shard evicted or crashed forgets at most its unwritten batch, and only ever in the caller's favour", async () => {
    const s = shard("crash");
    const rule = { limit: 100, windowSeconds: 60 };
    const t0 = 60_000;
    // 24 calls of one caller, one every 500 ms of its clock: however the alarm falls, a take writes the batch once it
    // is 2 × FLUSH_MS old (call 20 at t0 + 10 s); calls 21–23 are at most in memory.
    for (let i = 0; i < 24; i++) await s.takeFor("rate:addr:crash", rule, t0 + i * 500);
    await evictDurableObject(s);
    const after = await s.takeFor("rate:addr:crash", rule, t0 + 12_000);
    const forgotten = after.remaining - (100 - 24 - 1);
    expect(forgotten).toBeGreaterThanOrEqual(0); // never a call counted that was not made
    expect(forgotten).toBeLessThanOrEqual(3); // never more than what followed the last row
    expect(3 * 500).toBeLessThan(2 * FLUSH_MS);
  });

  it("a burst's tail no later take wrote is written by the alarm: a restart after it forgets nothing", async () => {
    const s = shard("tail");
    const rule = { limit: 100, windowSeconds: 60 };
    for (let i = 0; i < 5; i++) await s.takeFor("rate:addr:tail", rule, 80_000 + i);
    expect(await runDurableObjectAlarm(s)).toBe(true);
    await evictDurableObject(s);
    expect((await s.takeFor("rate:addr:tail", rule, 80_100)).remaining).toBe(100 - 6);
  });

  it("a counter quiet for more batches than the journal has rows is written again before its row is overwritten", async () => {
    const s = shard("ring");
    const rule = { limit: 100, windowSeconds: 60 };
    const t0 = 100_000;
    await s.takeFor("rate:addr:quiet", rule, t0);
    await runDurableObjectAlarm(s); // its one row
    // 20 more batches of other callers (the journal has 16 rows): the quiet counter's row is overwritten meanwhile.
    for (let i = 1; i <= 20; i++) {
      await s.takeFor(`rate:addr:busy-${i}`, rule, t0 + i * 100);
      await runDurableObjectAlarm(s);
    }
    await evictDurableObject(s);
    expect((await s.takeFor("rate:addr:quiet", rule, t0 + 3000)).remaining).toBe(100 - 2);
  });

  it("leases granted before a restart are still settled by their reports after it", async () => {
    const s = shard("lease-restart");
    const rule = { limit: 100, windowSeconds: 60 };
    const t0 = 90_000;
    const granted = await s.takeFor("rate:key:1", rule, t0, 1, { reserve: 8 });
    expect(granted.lease?.slots).toBe(8);
    await runDurableObjectAlarm(s); // writes the batch, reservation included
    await evictDurableObject(s);
    const reported = await s.takeFor("rate:key:1", rule, t0 + 600, 1, {
      reserve: 0,
      report: { reservation: granted.lease!.reservation, used: [[90, 3, t0 + 500]] },
    });
    // The 3 calls admitted from the lease are counted, the 5 unused slots come back.
    expect(reported.remaining).toBe(100 - 1 - 3 - 1);
  });

  it("a restarted cap (new instance over the same storage) keeps counting where the old one stopped", async () => {
    const c = limiterObject(env, `uploads:user:${base + 9}`);
    for (let i = 0; i < 2; i++) await c.take(rule, 70_000 + i);
    const reborn = await runInDurableObject(c, async (_instance, state) => {
      const fresh = new Limiter(state, env);
      return [await fresh.take(rule, 70_010), await fresh.take(rule, 70_020)];
    });
    expect(reborn.map((d) => d.allowed)).toEqual([true, false]);
  });

  it("refund gives back the request's own event, not the newest", async () => {
    const c = counter(env, `uploads:user:${base + 10}`);
    const two = { limit: 2, windowSeconds: 60 };
    const t0 = 100_000;
    const first = await c.take(two, t0);
    await c.take(two, t0 + 30_000);
    expect(first.event).toBeDefined();
    await c.refund(first.event!);
    expect((await c.take(two, t0 + 40_000)).allowed).toBe(true);
    // Full again: the oldest event still counted is the one at t0+30 s, so the wait is 45 s, not 15 s.
    const refused = await c.take(two, t0 + 45_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(45);
    // An unknown or already refunded event gives nothing back.
    expect(await c.refund(first.event!)).toBe(false);
    expect((await c.take(two, t0 + 46_000)).allowed).toBe(false);
  });

  it("keeps one entry per second however high the limit: a busy counter's stored window stays small", async () => {
    const s = shard("busy");
    const busy = { limit: 100_000, windowSeconds: 60 };
    // 2,000 events spread over 5 seconds, then one more: the stored window holds 5 + 1 seconds, not 2,001 events.
    for (let i = 0; i < 2000; i += 50)
      await Promise.all(Array.from({ length: 50 }, (_, j) => s.takeFor("rate:key:2", busy, 300_000 + Math.floor(((i + j) * 5000) / 2000))));
    const last = await s.takeFor("rate:key:2", busy, 306_000);
    expect(last.remaining).toBe(100_000 - 2001);
    await runDurableObjectAlarm(s);
    expect((await written(s)).get("rate:key:2")?.seconds).toHaveLength(6);
  });

  it("reads a row of single events written by the earlier layout and goes on counting them", async () => {
    const c = limiterObject(env, `uploads:user:${base + 12}`);
    const reborn = await runInDurableObject(c, async (_instance, state) => {
      state.storage.sql.exec("create table if not exists log (id integer primary key check (id = 1), next integer not null, events text not null)");
      state.storage.sql.exec(
        "insert or replace into log (id, next, events) values (1, 3, ?)",
        JSON.stringify([
          [1, 400_000, 1],
          [2, 400_500, 1],
        ]),
      );
      const fresh = new Limiter(state, env);
      return [await fresh.take(rule, 401_000), await fresh.take(rule, 402_000)];
    });
    expect(reborn.map((d) => d.allowed)).toEqual([true, false]);
    // Both old events sat in second 400: the window frees them together, when the newer one (400.5 s) leaves.
    expect(reborn[1].retryAfterSeconds).toBe(59);
  });

  describe("leases", () => {
    const hundred = { limit: 100, windowSeconds: 60 };

    it("reserved slots count against the limit until reported; reported calls join the window at their own times", async () => {
      const c = counter(env, `rate:key:${base + 20}`);
      const t0 = 500_000;
      const granted = await c.take(hundred, t0, 1, { reserve: 8 });
      expect(granted.lease).toMatchObject({ slots: 8, untilMs: t0 + LEASE_MS });
      expect(granted.remaining).toBe(100 - 1 - 8);
      // Held for the isolate: nobody else gets them meanwhile.
      expect((await c.take(hundred, t0 + 10)).remaining).toBe(100 - 2 - 8);
      // The isolate used 3 of its 8, the newest at t0 + 500 ms; the other 5 come back.
      const reported = await c.take(hundred, t0 + 600, 1, {
        reserve: 0,
        report: { reservation: granted.lease!.reservation, used: [[500, 3, t0 + 500]] },
      });
      expect(reported.remaining).toBe(100 - 2 - 3 - 1);
      expect(reported.lease).toBeUndefined();
    });

    it("unreported slots count as used at the lease's end; a reservation never lets more than the limit through", async () => {
      const c = counter(env, `rate:key:${base + 21}`);
      const ten = { limit: 10, windowSeconds: 60 };
      const t0 = 700_000;
      const granted = await c.take(ten, t0, 1, { reserve: 8 });
      expect(granted.lease?.slots).toBe(2); // a quarter of what is left at most
      const others = [];
      for (let i = 1; i <= 8; i++) others.push(await c.take(ten, t0 + i));
      expect(others.map((d) => d.allowed)).toEqual([...new Array(7).fill(true), false]);
      // Never reported: after the lease's end the 2 slots sit in the window as used at that end.
      const later = await c.take(ten, t0 + 60_001);
      expect(later.allowed).toBe(false);
      expect(later.retryAfterSeconds).toBe(1); // until t0 + LEASE_MS + 60 s, when they leave
      expect((await c.take(ten, t0 + LEASE_MS + 60_001)).allowed).toBe(true);
    });

    it("a busy caller is admitted mostly by its isolate, and still exactly up to the limit", async () => {
      const name = `rate:key:${base + 22}` as const;
      const limit = { limit: 50, windowSeconds: 60 };
      const t0 = 900_000;
      const decisions = [];
      for (let i = 0; i < 60; i++) decisions.push(await takeRate(env, name, limit, t0 + i, 1));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(50);
      expect(decisions.slice(0, 50).map((d) => d.remaining)).toEqual(Array.from({ length: 50 }, (_, i) => 49 - i));
      // The object itself counted only some of the 50 takes (entry[3]); the rest were admitted from leases.
      const stub = limiterObject(env, name);
      await runDurableObjectAlarm(stub); // the batch written
      const [[, cost, , takes]] = (await written(stub)).get(name)!.seconds;
      expect(cost).toBe(50);
      expect(takes).toBeLessThan(25);
    });
  });
});
