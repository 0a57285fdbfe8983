// /mcp under an anonymous limit of 10 a minute (this project's vars): every tool call counts, however many
// arrive in one HTTP request; batches are refused where the protocol removed them; bodies are bounded.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_MCP_BODY_BYTES } from "../../src/mcp/rpc-body";
import { connectV1, exchanges, MCP_URL } from "../helpers/mcp";
import { seedMcpFixture } from "../helpers/mcp-fixture";
import { hourApartEachTest } from "../helpers/clock";

beforeAll(seedMcpFixture);

hourApartEachTest(Date.UTC(2031, 0, 1));

const toolCall = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_recent", arguments: { kind: "threads" } } });

function post(address: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(
    new Request(MCP_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "CF-Connecting-IP": address, ...headers },
      body,
    }),
  );
}

/** Tool results in an answer (JSON or server-sent events). */
function servedResults(text: string): number {
  return (text.match(/"result":\{"content"/g) ?? []).length;
}

describe("every tool call counts", () => {
  it("a batch of 30 tool calls against a limit of 10 serves none of them: 429 with Retry-After", async () => {
    const batch = JSON.stringify(Array.from({ length: 30 }, (_, i) => toolCall(i + 1)));
    const res = await post("198.51.100.70", batch, { "MCP-Protocol-Version": "2025-03-26" });
    const text = await res.text();
    expect(res.status).toBe(429);
    expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    expect(res.headers.get("Retry-After")).toBeTruthy();
    expect(JSON.parse(text).detail).toMatch(/30 tool calls/);
    expect(servedResults(text)).toBe(0);
  });

  it("a batch of 4 under 2025-03-26 is served and costs 4 of the 10", async () => {
    const res = await post("198.51.100.71", JSON.stringify([1, 2, 3, 4].map(toolCall)), { "MCP-Protocol-Version": "2025-03-26" });
    expect(res.status).toBe(200);
    expect(servedResults(await res.text())).toBe(4);
    expect(res.headers.get("X-RateLimit-Remaining")).toBe("6");
    // 6 left: a batch of 7 is refused whole, a batch of 6 is served.
    const seven = await post("198.51.100.71", JSON.stringify([1, 2, 3, 4, 5, 6, 7].map(toolCall)), { "MCP-Protocol-Version": "2025-03-26" });
    expect(seven.status).toBe(429);
    await seven.arrayBuffer();
    const six = await post("198.51.100.71", JSON.stringify([1, 2, 3, 4, 5, 6].map(toolCall)), { "MCP-Protocol-Version": "2025-03-26" });
    expect(servedResults(await six.text())).toBe(6);
    expect((await post("198.51.100.71", JSON.stringify(toolCall(1)))).status).toBe(429);
  });

  it("20 parallel tool calls against a limit of 10 (counted while served): exactly 10 results, 10 refusals with none", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post("198.51.100.72", JSON.stringify(toolCall(i + 1)), { "MCP-Protocol-Version": "2025-06-18" })));
    const texts = await Promise.all(answers.map((r) => r.text()));
    const served = answers.flatMap((r, i) => (r.status === 200 ? [texts[i]] : []));
    const refused = answers.flatMap((r, i) => (r.status === 429 ? [texts[i]] : []));
    expect(served).toHaveLength(10);
    expect(served.every((t) => servedResults(t) === 1)).toBe(true);
    expect(refused).toHaveLength(10);
    for (const text of refused) {
      expect(servedResults(text)).toBe(0);
      expect(JSON.parse(text).type).toMatch(/rate-limited$/);
    }
  });

  it("a real client gets exactly as many requests as the limit, its tool calls included", async () => {
    const before = exchanges.length;
    const client = await connectV1(); // initialize, the initialized notification, its attempt at a GET stream
    let served = 0;
    for (let i = 0; i < 12; i++) {
      try {
        await client.callTool({ name: "list_recent", arguments: { kind: "threads" } });
        served++;
      } catch {
        break;
      }
    }
    // Every HTTP request the client made counted once and every tool call was one of them: exactly 10 answered.
    const answered = exchanges.slice(before).filter((e) => e.response.status !== 429);
    expect(answered).toHaveLength(10);
    const bodies = await Promise.all(answered.map((e) => e.request.clone().text()));
    expect(bodies.filter((b) => b.includes('"tools/call"'))).toHaveLength(served);
    expect(served).toBeGreaterThanOrEqual(5);
    await client.close();
  });
});

describe("batches and body size", () => {
  it("refuses a batch under protocol 2025-06-18 and later (header or initialize) without serving it", async () => {
    for (const [body, headers] of [
      [[toolCall(1), toolCall(2)], { "MCP-Protocol-Version": "2025-06-18" }],
      [[toolCall(1)], { "MCP-Protocol-Version": "2025-11-25" }],
      [[{ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }, toolCall(2)], {}],
    ] as const) {
      const res = await post("198.51.100.72", JSON.stringify(body), headers);
      const answer = (await res.json()) as { error?: { code: number; message: string } };
      expect(res.status).toBe(400);
      expect(answer.error?.code).toBe(-32600);
      expect(answer.error?.message).toMatch(/batch/i);
    }
  });

  it("answers a body over 64 KiB with a 413 problem, declared or streamed", async () => {
    const big = JSON.stringify({ ...toolCall(1), params: { name: "search", arguments: { q: "x".repeat(MAX_MCP_BODY_BYTES) } } });
    const declared = await post("198.51.100.73", big);
    expect(declared.status).toBe(413);
    expect(declared.headers.get("Content-Type")).toBe("application/problem+json");
    expect(((await declared.json()) as { detail: string }).detail).toMatch(/65536 bytes/);
    const bytes = new TextEncoder().encode(big);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.slice(at, at + 8192));
        controller.close();
      },
    });
    const res = await post("198.51.100.73", streamed);
    expect(res.status).toBe(413);
    await res.arrayBuffer();
  });
});
