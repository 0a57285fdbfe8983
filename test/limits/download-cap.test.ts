// The per-account download cap (this file's settings: 3 per rolling 24 h, keyed rate 10/min).
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "../../src/auth/keys";
import { api, expectProblem, getJson, KEYS, SAMPLE_IDS, seedSample } from "../helpers/app";
import { SPEC_LIMITS, useSettings } from "../helpers/settings";

/** A second api:read key of bob's account. */
const BOB_SECOND = "bds_bobSecondRead0000000000000000008";

useSettings(SPEC_LIMITS);
beforeAll(async () => {
  await seedSample();
  await env.DB.prepare(
    "insert into api_keys (user_id, name, token_hash, display_prefix, scopes, created_at) select id, 'second', ?, 'bds_bobSec', '[\"api:read\"]', '2026-01-01T00:00:00Z' from users where username = 'bob'",
  )
    .bind(await sha256Hex(BOB_SECOND))
    .run();
});

let start = Date.UTC(2030, 0, 1);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  start += 7 * 86_400_000; // every test in a fresh window
  vi.setSystemTime(start);
});
afterEach(() => vi.useRealTimers());

const HOUR = 3_600_000;
const download = (key: string, id: string = SAMPLE_IDS.publicSchematic) => api(`/documents/${id}/download`, { key });
const downloads = async () => (await getJson(`/documents/${SAMPLE_IDS.publicSchematic}`)).body.data.downloads as number;

describe("download cap per account per rolling 24 h", () => {
  it("two keys of one account share it; 429 download-cap-reached until the oldest download leaves the window", async () => {
    const before = await downloads();
    for (const [offset, key, left] of [
      [0, KEYS.bob, 2],
      [1, BOB_SECOND, 1],
      [2, KEYS.bob, 0],
    ] as const) {
      vi.setSystemTime(start + offset * HOUR);
      const res = await download(key);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(res.headers.get("RateLimit-Policy")).toBe('"key";q=10;w=60, "downloads";q=3;w=86400');
      expect(res.headers.get("RateLimit")).toMatch(new RegExp(`"downloads";r=${left};t=\\d+$`));
    }
    vi.setSystemTime(start + 3 * HOUR);
    const refused = await download(BOB_SECOND);
    const body = await expectProblem(refused, 429, "download-cap-reached");
    expect(body.detail).toMatch(/límite de 3 descargas cada 24 horas/);
    expect(refused.headers.get("Retry-After")).toBe(String(21 * 3600)); // the first download leaves at start + 24 h
    expect(refused.headers.get("X-RateLimit-Limit")).toBe("3");
    expect(refused.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(refused.headers.get("RateLimit")).toBe(`"key";r=9;t=60, "downloads";r=0;t=${23 * 3600}`);
    expect(await downloads()).toBe(before + 3); // a refused download is not counted

    // Another account is not affected.
    const alice = await download(KEYS.aliceRead);
    expect(alice.status).toBe(200);
    await alice.arrayBuffer();

    vi.setSystemTime(start + 24 * HOUR - 1000);
    await expectProblem(await download(KEYS.bob), 429, "download-cap-reached");
    vi.setSystemTime(start + 24 * HOUR + 1);
    const again = await download(KEYS.bob);
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });

  it("a refused download (409, 404) does not use up the cap", async () => {
    await expectProblem(await download(KEYS.bob, SAMPLE_IDS.processing), 409, "not-available");
    await expectProblem(await download(KEYS.bob, SAMPLE_IDS.alicePrivate), 404, "not-found");
    const res = await download(KEYS.bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("RateLimit")).toMatch(/"downloads";r=2;/);
    await res.arrayBuffer();
  });

  it("a download the key's rate refuses counts nothing: its handler waits for the rate's decision", async () => {
    // download.ts declares countsOwnLimit in apiRoute: without it the handler would run beside the rate check,
    // counting the cap and the download of a call that is then answered 429.
    const before = await downloads();
    for (let i = 0; i < 10; i++) expect((await api("/me", { key: KEYS.bob })).status).toBe(200);
    const refused = await download(KEYS.bob);
    await expectProblem(refused, 429, "rate-limited");
    expect(refused.headers.get("RateLimit-Policy")).toBe('"key";q=10;w=60');
    expect(await downloads()).toBe(before);
    vi.setSystemTime(start + 61_000);
    const res = await download(KEYS.bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("RateLimit")).toMatch(/"downloads";r=2;/);
    await res.arrayBuffer();
    expect(await downloads()).toBe(before + 1);
  });

  it("parallel download calls never pass the cap", async () => {
    const before = await downloads();
    const responses = await Promise.all(Array.from({ length: 8 }, () => download(KEYS.carolAdmin)));
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(3);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await downloads()).toBe(before + 3);
  });
});
