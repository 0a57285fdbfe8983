// Hostile calls to /mcp in one place: another member's private item, a key that should widen nothing, oversized
// and batched input. Each answer is the protocol's own refusal, bounded, and tells nothing a stranger may not know.
import { exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS, ORIGIN, SAMPLE_IDS } from "../helpers/app";
import { call, callError, connectV1, MCP_URL, type McpTestClient } from "../helpers/mcp";
import { seedMcpFixture } from "../helpers/mcp-fixture";
import { MAX_MCP_BODY_BYTES } from "../../src/mcp/transport/rpc-body";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** A document id no row has ever held. */
const NEVER_USED = "01JZZZZZZZZZZZZZZZZZZZZZZZ";
const HIDDEN_DOCUMENTS = [SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.processing, SAMPLE_IDS.takedown];
const LEAKS = /SQLITE|D1_|drizzle|at .+\.(ts|js):\d+|TypeError|stack/i;

let anonymous: McpTestClient;

beforeAll(async () => {
  await seedMcpFixture();
  anonymous = await connectV1();
});
afterAll(() => anonymous.close());

function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(
    new Request(MCP_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body,
    }),
  );
}

const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

describe("another member's private item", () => {
  it("a private, shared, processing or taken-down document answers word for word as an id never used", async () => {
    const missing = await callError(anonymous, "get_document", { document: NEVER_USED });
    const missingByAddress = await callError(anonymous, "get_document", { document: `${ORIGIN}/en/library/${NEVER_USED}/any-title` });
    for (const id of HIDDEN_DOCUMENTS) {
      const text = await callError(anonymous, "get_document", { document: id });
      expect(text.replaceAll(id, NEVER_USED), id).toBe(missing);
      // Through its page address too (in the address's language).
      const byAddress = await callError(anonymous, "get_document", { document: `${ORIGIN}/en/library/${id}/any-title` });
      expect(byAddress.replaceAll(id, NEVER_USED)).toBe(missingByAddress);
    }
  });

  it("a key sent with the calls, even its owner's or an admin's, widens nothing: MCP reads as an anonymous visitor", async () => {
    for (const key of [KEYS.aliceRead, KEYS.carolAdmin]) {
      const client = new ClientV1({ name: "keyed", version: "1" });
      await client.connect(
        new TransportV1(new URL(MCP_URL), {
          fetch: (url, init) => exports.default.fetch(new Request(url, init)),
          requestInit: { headers: { Authorization: `Bearer ${key}` } },
        }),
      );
      const text = await callError(client, "get_document", { document: SAMPLE_IDS.alicePrivate });
      expect(text).toMatch(/(No document|Documento) .* (is|no está) visible/);
      const files = await call(client, "list_recent", { kind: "files", limit: 25 });
      const listed = files.structuredContent.files.map((d: { id: string }) => d.id);
      for (const id of HIDDEN_DOCUMENTS) expect(listed, `${key} ${id}`).not.toContain(id);
      await client.close();
    }
  });
});

describe("oversized and batched input", () => {
  it("a body one byte past the bound is a 413 problem, and the call in it never runs", async () => {
    const call = toolCall(1, "search", { q: "power" });
    const padding = MAX_MCP_BODY_BYTES + 1 - JSON.stringify({ ...call, pad: "" }).length;
    const res = await post(JSON.stringify({ ...call, pad: "x".repeat(padding) }), { "MCP-Protocol-Version": "2025-11-25" });
    expect(res.status).toBe(413);
    const body = await res.text();
    expect(body).toContain("payload-too-large");
    expect(body).not.toMatch(LEAKS);
    expect(body).not.toContain("structuredContent");
  });

  it("an argument past its bound is refused as invalid input, naming the argument, before any read", async () => {
    const text = await callError(anonymous, "get_document", { document: "x".repeat(2001) });
    expect(text).toMatch(/document/);
    expect(text).toMatch(/2000/);
  });

  it("a JSON-RPC batch under a protocol that removed batches is one 400 error; none of its calls is served", async () => {
    const batch = [toolCall(1, "search", { q: "power" }), toolCall(2, "get_document", { document: SAMPLE_IDS.publicSchematic })];
    const res = await post(JSON.stringify(batch), { "MCP-Protocol-Version": "2025-11-25" });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { id: null; error: { code: number; message: string } };
    expect(answer.error.code).toBe(-32600);
    expect(answer.error.message).toMatch(/batches are not part of MCP/);
    expect(JSON.stringify(answer)).not.toContain(SAMPLE_IDS.publicSchematic);
  });
});
