// The one per-isolate cache (src/core/isolate-cache.ts): whatever floods it, it stays within its bounds, and what it
// drops first is what no longer matters (expired), then what was set or used longest ago.
import { describe, expect, it } from "vitest";
import { IsolateCache } from "../src/core/isolate-cache";

describe("IsolateCache", () => {
  it("keeps at most maxEntries: a flood of new keys drops the oldest", () => {
    const cache = new IsolateCache<number, string>({ maxEntries: 3 });
    for (let i = 0; i < 1000; i++) cache.set(i, `v${i}`);
    expect(cache.size).toBe(3);
    expect([cache.get(996), cache.get(997), cache.get(998), cache.get(999)]).toEqual([undefined, "v997", "v998", "v999"]);
  });

  it("drops expired entries before live ones when full, and never returns an expired entry", () => {
    const cache = new IsolateCache<string, { until: number }>({ maxEntries: 2, expired: (v, nowMs) => v.until <= nowMs });
    cache.set("old-but-live", { until: 100 }, 0);
    cache.set("young-but-expired", { until: 10 }, 0);
    cache.set("new", { until: 100 }, 50);
    expect(cache.get("old-but-live", 50)).toEqual({ until: 100 });
    expect(cache.has("young-but-expired")).toBe(false);
    expect(cache.get("new", 100)).toBeUndefined();
  });

  it("bounds the total weight; a use keeps an entry, the least recently used goes", () => {
    const cache = new IsolateCache<string, Uint8Array>({ maxEntries: 100, maxWeight: 10, weigh: (v) => v.byteLength });
    cache.set("a", new Uint8Array(4));
    cache.set("b", new Uint8Array(4));
    cache.use("a");
    cache.set("c", new Uint8Array(4));
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([true, false, true]);
    cache.set("huge", new Uint8Array(11));
    expect(cache.has("huge")).toBe(false);
    expect(cache.size).toBe(2);
  });
});
