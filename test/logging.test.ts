// Structured logs: one JSON line per request and per queue message, with no key or secret in any line.
import { exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "./helpers/app";
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
  it("one line per request: request id, route, status, duration", async () => {
    const { json } = await captureLogs(async () => {
      const res = await api(`/documents/${SAMPLE_IDS.publicSchematic}`, { headers: { "X-Request-Id": "log-test-request-1" } });
      await res.text();
    });
    // Only this request's lines (the contract check of the test helper fetches /openapi.json beside it).
    const lines = json.filter((l) => l.type === "request" && l.request_id === "log-test-request-1");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ request_id: "log-test-request-1", method: "GET", route: "/api/v1/documents/:document", status: 200 });
    expect(lines[0].duration_ms).toEqual(expect.any(Number));
  });

  it("errors are logged with their status, pages and unknown paths too", async () => {
    const { json } = await captureLogs(async () => {
      for (const path of ["/api/v1/documents?per_page=0", "/api/v1/nothing-here", "/en", "/healthz"]) {
        await (await exports.default.fetch(new Request(`${ORIGIN}${path}`))).text();
      }
    });
    expect(json.filter((l) => l.type === "request").map((l) => [l.path, l.status])).toEqual([
      ["/api/v1/documents", 422],
      ["/api/v1/nothing-here", 404],
      ["/en", 200],
      ["/healthz", 200],
    ]);
  });

  it("never writes a key, a download signature or the signing secret", async () => {
    const { raw } = await captureLogs(async () => {
      const link = await api(`/documents/${SAMPLE_IDS.publicSchematic}/download`, { key: KEYS.aliceRead });
      const { data } = (await link.json()) as { data: { url: string } };
      await (await exports.default.fetch(new Request(data.url))).arrayBuffer();
      await (await api("/me", { key: KEYS.bobRevoked })).text();
      await (await api("/me", { key: "bds_notAKeyAtAll" })).text();
    });
    const text = raw.join("\n");
    expect(text).toContain('"type":"request"');
    for (const secret of [KEYS.aliceRead, KEYS.bobRevoked, "bds_notAKeyAtAll", "signature=", "test-signing-key-not-secret", "Bearer"]) {
      expect(text).not.toContain(secret);
    }
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
