// The limit of /mcp: every tool call is one request against the caller's address (the API's anonymous
// counter), however many arrive in one HTTP request, so a JSON-RPC batch cannot multiply the limit.
// A request that would pass the limit is refused whole (429). Tools only read, so a well-formed request is
// counted while it is served (serve-mcp: no round trip of its own) and its answer dropped if refused; the
// refusals the body check makes (413, a batch under a batch-less protocol) are counted before they are sent.
import type { Context } from "hono";
import type { AppEnv } from "../http/context";
import { inspectRpcBody, readBoundedBody } from "../mcp/rpc-body";
import { anonymousCheck, enforceRate, type LimitCheck } from "./rate-limit";

type Ctx = Context<AppEnv>;

/** What to hand to the MCP transport: the request to serve and the check to count it by (none for a CORS preflight), or the answer already decided. */
export type McpAdmission = { serve: Request; check?: LimitCheck } | { answer: Response };

/** The caller's address counter, charged one request per tool call. */
function mcpCheck(c: Ctx, cost: number): LimitCheck {
  const check = anonymousCheck(c);
  const detail = check.detail;
  return { ...check, cost, detail: cost > 1 ? (d) => `${detail(d)} This request carries ${cost} tool calls; each counts as one request.` : detail };
}

async function count(c: Ctx, cost: number): Promise<void> {
  await enforceRate(c, mcpCheck(c, cost));
}

/**
 * Reads the request and returns it re-readable for the transport, with the check that counts its tool calls
 * (at least one). Counts and throws 413 past the body bound (429 over the limit); counts and answers a batch
 * under a batch-less protocol with a JSON-RPC "Invalid Request" (one request, nothing served).
 */
export async function admitMcpRequest(c: Ctx): Promise<McpAdmission> {
  const request = c.req.raw;
  if (request.method === "OPTIONS") return { serve: request }; // CORS preflights are not limited anywhere
  if (request.method !== "POST") return { serve: request, check: mcpCheck(c, 1) };
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
  const headers = new Headers(request.headers);
  headers.delete("Content-Length");
  return { serve: new Request(request.url, { method: "POST", headers, body: bytes }), check: mcpCheck(c, Math.max(1, shape.toolCalls)) };
}
