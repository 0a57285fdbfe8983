// The rate check runs beside the handler (src/http/rate-limit.ts): exact under parallel calls, a refused
// call shows nothing of the handler's work, and a refused subject is answered from the isolate's memory
// with its Retry-After counting down. This file's settings: anonymous 60/min, keyed 10/min; the test clock moves time.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { counter } from "../../src/limits/counters";
import { api, expectProblem, KEYS, seedSample } from "../helpers/app";
import { hourApartEachTest } from "../helpers/clock";
import { SPEC_LIMITS, useSettings } from "../helpers/settings";

useSettings(SPEC_LIMITS);
beforeAll(seedSample);

const clock = hourApartEachTest(Date.UTC(2031, 0, 1));

const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe("the rate check beside the handler", () => {
  it("20 parallel keyed reads against a limit of 10: exactly 10 answers, 10 problems without data", async () => {
    const responses = await times(20, () => api("/documents", { key: KEYS.bob, headers: { "CF-Connecting-IP": "198.51.100.70" } }));
    const bodies: any[] = await Promise.all(responses.map((r) => r.json()));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(10);
    for (const [i, r] of responses.entries()) {
      if (r.status === 200) {
        expect(bodies[i].data).toBeInstanceOf(Array);
        continue;
      }
      expect(bodies[i].data).toBeUndefined();
      expect(r.headers.get("ETag")).toBeNull();
      expect(r.headers.get("Content-Type")).toBe("application/problem+json");
    }
  });

  it("20 parallel anonymous detail reads against what is left of the limit let exactly that many through", async () => {
    const address = "198.51.100.71";
    await times(50, () => api("/forum/categories", { headers: { "CF-Connecting-IP": address } }).then((r) => r.arrayBuffer()));
    const responses = await times(20, () => api("/forum/categories", { headers: { "CF-Connecting-IP": address } }));
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it("a refused subject is answered 429 at once until its Retry-After, which counts down, then the counter decides again", async () => {
    const address = "198.51.100.72";
    await times(60, () => api("/forum/categories", { headers: { "CF-Connecting-IP": address } }).then((r) => r.arrayBuffer()));
    vi.setSystemTime(clock.now() + 20_000);
    const first = await api("/forum/categories", { headers: { "CF-Connecting-IP": address } });
    await expectProblem(first, 429, "rate-limited");
    expect(first.headers.get("Retry-After")).toBe("40");

    // The counter's window is cleared behind the isolate's back: only the remembered refusal can still say 429.
    const stub = counter(env, `rate:addr:${address}`);
    await stub.take({ limit: 60, windowSeconds: 60 }, clock.now() + 10 * 60_000); // a take far ahead empties its window
    vi.setSystemTime(clock.now() + 30_000);
    const remembered = await api("/forum/categories", { headers: { "CF-Connecting-IP": address } });
    await expectProblem(remembered, 429, "rate-limited");
    expect(remembered.headers.get("Retry-After")).toBe("30");
    expect(remembered.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(remembered.headers.get("RateLimit-Policy")).toBe('"anonymous";q=60;w=60');

    vi.setSystemTime(clock.now() + 60_001); // past the Retry-After: the counter is asked again
    const again = await api("/forum/categories", { headers: { "CF-Connecting-IP": address } });
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });
});
