// Structured logs: a request line when the platform's own record is not enough (test/tight-limits/refusal-log.test.ts
// has a refusal's line), one line per queue message, with no key or secret in any line.
import { exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logReason } from "../src/http/access-log";
import { ORIGIN, SAMPLE_IDS, seedSample } from "./helpers/app";
import { runQueue } from "./helpers/uploads";

beforeAll(seedSample);
afterEach(() => vi.restoreAllMocks());

/** Every console line written while `work` runs, parsed when it is JSON. */
async function captureLogs(work: () => Promise<unknown>): Promise<{ raw: string[]; json: Record<string, unknown>[] }> {
  const raw: string[] = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void raw.push(args.map(String).join(" ")));
  }
  await work();
  const json = raw.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
  return { raw, json };
}

describe("request log", () => {
  // The test run has LOG_SAMPLE_RATE=0 (vitest.config.ts): no ordinary request is sampled here.
  it("an ordinary answer, a client error or an unknown path writes no line: Workers Logs records them", async () => {
    const { json } = await captureLogs(async () => {
      for (const path of [
        "/api/v1/documents?per_page=0",
        "/api/v1/nothing-here",
        "/en",
        "/healthz",
        `/api/v1/documents/${SAMPLE_IDS.publicSchematic}`,
      ]) {
        await (await exports.default.fetch(new Request(`${ORIGIN}${path}`))).text();
      }
    });
    expect(json.filter((l) => l.type === "request")).toEqual([]);
  });

  it("server errors, refusals and slow requests are always logged; the rest by sample", () => {
    const policy = { slowMs: 1000, sampleRate: 0.01 };
    const never = () => 0.5;
    expect(logReason(500, 3, policy, never)).toBe("error");
    expect(logReason(503, 3, policy, never)).toBe("error");
    expect(logReason(429, 3, policy, never)).toBe("refused");
    expect(logReason(200, 1000, policy, never)).toBe("slow");
    expect(logReason(200, 999, policy, never)).toBeUndefined();
    expect(logReason(404, 3, policy, never)).toBeUndefined();
    expect(logReason(200, 3, policy, () => 0.005)).toBe("sample");
    expect(logReason(200, 3, { slowMs: 1000, sampleRate: 0 }, () => 0)).toBeUndefined();
  });
});

describe("queue log", () => {
  it("one line per message with its outcome", async () => {
    let ids: string[] = [];
    const { json } = await captureLogs(async () => {
      const { batch } = await runQueue([{ nonsense: true }, { documentId: "01JZZZZZZZZZZZZZZZZZZZZZZZ", version: 1 }]);
      ids = batch.messages.map((m) => m.id);
    });
    const lines = json.filter((l) => l.type === "queue-message");
    expect(lines.map((l) => [l.message_id, l.outcome, l.attempts])).toEqual([
      [ids[0], "retry", 1],
      [ids[1], "ack", 1],
    ]);
    expect(lines.every((l) => l.queue === "board-docs-uploads" && typeof l.duration_ms === "number")).toBe(true);
  });
});
