// X-RateLimit-Remaining is true in a burst (src/limits/lease.ts, docs/limits.md "Remaining"): a caller served by one
// isolate is told, on each admitted call, what it may still make; the last call of a full window is told 0 and no
// call is told more than remained. This file's settings: keyed 10 a minute, anonymous 60; the test clock moves an hour per test.
import { beforeAll, describe, expect, it } from "vitest";
import { api, KEYS, seedSample } from "../helpers/app";
import { hourApartEachTest } from "../helpers/clock";
import { SPEC_LIMITS, useSettings } from "../helpers/settings";

useSettings(SPEC_LIMITS);
beforeAll(seedSample);
hourApartEachTest(Date.UTC(2032, 0, 1));

const LIMIT = 10;

async function call(key: string | undefined, address = "198.51.100.90"): Promise<{ status: number; remaining: number }> {
  const r = await api("/documents", { key, headers: { "CF-Connecting-IP": address } });
  await r.arrayBuffer();
  return { status: r.status, remaining: Number(r.headers.get("X-RateLimit-Remaining")) };
}

/**
 * Admitted calls answered in any order: the k-th largest figure told is at most LIMIT - k (at least k calls had
 * been admitted when it was sent), and the window's last call is told 0.
 */
function expectTrue(told: number[], limit = LIMIT): void {
  expect(told).toHaveLength(limit);
  const sorted = [...told].sort((a, b) => b - a);
  for (const [k, value] of sorted.entries()) expect(value, `the ${k + 1}th largest figure told`).toBeLessThanOrEqual(limit - 1 - k);
  expect(Math.min(...told)).toBe(0);
}

describe("X-RateLimit-Remaining in a burst", () => {
  it("one call after the other: 9 down to 0, then 429 with 0", async () => {
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i++) answers.push(await call(KEYS.aliceRead));
    expect(answers.map((a) => a.status)).toEqual([...new Array(LIMIT).fill(200), 429, 429]);
    expect(answers.map((a) => a.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0]);
  });

  it("ten calls at once: no call is told more than remained, and the last one is told 0", async () => {
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, () => call(KEYS.bob)));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    expectTrue(answers.filter((a) => a.status === 200).map((a) => a.remaining));
  });

  it("waves of three at once (the isolate holds leases between them): still true, down to 0", async () => {
    const admitted: number[] = [];
    for (let wave = 0; wave < 4; wave++) {
      const answers = await Promise.all(Array.from({ length: 3 }, () => call(KEYS.aliceRead)));
      admitted.push(...answers.filter((a) => a.status === 200).map((a) => a.remaining));
    }
    expectTrue(admitted);
  });

  it("an anonymous reader in waves of six against 60 a minute: 60 admitted, told true figures down to 0", async () => {
    const admitted: number[] = [];
    for (let wave = 0; wave < 11; wave++) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => call(undefined, "198.51.100.91")));
      admitted.push(...answers.filter((a) => a.status === 200).map((a) => a.remaining));
    }
    expectTrue(admitted, 60);
  });
});
