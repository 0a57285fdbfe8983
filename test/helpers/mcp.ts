// Real MCP clients talking to the Worker over HTTP: the transport's fetch is the Worker's own fetch handler.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";
import { ORIGIN } from "./app";
import { callWorker } from "./settings";
import { getBoardTool } from "../../src/mcp/tools/get-board";
import { getDocumentTool } from "../../src/mcp/tools/get-document";
import { getPostTool } from "../../src/mcp/tools/get-post";
import { getRepairCaseTool } from "../../src/mcp/tools/get-repair-case";
import { getThreadTool } from "../../src/mcp/tools/get-thread";
import { listRecentTool } from "../../src/mcp/tools/list-recent";
import { searchTool } from "../../src/mcp/tools/search";

export const MCP_URL = `${ORIGIN}/mcp`;

/** Every HTTP exchange the clients made, so tests can look at status and headers. */
export const exchanges: { request: Request; response: Response }[] = [];

/** The Worker's fetch as a client's transport uses it, from `address` (CF-Connecting-IP) when given. */
function workerFetch(address?: string) {
  return (url: string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(url, init);
    if (address) request.headers.set("CF-Connecting-IP", address);
    return callWorker(request.clone()).then((response) => {
      exchanges.push({ request, response: response.clone() });
      return response;
    });
  };
}

export async function connectV1(address?: string): Promise<ClientV1> {
  const client = new ClientV1({ name: "test-client-v1", version: "1.0.0" });
  await client.connect(new TransportV1(new URL(MCP_URL), { fetch: workerFetch(address) }));
  return client;
}

/** The v2 client on the 2025 lane (its default) or pinned to the 2026-07-28 per-request protocol. */
export async function connectV2(era: "legacy" | "modern" = "legacy", address?: string): Promise<ClientV2> {
  const client = new ClientV2(
    { name: "test-client-v2", version: "2.0.0" },
    era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  await client.connect(new TransportV2(new URL(MCP_URL), { fetch: workerFetch(address) }));
  return client;
}

/** The part of either client the tests use. */
export interface McpTestClient {
  listTools(): Promise<{ tools: { name: string; title?: string; description?: string; inputSchema: any; outputSchema?: any; annotations?: any }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

export interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string; uri?: string; name?: string; mimeType?: string }[];
  structuredContent?: any;
}

/** The bound of docs/mcp.md: no result (text, links and structuredContent together, as JSON) past 24 KiB. */
export const RESULT_BUDGET = 24 * 1024;

/** The largest result the tests saw, in bytes of JSON (reported in docs/mcp.md). */
export const largest = { bytes: 0, what: "" };

export function measure(what: string, value: unknown): number {
  const bytes = new TextEncoder().encode(JSON.stringify(value)).byteLength;
  if (bytes > largest.bytes) Object.assign(largest, { bytes, what });
  expect(bytes, `${what} size`).toBeLessThanOrEqual(RESULT_BUDGET);
  return bytes;
}

/** Each tool's structuredContent shape (not advertised in tools/list, see src/mcp/tool.ts). */
const OUTPUT_SCHEMAS = new Map(
  [searchTool, getThreadTool, getPostTool, getRepairCaseTool, getDocumentTool, getBoardTool, listRecentTool].map((t) => [t.name, t.output.strict()]),
);

/**
 * Calls a tool like a model's client would, then checks what every result must satisfy: one text block, the
 * size budget, and (on success) structuredContent valid against the tool's output schema with the usage note
 * stated once.
 */
export async function call(client: McpTestClient, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  // One text block, then (search, list_recent) one resource_link per item found.
  expect(result.content[0].type).toBe("text");
  expect(
    result.content.slice(1).every((c) => c.type === "resource_link" && /^bds:\/\/(thread|post|case|document|board)\/./.test(c.uri ?? "")),
    `${name} links`,
  ).toBe(true);
  measure(`${name} ${JSON.stringify(args)}`, result);
  if (result.isError) {
    expect(result.content[0].text.length).toBeGreaterThan(20);
    return result;
  }
  const validation = OUTPUT_SCHEMAS.get(name)!.safeParse(result.structuredContent);
  expect(validation.error?.issues ?? []).toEqual([]);
  expect(result.structuredContent.usage).toMatch(/cite.*url.*author.*may be wrong.*bulk download/i);
  expect(result.content[0].text.split("Usage: ").length - 1, "usage note once in the text").toBe(1);
  return result;
}

export async function callOk(client: McpTestClient, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  const result = await call(client, name, args);
  expect(result.isError, result.content[0].text).toBeFalsy();
  return result;
}

export async function callError(client: McpTestClient, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(client, name, args);
  expect(result.isError, `${name} ${JSON.stringify(args)} should fail`).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return result.content[0].text;
}
