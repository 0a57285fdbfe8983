// The assistants' budget at /mcp: tool calls and resource reads count against the caller's address on a counter
// of their own (MCP_RATE_PER_MINUTE), apart from the API's anonymous limit, so API calls never lock an assistant
// out, nor the reverse. Requests that read nothing (initialize, ping, tools/list, resources/templates/list,
// completions, notifications, GET/DELETE) are neither counted nor refused. A request is counted once for all
// the reads it carries (a JSON-RPC batch cannot multiply the budget), while it is served: the decision goes to
// the tools and resources (src/mcp/budget.ts), which answer an over-budget call inside the protocol. A batch
// with more reads than the whole budget could never be served and is refused at once (413), counting nothing.
import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/problem";
import { inBackground } from "../../http/rate-limit";
import { countRate, knownRefusal, type AppliedLimit } from "../../limits/count";
import { mcpLimit, type LimitCheck } from "../../limits/policies";
import { clientAddress, recordLimit } from "../../limits/request";
import { UNCOUNTED, type Budget, type BudgetRefusal } from "../budget";
import { inspectRpcBody, readBoundedBody, type RpcErrorAnswer } from "./rpc-body";
import { mcpBatchMsg } from "../../core/messages/limits";

type Ctx = Context<AppEnv>;

/** What to hand to the MCP transport: the request to serve and its budget decision, or the answer already decided. */
export type McpAdmission = { serve: Request; budget: Budget; answered?: RpcErrorAnswer[] } | { answer: Response };

/** MCP's answer to a refused decision (the one place): the budget refusal the tools and resources answer with. */
function refusal(applied: AppliedLimit, cost: number): BudgetRefusal {
  return { limit: applied.rule.limit, retryAfterSeconds: applied.decision.retryAfterSeconds, cost };
}

/** The request's reads counted while it is served; a refusal is settled with, a failure of the counter thrown. */
function budgetOf(c: Ctx, check: LimitCheck): Budget {
  const known = knownRefusal(check);
  if (known) recordLimit(c, known);
  const decision = known
    ? Promise.resolve(refusal(known, check.cost))
    : countRate(c.env, check, Date.now(), inBackground(c)).then((applied) =>
        recordLimit(c, applied).decision.allowed ? null : refusal(applied, check.cost),
      );
  return { decision, ...(known && { refusedAtOnce: refusal(known, check.cost) }) };
}

/**
 * Reads the request and returns it re-readable for the transport, with its budget decision under way. Throws
 * 413 past the body bound or for a batch larger than the whole budget; answers with a JSON-RPC error a batch
 * under a batch-less protocol, an unsupported MCP-Protocol-Version and malformed params (src/mcp/transport/rpc-body.ts).
 * None of these serve anything, so none is counted; inside a batch, the malformed messages are answered (returned
 * as `answered`, for src/mcp/transport/handler.ts to add) and the rest is served.
 */
export async function admitMcpRequest(c: Ctx): Promise<McpAdmission> {
  const request = c.req.raw;
  if (request.method !== "POST") return { serve: request, budget: UNCOUNTED };
  const bytes = await readBoundedBody(request);
  const shape = inspectRpcBody(new TextDecoder().decode(bytes), request.headers.get("MCP-Protocol-Version") ?? undefined);
  if (shape.refusal) {
    const { status, id, error } = shape.refusal;
    return { answer: Response.json({ jsonrpc: "2.0", id, error }, { status }) };
  }
  if (shape.batch && shape.batch.serve === undefined) return { answer: Response.json(shape.batch.answered) };
  const check = mcpLimit(clientAddress(c), c.get("config").mcpRatePerMinute, shape.reads);
  if (shape.reads > check.rule.limit) {
    throw new ApiError("payload-too-large", mcpBatchMsg.batchNeverServed({ reads: shape.reads, limit: check.rule.limit }), {
      headers: { "RateLimit-Policy": `"mcp";q=${check.rule.limit};w=${check.rule.windowSeconds}` },
    });
  }
  const headers = new Headers(request.headers);
  headers.delete("Content-Length");
  return {
    serve: new Request(request.url, { method: "POST", headers, body: shape.batch?.serve ?? bytes }),
    budget: shape.reads > 0 ? budgetOf(c, check) : UNCOUNTED,
    ...(shape.batch && { answered: shape.batch.answered }),
  };
}
