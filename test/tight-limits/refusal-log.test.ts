// A refused request (429) is always logged, with the request id the caller saw and never the key it sent:
// ANON_RATE_PER_MINUTE = 10 in this file's settings, and a key that is not usable counts against the address.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { KEYS, ORIGIN, seedSample } from "../helpers/app";
import { callWorker, TIGHT_LIMITS, useSettings } from "../helpers/settings";

useSettings(TIGHT_LIMITS);
beforeAll(seedSample);
afterEach(() => vi.restoreAllMocks());

describe("refusal log", () => {
  it("every 429 writes one line with its request id; no line holds the key", async () => {
    const raw: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void raw.push(args.map(String).join(" ")));
    const refused: string[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await callWorker(
        new Request(`${ORIGIN}/api/v1/documents`, {
          headers: { "CF-Connecting-IP": "203.0.113.77", Authorization: `Bearer ${KEYS.bobRevoked}`, "X-Request-Id": `refusal-log-${i}0000` },
        }),
      );
      await res.arrayBuffer();
      if (res.status === 429) refused.push(res.headers.get("X-Request-Id") ?? "");
    }
    expect(refused.length).toBeGreaterThan(0);
    const lines = raw.flatMap((line) => (line.startsWith('{"type":"request"') ? [JSON.parse(line) as Record<string, unknown>] : []));
    expect(lines.filter((l) => l.reason === "refused").map((l) => l.request_id)).toEqual(refused);
    expect(lines.every((l) => l.status === 429)).toBe(true);
    const text = raw.join("\n");
    for (const secret of [KEYS.bobRevoked, "Bearer"]) expect(text).not.toContain(secret);
  });
});
