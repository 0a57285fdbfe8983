// One way to declare an MCP tool: schemas, annotations, and a run function returning the structured result
// and its markdown twin. Failures become tool results with isError: true (never protocol errors, never SQL).
import type { z } from "@hono/zod-openapi";
import type { CallToolResult, McpServer, StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { ToolContext } from "./context";
import { toolErrorText } from "./errors";

export interface ToolAnswer<Structured> {
  structured: Structured;
  markdown: string;
}

export interface ToolDefinition<Input extends z.ZodObject, Output extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: Output;
  run(args: z.output<Input>, ctx: ToolContext): Promise<ToolAnswer<z.input<Output>>>;
}

/** Identity, for type inference at the definition site. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(definition: ToolDefinition<Input, Output>) {
  return definition;
}

const FAILED = "The tool failed on the server's side. Try again in a moment; if it keeps failing, tell the user the site's MCP server has a problem.";

export function registerTool<Input extends z.ZodObject, Output extends z.ZodObject>(server: McpServer, ctx: ToolContext, tool: ToolDefinition<Input, Output>): void {
  // Registered through the SDK's untyped face: the args were validated against `tool.input` by the SDK.
  server.registerTool<StandardSchemaWithJSON, StandardSchemaWithJSON>(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input as StandardSchemaWithJSON,
      outputSchema: tool.output as StandardSchemaWithJSON,
      annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args: unknown): Promise<CallToolResult> => {
      try {
        const answer = await tool.run(args as z.output<Input>, ctx);
        return { content: [{ type: "text", text: answer.markdown }], structuredContent: answer.structured as Record<string, unknown> };
      } catch (error) {
        const explained = toolErrorText(error);
        if (explained !== undefined) return { isError: true, content: [{ type: "text", text: explained }] };
        console.error(`mcp tool ${tool.name} failed`, error);
        return { isError: true, content: [{ type: "text", text: FAILED }] };
      }
    },
  );
}
