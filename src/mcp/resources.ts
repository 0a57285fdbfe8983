// Items as MCP resources: one URI template per kind (bds://thread/{id}…), listed by resources/templates/list and
// read with exactly the rendering of the matching get_* tool, as an anonymous reader sees it. Reads count
// against the assistants' budget like tool calls; template arguments complete (board numbers, the language).
import type { z } from "@hono/zod-openapi";
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  UriTemplate,
  type ReadResourceResult,
  type Variables,
} from "@modelcontextprotocol/server";
import { DomainError } from "../errors";
import { OverBudget, overBudgetText, withinBudget } from "./budget";
import { completeBoardNumber, completeBoardPoint, completeLang } from "./completions";
import { listBoardItems } from "../db/queries/boards/board-list";
import { anonymousQueryContext } from "./tool-context";
import type { ToolContext } from "./tool-context";
import { ToolError, toolErrorText } from "./errors";
import { RESOURCE_MIME_TYPE, RESOURCE_SCHEME, type ResourceKind } from "./resource-uri";
import type { ToolDefinition } from "./tool";
import { getBoardTool } from "./tools/get-board";
import { getDocumentTool } from "./tools/get-document";
import { getPostTool } from "./tools/get-post";
import { getRepairCaseTool } from "./tools/get-repair-case";
import { getThreadTool } from "./tools/get-thread";

/** JSON-RPC error code of a read refused by the budget (implementation-defined server error range). */
export const OVER_BUDGET_CODE = -32000;

interface ItemResource {
  title: string;
  description: string;
  // biome-ignore lint/suspicious/noExplicitAny: one table holds tools of different argument shapes
  tool: ToolDefinition<z.ZodObject, any>;
  /** The tool argument the key fills, and the template variable that holds the key. */
  argument: string;
  variable: "id" | "number";
  /** Optional query arguments, passed to the tool as numbers (page, part) or as they are (lang). */
  query: string[];
}

const RESOURCES: Record<ResourceKind, ItemResource> = {
  thread: {
    title: "Forum thread",
    description: "A forum thread and one page of its replies, as get_thread renders it",
    tool: getThreadTool,
    argument: "thread",
    variable: "id",
    query: ["page", "lang"],
  },
  post: {
    title: "Blog post",
    description: "A blog post (one part of a long body) and its comments, as get_post renders it",
    tool: getPostTool,
    argument: "post",
    variable: "id",
    query: ["part", "lang"],
  },
  case: {
    title: "Repair case",
    description: "A repair case, as get_repair_case renders it",
    tool: getRepairCaseTool,
    argument: "case",
    variable: "id",
    query: ["lang"],
  },
  document: {
    title: "Library document",
    description: "A library document's metadata (never the file), as get_document renders it",
    tool: getDocumentTool,
    argument: "document",
    variable: "id",
    query: ["lang"],
  },
  board: {
    title: "Board",
    description: "A board by number or alias in any spelling, with a page of its documents, as get_board renders it",
    tool: getBoardTool,
    argument: "board",
    variable: "number",
    query: ["page", "lang"],
  },
};

const NUMERIC = new Set(["page", "part"]);

/**
 * A template whose query arguments are optional when matching: the SDK's UriTemplate matches `{?page,lang}` only
 * when every one of them is present, in order; here the path must match and the query may hold any of them.
 */
class ItemTemplate extends UriTemplate {
  private readonly path: UriTemplate;
  constructor(
    path: string,
    private readonly query: string[],
  ) {
    super(`${path}{?${query.join(",")}}`);
    this.path = new UriTemplate(path);
  }

  override match(uri: string): Variables | null {
    const at = uri.indexOf("?");
    const variables = this.path.match(at < 0 ? uri : uri.slice(0, at));
    if (!variables) return null;
    const params = new URLSearchParams(at < 0 ? "" : uri.slice(at + 1));
    for (const name of this.query) {
      const value = params.get(name);
      if (value !== null) variables[name] = value;
    }
    return variables;
  }
}

/** A uri component decoded; broken percent-encoding (`%`, `%E0%A4%A`) is the caller's error: invalid params. */
function decodeKey(text: string, uri: URL): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid uri ${uri.href}: its percent-encoding is malformed.`);
  }
}

function toolArguments(item: ItemResource, uri: URL, variables: Variables, extra: string[] = []): Record<string, unknown> {
  const value = (name: string) => {
    const v = variables[name];
    return Array.isArray(v) ? v.join(",") : v;
  };
  const args: Record<string, unknown> = { [item.argument]: decodeKey(value(item.variable) ?? "", uri) };
  for (const name of extra) args[name] = decodeKey(value(name) ?? "", uri);
  for (const name of item.query) {
    const v = value(name);
    if (v !== undefined && v !== "") args[name] = NUMERIC.has(name) && /^\d+$/.test(v) ? Number(v) : v;
  }
  return args;
}

/** The item's rendering, or the protocol error that says why there is none. */
async function readItem(item: ItemResource, uri: URL, variables: Variables, ctx: ToolContext, extra: string[] = []): Promise<ReadResourceResult> {
  const parsed = item.tool.input.safeParse(toolArguments(item, uri, variables, extra));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid ${issue.path.join(".") || "uri"} in ${uri.href}: ${issue.message}.`);
  }
  try {
    const answer = await withinBudget(ctx.budget, () => item.tool.run(parsed.data, ctx));
    return { contents: [{ uri: uri.href, mimeType: RESOURCE_MIME_TYPE, text: answer.markdown }] };
  } catch (error) {
    const lang = variables.lang === "en" || variables.lang === "es" ? variables.lang : ctx.defaultLang;
    if (error instanceof OverBudget)
      throw new ProtocolError(OVER_BUDGET_CODE, overBudgetText(error.refusal, lang), { retryAfterSeconds: error.refusal.retryAfterSeconds });
    // Unknown, unpublished or private items read as not found, in the tool's own words.
    if (error instanceof ToolError) throw new ResourceNotFoundError(uri.href, error.message);
    if (error instanceof DomainError) throw new ProtocolError(ProtocolErrorCode.InternalError, toolErrorText(error, lang) ?? error.message);
    console.error(`mcp resource ${uri.href} failed`, error);
    throw new ProtocolError(ProtocolErrorCode.InternalError, "The resource could not be read on the server's side. Try again in a moment.");
  }
}

export function registerResources(server: McpServer, ctx: ToolContext): void {
  for (const [kind, item] of Object.entries(RESOURCES) as [ResourceKind, ItemResource][]) {
    const complete = {
      lang: completeLang,
      ...(kind === "board" && { number: (value: string) => completeBoardNumber(ctx, value) }),
    };
    const template = new ResourceTemplate(new ItemTemplate(`${RESOURCE_SCHEME}://${kind}/{${item.variable}}`, item.query), {
      list: kind === "board" ? () => listBoards(ctx) : undefined,
      complete,
    });
    server.registerResource(kind, template, { title: item.title, description: item.description, mimeType: RESOURCE_MIME_TYPE }, (uri, variables) =>
      readItem(item, uri, variables, ctx),
    );
  }
  // A point of a board (issue 31): get_board with `point`, as bds://board/{number}/point/{point}.
  const board = RESOURCES.board;
  const pointTemplate = new ResourceTemplate(new ItemTemplate(`${RESOURCE_SCHEME}://board/{number}/point/{point}`, ["lang"]), {
    list: undefined,
    complete: {
      lang: completeLang,
      number: (value: string) => completeBoardNumber(ctx, value),
      point: (value: string, context) => completeBoardPoint(ctx, context?.arguments?.number ?? "", value),
    },
  });
  server.registerResource(
    "board_point",
    pointTemplate,
    {
      title: "A point of a board",
      description:
        "A net or designator of a board in any spelling: the values reported on it with their counts and sources, as get_board with point renders it",
      mimeType: RESOURCE_MIME_TYPE,
    },
    (uri, variables) => readItem(board, uri, variables, ctx, ["point"]),
  );
}

/** The boards listed as resources: the first page of GET /boards as an anonymous reader sees it. */
export const BOARDS_LISTED = 100;

async function listBoards(ctx: ToolContext) {
  const page = await listBoardItems(anonymousQueryContext(ctx, ctx.defaultLang), {}, { page: 1, perPage: BOARDS_LISTED });
  return {
    resources: page.data.map((b) => ({
      uri: `${RESOURCE_SCHEME}://board/${encodeURIComponent(b.number)}`,
      name: `Board ${b.number}`,
      title: [`Board ${b.number}`, b.manufacturer].filter(Boolean).join(" — "),
      mimeType: RESOURCE_MIME_TYPE,
    })),
  };
}
