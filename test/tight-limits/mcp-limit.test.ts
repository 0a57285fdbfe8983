// /mcp with the assistants' own budget of 15 a minute beside an anonymous API limit of 10 (this file's settings, TIGHT_LIMITS):
// the API's limit never locks an assistant out; every tool call counts, however many arrive in one HTTP
// request; an over-budget call is a tool error naming the retry time on a connection that keeps working;
// batches are refused where the protocol removed them or where they could never fit; bodies are bounded.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_MCP_BODY_BYTES } from "../../src/mcp/transport/rpc-body";
import { api, expectProblem } from "../helpers/app";
import { connectV2, MCP_URL, type ToolResult } from "../helpers/mcp";
import { seedMcpFixture } from "../helpers/mcp-fixture";
import { hourApartEachTest } from "../helpers/clock";
import { callWorker, TIGHT_LIMITS, useSettings } from "../helpers/settings";

useSettings(TIGHT_LIMITS);
beforeAll(seedMcpFixture);

const clock = hourApartEachTest(Date.UTC(2031, 0, 1));

const BUDGET = 15;
const API_LIMIT = 10;

const toolCall = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_recent", arguments: { kind: "threads" } } });

function post(address: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  return callWorker(
    new Request(MCP_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "CF-Connecting-IP": address, ...headers },
      body,
    }),
  );
}

/** The JSON-RPC messages of an answer, whether sent as JSON or as server-sent events. */
async function messages(res: Response): Promise<{ id?: number; result?: ToolResult; error?: { code: number; message: string } }[]> {
  const text = await res.text();
  if (res.headers.get("Content-Type")?.startsWith("text/event-stream")) {
    return text
      .split("\n")
      .filter((l) => l.startsWith("data: ") && l.length > 6)
      .map((l) => JSON.parse(l.slice(6)));
  }
  const parsed = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : [parsed];
}

const served = (answers: Awaited<ReturnType<typeof messages>>) => answers.filter((m) => m.result && !m.result.isError).length;
const overBudget = (answers: Awaited<ReturnType<typeof messages>>) =>
  answers.filter((m) => m.result?.isError && /(Retry in \d+ seconds?|Reintenta en \d+ segundos?)/.test(m.result.content[0].text)).length;

describe("the assistants' own budget", () => {
  it("the over-budget message is in the reader's language: lang, else Accept-Language", async () => {
    const address = "198.51.100.66";
    const spend = await Promise.all(Array.from({ length: BUDGET }, (_, i) => post(address, JSON.stringify(toolCall(i + 1)))));
    await Promise.all(spend.map((r) => r.text()));
    const call = (args: Record<string, unknown>, headers: Record<string, string> = {}) =>
      post(address, JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tools/call", params: { name: "list_recent", arguments: args } }), headers).then(
        messages,
      );
    const [spanish] = await call({ kind: "threads", lang: "es" }, { "Accept-Language": "en" });
    expect(spanish.result?.content[0].text).toMatch(/^Esta dirección ha usado sus 15 llamadas .* Reintenta en \d+ segundos?\./);
    const [byHeader] = await call({ kind: "threads" }, { "Accept-Language": "es-ES" });
    expect(byHeader.result?.content[0].text).toMatch(/^Esta dirección ha usado/);
    const [english] = await call({ kind: "threads" }, { "Accept-Language": "en" });
    expect(english.result?.content[0].text).toMatch(/^This address has used its 15 MCP tool calls/);
  });

  it("with the API's limit spent, an assistant connects and calls tools; its own budget ends in a tool error naming the retry time", async () => {
    const address = "198.51.100.60";
    for (let i = 0; i < API_LIMIT; i++) expect((await api("/forum/categories", { headers: { "CF-Connecting-IP": address } })).status).toBe(200);
    await expectProblem(await api("/forum/categories", { headers: { "CF-Connecting-IP": address } }), 429, "rate-limited");

    const client = await connectV2("legacy", address);
    for (let i = 0; i < BUDGET; i++) {
      const result = (await client.callTool({ name: "list_recent", arguments: { kind: "threads" } })) as ToolResult;
      expect(result.isError, `call ${i + 1}`).toBeFalsy();
    }
    const refused = (await client.callTool({ name: "get_board", arguments: { board: "820-00165", lang: "en" } })) as ToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/used its 15 MCP tool calls and resource reads for this minute\. Retry in (\d+) seconds?\./);
    const seconds = Number(/Retry in (\d+)/.exec(refused.content[0].text)![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);

    // A resource read is refused the same way, as a JSON-RPC error with the retry time.
    const readRefused = await client
      .readResource({ uri: "bds://board/820-00165?lang=en" })
      .catch((error: { code: number; message: string; data?: unknown }) => error);
    expect(readRefused).toMatchObject({ code: -32000, data: { retryAfterSeconds: expect.any(Number) } });
    expect((readRefused as { message: string }).message).toMatch(/Retry in \d+ seconds?/);

    // The connection keeps working: listings, completions and ping are never refused, and after the retry time calls answer again.
    expect((await client.listTools()).tools).toHaveLength(7);
    expect((await client.listResourceTemplates()).resourceTemplates).toHaveLength(6);
    const completion = await client.complete({
      ref: { type: "ref/resource", uri: "bds://board/{number}{?page,lang}" },
      argument: { name: "number", value: "820" },
    });
    expect(completion.completion.values).toEqual(["820-00165"]);
    await client.ping();
    vi.setSystemTime(clock.now() + seconds * 1000);
    const again = (await client.callTool({ name: "get_board", arguments: { board: "820-00165" } })) as ToolResult;
    expect(again.isError, again.content[0].text).toBeFalsy();
    await client.close();
  });

  it("requests that read nothing are never counted: 40 tools/list and pings from a spent address all answer", async () => {
    const address = "198.51.100.61";
    const batch = JSON.stringify(Array.from({ length: BUDGET }, (_, i) => toolCall(i + 1)));
    expect(served(await messages(await post(address, batch, { "MCP-Protocol-Version": "2025-03-26" })))).toBe(BUDGET);
    for (let i = 0; i < 20; i++) {
      const list = await post(address, JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/list" }), { "MCP-Protocol-Version": "2025-11-25" });
      expect(list.status).toBe(200);
      expect((await messages(list))[0].result).toHaveProperty("tools");
      const ping = await post(address, JSON.stringify({ jsonrpc: "2.0", id: i, method: "ping" }), { "MCP-Protocol-Version": "2025-11-25" });
      expect(ping.status).toBe(200);
      await ping.arrayBuffer();
    }
  });
});

describe("every tool call counts", () => {
  it("a batch of 4 under 2025-03-26 is served and costs 4; a batch over what is left is answered with tool errors, all of it", async () => {
    const address = "198.51.100.71";
    const res = await post(address, JSON.stringify([1, 2, 3, 4].map(toolCall)), { "MCP-Protocol-Version": "2025-03-26" });
    expect(res.status).toBe(200);
    expect(served(await messages(res))).toBe(4);
    expect(res.headers.get("X-RateLimit-Remaining")).toBe(String(BUDGET - 4));
    expect(res.headers.get("RateLimit-Policy")).toBe(`"mcp";q=${BUDGET};w=60`);
    // 11 left: a batch of 12 is refused whole (each call a tool error saying so), a batch of 11 is served.
    const twelve = await post(address, JSON.stringify(Array.from({ length: 12 }, (_, i) => toolCall(i + 1))), {
      "MCP-Protocol-Version": "2025-03-26",
    });
    expect(twelve.status).toBe(200);
    const refused = await messages(twelve);
    expect(overBudget(refused)).toBe(12);
    // No lang and no Accept-Language: the site's default (es).
    expect(refused[0].result!.content[0].text).toMatch(/llevaba 12; se han rechazado juntas/);
    const eleven = await post(address, JSON.stringify(Array.from({ length: 11 }, (_, i) => toolCall(i + 1))), {
      "MCP-Protocol-Version": "2025-03-26",
    });
    expect(served(await messages(eleven))).toBe(11);
    expect(overBudget(await messages(await post(address, JSON.stringify(toolCall(1)))))).toBe(1);
  });

  it("a malformed call inside an allowed batch is -32602 in one sentence, like alone, and costs nothing; the rest is served", async () => {
    const address = "198.51.100.75";
    const malformed = { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: ["search"] } };
    const res = await post(address, JSON.stringify([toolCall(1), malformed, toolCall(2)]), { "MCP-Protocol-Version": "2025-03-26" });
    expect(res.status).toBe(200);
    const answers = await messages(res);
    expect(served(answers)).toBe(2);
    const refused = answers.find((m) => m.id === 9);
    expect(refused?.error).toEqual({ code: -32602, message: "Invalid params for tools/call: params.name: expected string, received array." });
    expect(res.headers.get("X-RateLimit-Remaining")).toBe(String(BUDGET - 2));
    // A batch of nothing but malformed calls is answered here, serving and costing nothing.
    const only = await post(address, JSON.stringify([malformed, { ...malformed, id: 10 }]), { "MCP-Protocol-Version": "2025-03-26" });
    expect(only.status).toBe(200);
    expect((await messages(only)).map((m) => [m.id, m.error?.code])).toEqual([
      [9, -32602],
      [10, -32602],
    ]);
    const single = await post(address, JSON.stringify(toolCall(3)));
    expect(single.headers.get("X-RateLimit-Remaining")).toBe(String(BUDGET - 3));
    await single.arrayBuffer();
  });

  it("20 parallel tool calls against a budget of 15 (counted while served): exactly 15 results, 5 tool errors", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post("198.51.100.72", JSON.stringify(toolCall(i + 1)), { "MCP-Protocol-Version": "2025-06-18" })),
    );
    const all = (await Promise.all(answers.map(messages))).flat();
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(served(all)).toBe(BUDGET);
    expect(overBudget(all)).toBe(20 - BUDGET);
  });
});

describe("batches and body size", () => {
  it("a batch larger than the whole budget is refused at once: 413, headers that agree, a message that it can never fit", async () => {
    const batch = JSON.stringify(Array.from({ length: 30 }, (_, i) => toolCall(i + 1)));
    const res = await post("198.51.100.70", batch, { "MCP-Protocol-Version": "2025-03-26" });
    const text = await res.text();
    expect(res.status).toBe(413);
    expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    expect(JSON.parse(text).detail).toMatch(
      /lleva 30 llamadas a herramientas y lecturas de recursos; una dirección puede hacer como mucho 15 por minuto, así que nunca se podrá atender/,
    );
    expect(res.headers.get("RateLimit-Policy")).toBe(`"mcp";q=${BUDGET};w=60`);
    // Nothing was counted and nothing is promised about a retry.
    for (const header of ["Retry-After", "RateLimit", "X-RateLimit-Remaining"]) expect(res.headers.get(header), header).toBeNull();
    expect(text).not.toContain('"result"');
    const single = await post("198.51.100.70", JSON.stringify(toolCall(1)));
    expect(single.headers.get("X-RateLimit-Remaining")).toBe(String(BUDGET - 1));
    await single.arrayBuffer();
  });

  it("refuses a batch under protocol 2025-06-18 and later (header or initialize) without serving it", async () => {
    for (const [body, headers] of [
      [[toolCall(1), toolCall(2)], { "MCP-Protocol-Version": "2025-06-18" }],
      [[toolCall(1)], { "MCP-Protocol-Version": "2025-11-25" }],
      [
        [
          {
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
          },
          toolCall(2),
        ],
        {},
      ],
    ] as const) {
      const res = await post("198.51.100.73", JSON.stringify(body), headers);
      const answer = (await res.json()) as { error?: { code: number; message: string } };
      expect(res.status).toBe(400);
      expect(answer.error?.code).toBe(-32600);
      expect(answer.error?.message).toMatch(/batch/i);
    }
  });

  it("answers a body over 64 KiB with a 413 problem, declared or streamed", async () => {
    const big = JSON.stringify({ ...toolCall(1), params: { name: "search", arguments: { q: "x".repeat(MAX_MCP_BODY_BYTES) } } });
    const declared = await post("198.51.100.74", big);
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
    const res = await post("198.51.100.74", streamed);
    expect(res.status).toBe(413);
    await res.arrayBuffer();
  });
});
