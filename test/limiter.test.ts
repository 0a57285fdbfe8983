import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { counter } from "../src/limits/counters";

const rule = { limit: 3, windowSeconds: 60 };

describe("Limiter (sliding window in one Durable Object per counter)", () => {
  it("allows up to the limit, refuses after, and frees room as events leave the window", async () => {
    const c = counter(env, "rate:addr:test-window");
    const t0 = 1_000_000;
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await c.take(rule, t0 + i * 1000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3].retryAfterSeconds).toBe(57);
    expect((await c.take(rule, t0 + 60_000)).allowed).toBe(true);
  });

  it("counters are independent of each other", async () => {
    const a = counter(env, "rate:key:1");
    const b = counter(env, "rate:key:2");
    for (let i = 0; i < 3; i++) await a.take(rule, 5_000);
    expect((await a.take(rule, 5_001)).allowed).toBe(false);
    expect((await b.take(rule, 5_001)).allowed).toBe(true);
  });

  it("lets exactly `limit` of many concurrent takes through", async () => {
    const c = counter(env, "downloads:user:77");
    const results = await Promise.all(Array.from({ length: 50 }, () => c.take({ limit: 10, windowSeconds: 60 }, 9_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("an alarm empties the object once its window is over, and not before", async () => {
    const c = counter(env, "uploads:user:9");
    const count = () => runInDurableObject(c, (_i, state) => state.storage.sql.exec("select count(*) as n from events").one().n);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const start = Date.now();
      await c.take(rule, start);
      expect(await runDurableObjectAlarm(c)).toBe(true);
      expect(await count()).toBe(1);
      vi.setSystemTime(start + 61_000);
      expect(await runDurableObjectAlarm(c)).toBe(true);
      expect(await count()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
