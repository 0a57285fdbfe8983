// The limit of /mcp: every tool call is one request against the caller's address (the API's anonymous
// counter), however many arrive in one HTTP request, so a JSON-RPC batch cannot multiply the limit.
// Counted before anything is served; a request that would pass the limit is refused whole (429).
import type { Context } from "hono";
import type { AppEnv } from "../http/context";
import { inspectRpcBody, readBoundedBody } from "../mcp/rpc-body";
import { anonymousCheck, enforceLimit } from "./rate-limit";

type Ctx = Context<AppEnv>;

/** What to hand to the MCP transport: the request to serve, or the answer already decided. */
export type McpAdmission = { serve: Request } | { answer: Response };

async function count(c: Ctx, cost: number): Promise<void> {
  const check = anonymousCheck(c);
  const detail = check.detail;
  await enforceLimit(c, {
    ...check,
    cost,
    detail: cost > 1 ? (d) => `${detail(d)} This request carries ${cost} tool calls; each counts as one request.` : detail,
  });
}

/**
 * Counts the request (its tool calls, at least one) and returns it re-readable for the transport. Throws
 * 413 past the body bound and 429 over the limit; answers a batch under a batch-less protocol with a
 * JSON-RPC "Invalid Request" (counted as one request, nothing served).
 */
export async function admitMcpRequest(c: Ctx): Promise<McpAdmission> {
  const request = c.req.raw;
  if (request.method === "OPTIONS") return { serve: request }; // CORS preflights are not limited anywhere
  if (request.method !== "POST") {
    await count(c, 1);
    return { serve: request };
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBoundedBody(request);
  } catch (err) {
    await count(c, 1); // a refused body is still one request of this caller
    throw err;
  }
  const shape = inspectRpcBody(new TextDecoder().decode(bytes), request.headers.get("MCP-Protocol-Version") ?? undefined);
  if (shape.batchRefusal) {
    await count(c, 1);
    return { answer: Response.json({ jsonrpc: "2.0", id: null, error: { code: -32600, message: shape.batchRefusal } }, { status: 400 }) };
  }
  await count(c, Math.max(1, shape.toolCalls));
  const headers = new Headers(request.headers);
  headers.delete("Content-Length");
  return { serve: new Request(request.url, { method: "POST", headers, body: bytes }) };
}
