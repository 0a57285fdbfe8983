// The /mcp endpoint: agents' stateless handler around a per-request McpServer, with Host and Origin checks.
import { dbOf } from "../../http/d1-session";
import { localhostAllowedHostnames, localhostAllowedOrigins } from "@modelcontextprotocol/server";
import { createMcpHandler } from "agents/mcp/server";
import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import { admitMcpRequest } from "./rate-limit";
import { withBatchAnswers } from "./rpc-body";
import { textShards } from "../../text/shards";
import type { Budget } from "../budget";
import { createMcpServer } from "../server";

import { MCP_PATH } from "../../core/urls";

export { MCP_PATH };

/**
 * Host and Origin validation (DNS-rebinding protection). With SITE_URL set, only its hostname (plus
 * localhost-class names, which Cloudflare never routes here) may appear in Host. Unset, only
 * localhost-class names may (as for a local server; `wrangler dev` builds the request's URL from the
 * Host header, so the URL cannot be trusted for this), plus the Worker's own *.workers.dev name, which
 * Cloudflare routes only to this Worker. A request without a Host header comes from no browser (tests,
 * in-process calls) and is not checked. A browser Origin must be localhost-class or the site itself;
 * clients that send no Origin (desktop and server-side MCP clients) are not affected.
 */
function hostRules(c: Context<AppEnv>) {
  const configured = c.get("config").siteUrl;
  const siteHost = new URL(c.get("siteUrl")).hostname;
  const workersDev = siteHost.endsWith(".workers.dev") ? [siteHost] : [];
  const hostSent = c.req.header("Host") !== undefined;
  return {
    allowedHostnames: configured
      ? [siteHost, ...localhostAllowedHostnames()]
      : hostSent
        ? [...localhostAllowedHostnames(), ...workersDev]
        : undefined,
    allowedOriginHostnames: [...new Set([siteHost, ...localhostAllowedOrigins()])],
  };
}

/**
 * Serves the request while its tool calls and resource reads are counted against the caller's MCP budget
 * (src/mcp/transport/rate-limit.ts): the count costs no round trip of its own, and each call waits for the decision
 * before it answers. The response leaves once the decision is known, so its limit headers describe it.
 */
export async function serveMcp(c: Context<AppEnv>): Promise<Response> {
  const admitted = await admitMcpRequest(c);
  if ("answer" in admitted) return admitted.answer;
  const { serve, budget, answered } = admitted;
  const [response] = await Promise.all([mcpHandler(c, budget).fetch(serve), budget.decision.catch(() => null)]);
  return answered ? withBatchAnswers(response, answered) : response;
}

function mcpHandler(c: Context<AppEnv>, budget: Budget) {
  const tools = { db: dbOf(c), siteUrl: c.get("siteUrl"), defaultLang: c.get("lang"), budget, shards: textShards(c.env) };
  return createMcpHandler(() => createMcpServer(tools), {
    route: MCP_PATH,
    ...hostRules(c),
    onerror: (error) => console.error("mcp", error.message),
  });
}
