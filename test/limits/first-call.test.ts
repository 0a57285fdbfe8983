// A counter's first call through an isolate is admitted before its Durable Object is asked, and still counted
// (src/limits/first-call.ts): with the counter's next take here, or in the background shortly after. This
// file's settings: anonymous 60 a minute.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addressBucket } from "../../src/limits/client-address";
import { limiterObject } from "../../src/limits/counters";
import { admitFirstCall } from "../../src/limits/first-call";
import { anonymousLimit } from "../../src/limits/policies";
import { api, seedSample } from "../helpers/app";
import { SPEC_LIMITS, useSettings } from "../helpers/settings";

useSettings(SPEC_LIMITS);
beforeAll(seedSample);

const RULE = { limit: 60, windowSeconds: 60 };

async function call(address: string): Promise<{ status: number; remaining: number }> {
  const r = await api("/documents", { headers: { "CF-Connecting-IP": address } });
  await r.arrayBuffer();
  return { status: r.status, remaining: Number(r.headers.get("X-RateLimit-Remaining")) };
}

/** What the counter's object says remains after one more call (that call counted too). */
async function objectRemaining(address: string): Promise<number> {
  const check = anonymousLimit(addressBucket(address), RULE.limit);
  const decision = await limiterObject(env, check.counter).takeFor(check.counter, RULE, Date.now(), 1);
  return decision.remaining;
}

describe("a first call admitted by the isolate", () => {
  it("is admitted only for a counter this isolate has not called within its window, and only when it can be sent later", () => {
    const later: Promise<unknown>[] = [];
    const defer = (work: Promise<unknown>) => void later.push(work.catch(() => undefined));
    const now = Date.now();
    const name = "rate:addr:first-call-unit" as const;
    expect(admitFirstCall(env, name, RULE, now, defer)).toMatchObject({ allowed: true, remaining: 59 });
    expect(admitFirstCall(env, name, RULE, now + 1000, defer)).toBeUndefined(); // seen: ask the object
    expect(admitFirstCall(env, name, RULE, now + 61_000, defer)).toMatchObject({ allowed: true }); // its window has passed
    expect(admitFirstCall(env, "rate:addr:first-call-no-defer", RULE, now, undefined)).toBeUndefined();
    expect(admitFirstCall(env, "rate:addr:first-call-limit-1", { limit: 1, windowSeconds: 60 }, now, defer)).toBeUndefined();
    expect(later.length).toBeGreaterThan(0);
  });

  it("is counted: the next call of the same reader is told what remains after both", async () => {
    const first = await call("198.51.100.201");
    const second = await call("198.51.100.201");
    expect([first, second]).toEqual([
      { status: 200, remaining: 59 },
      { status: 200, remaining: 58 },
    ]);
  });

  it("reaches the counter's object even when the reader never calls again", async () => {
    expect(await call("198.51.100.202")).toEqual({ status: 200, remaining: 59 });
    // The background send waits a few milliseconds for company; then the object holds the call.
    let remaining = 60;
    for (let i = 0; i < 40 && remaining !== 58; i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (i % 4 === 3) remaining = await objectRemaining("198.51.100.202");
    }
    expect(remaining).toBe(58);
  });

  it("passes at most one call more per isolate than the limit: a reader who used it up through another isolate", async () => {
    const address = "198.51.100.205";
    const check = anonymousLimit(addressBucket(address), RULE.limit);
    // Another isolate's 60 calls, straight at the counter's object.
    for (let i = 0; i < RULE.limit; i++) await limiterObject(env, check.counter).takeFor(check.counter, RULE, Date.now(), 1);
    const answers = [await call(address), await call(address)];
    expect(answers.map((a) => a.status)).toEqual([200, 429]);
  });

  it("keeps the limit exact in a burst through one isolate: of 63 calls at once, 60 pass", async () => {
    const answers = await Promise.all(Array.from({ length: 63 }, () => call("198.51.100.204")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(60);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
  });

  it("keeps the limit exact through one isolate: 60 calls pass, the 61st is refused", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await call("198.51.100.203")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });
});
