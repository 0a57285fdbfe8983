// A refused call's 429 is in the reader's language: the limit's detail from the one message table
// (src/core/messages/limits.ts), Spanish throughout for a Spanish reader, English for an English one.
import { beforeAll, describe, expect, it } from "vitest";
import { limitMsg } from "../../src/core/messages/limits";
import { api, expectProblem, KEYS, seedSample } from "../helpers/app";
import { hourApartEachTest } from "../helpers/clock";
import { spanishOnly } from "../helpers/english";
import { SPEC_LIMITS, useSettings } from "../helpers/settings";

useSettings(SPEC_LIMITS);
beforeAll(seedSample);
hourApartEachTest(Date.UTC(2031, 0, 1));

async function spend(key: string, calls: number): Promise<void> {
  for (let i = 0; i < calls; i++) {
    const res = await api("/forum/categories", { key });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
}

describe("the 429 of a spent key rate", () => {
  it("is Spanish for a Spanish reader, with Content-Language es", async () => {
    await spend(KEYS.bob, 10);
    const res = await api("/forum/categories", { key: KEYS.bob, lang: "es-ES" });
    const body = await expectProblem(res, 429, "rate-limited");
    expect(res.headers.get("Content-Language")).toBe("es");
    const retry = Number(res.headers.get("Retry-After"));
    expect(body.detail).toBe(limitMsg.key({ limit: 10, retry }).es);
    for (const text of [body.title, body.detail]) expect(spanishOnly(text), text).toEqual([]);
  });

  it("is English for an English reader", async () => {
    await spend(KEYS.aliceRead, 10);
    const res = await api("/forum/categories", { key: KEYS.aliceRead, lang: "en" });
    const body = await expectProblem(res, 429, "rate-limited");
    expect(res.headers.get("Content-Language")).toBe("en");
    expect(body.detail).toBe(limitMsg.key({ limit: 10, retry: Number(res.headers.get("Retry-After")) }).en);
  });
});
