// The McpServer factory: a fresh server per request (stateless), every tool registered on it.
import { McpServer } from "@modelcontextprotocol/server";
import type { ToolContext } from "./tool-context";
import { SERVICE_VERSION } from "../version";
import { USAGE_NOTE } from "./format";
import { registerResources } from "./resources";
import { registerTool } from "./tool";
import { getBoardTool } from "./tools/get-board";
import { getDocumentTool } from "./tools/get-document";
import { getPostTool } from "./tools/get-post";
import { getRepairCaseTool } from "./tools/get-repair-case";
import { getThreadTool } from "./tools/get-thread";
import { listRecentTool } from "./tools/list-recent";
import { searchTool } from "./tools/search";

export const SERVER_INFO = { name: "board-documentation-service", version: SERVICE_VERSION };

const INSTRUCTIONS =
  "Read-only tools over a hardware-repair community site: forum threads, blog posts, repair cases, boards (by board number) and " +
  "the metadata of library documents (schematics, boardviews, datasheets…). Start with search or list_recent, then read items with " +
  "the get_* tools, which accept an id or a page address in English or Spanish. Every item is also a resource (bds://thread/{id}, " +
  "bds://board/{number}…) that search and list_recent link to. " +
  USAGE_NOTE;

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  registerTool(server, ctx, searchTool);
  registerTool(server, ctx, getThreadTool);
  registerTool(server, ctx, getPostTool);
  registerTool(server, ctx, getRepairCaseTool);
  registerTool(server, ctx, getDocumentTool);
  registerTool(server, ctx, getBoardTool);
  registerTool(server, ctx, listRecentTool);
  registerResources(server, ctx);
  return server;
}
