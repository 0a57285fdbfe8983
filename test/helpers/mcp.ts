// Real MCP clients talking to the Worker over HTTP: the transport's fetch is the Worker's own fetch handler.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { exports } from "cloudflare:workers";
import { ORIGIN } from "./app";

export const MCP_URL = `${ORIGIN}/mcp`;

/** Every HTTP exchange the clients made, so tests can look at status and headers. */
export const exchanges: { request: Request; response: Response }[] = [];

function workerFetch(url: string | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(url, init);
  return exports.default.fetch(request.clone()).then((response) => {
    exchanges.push({ request, response: response.clone() });
    return response;
  });
}

export async function connectV1(): Promise<ClientV1> {
  const client = new ClientV1({ name: "test-client-v1", version: "1.0.0" });
  await client.connect(new TransportV1(new URL(MCP_URL), { fetch: workerFetch }));
  return client;
}

export async function connectV2(): Promise<ClientV2> {
  const client = new ClientV2({ name: "test-client-v2", version: "2.0.0" });
  await client.connect(new TransportV2(new URL(MCP_URL), { fetch: workerFetch }));
  return client;
}
