// One way to declare an MCP tool: schemas, annotations, and a run function returning the structured result
// and its markdown twin. Failures become tool results with isError: true (never protocol errors, never SQL).
import type { z } from "@hono/zod-openapi";
import type { CallToolResult, McpServer, ResourceLink, StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { ToolContext } from "./tool-context";
import { OverBudget, overBudgetText, withinBudget } from "./budget";
import { mcpWords } from "./i18n";
import type { Lang } from "../core/language";
import { toolErrorText } from "./errors";
import { en as zodEnglish, es as zodSpanish } from "zod/locales";

/** Zod's own messages in each language, for the arguments a tool refuses. */
const ZOD_MESSAGES = { en: zodEnglish().localeError, es: zodSpanish().localeError } satisfies Record<Lang, unknown>;

export interface ToolAnswer<Structured> {
  structured: Structured;
  markdown: string;
  /** One resource_link per item found (search, list_recent), after the text: resources/read resolves each. */
  links?: ResourceLink[];
}

export interface ToolDefinition<Input extends z.ZodObject, Output extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  /**
   * The shape of structuredContent. Not advertised in tools/list (docs/mcp.md: the seven schemas were 25 KB,
   * 73% of the list, for a shape the text already carries); the tests hold every result to it.
   */
  output: Output;
  run(args: z.output<Input>, ctx: ToolContext): Promise<ToolAnswer<z.input<Output>>>;
}

/** Identity, for type inference at the definition site. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(definition: ToolDefinition<Input, Output>) {
  return definition;
}

/** The bound of docs/mcp.md "Bounded results": no whole result (text, links and structuredContent as JSON) past 24 KiB. */
export const RESULT_BYTES = 24 * 1024;

/** The result as the client receives it (see registerTool), for measuring. */
function asResult(answer: ToolAnswer<unknown>): CallToolResult {
  return {
    content: [{ type: "text", text: answer.markdown }, ...(answer.links ?? [])],
    structuredContent: answer.structured as Record<string, unknown>,
  };
}

export function resultBytes(answer: ToolAnswer<unknown>): number {
  return new TextEncoder().encode(JSON.stringify(asResult(answer))).byteLength;
}

/**
 * The answer built with free texts of `snippet` characters each, or with shorter ones (halved, down to none) while
 * the whole result would pass RESULT_BYTES: a page of many items is mostly fixed fields, so the snippet budget
 * alone does not bound it.
 */
export function fitToBound<T>(snippet: number, build: (snippet: number) => ToolAnswer<T>): ToolAnswer<T> {
  let answer = build(snippet);
  while (snippet > 0 && resultBytes(answer) > RESULT_BYTES) {
    snippet = snippet >= 40 ? Math.floor(snippet / 2) : 0;
    answer = build(snippet);
  }
  return answer;
}

type JsonSchemaOptions = Parameters<StandardSchemaWithJSON["~standard"]["jsonSchema"]["input"]>[0];

/**
 * The input schema as zod validates it, advertised without its `$schema` line: JSON Schema 2020-12 is MCP's
 * default dialect, and the line cost 55 bytes per tool in every assistant's context.
 */
export function compactSchema(schema: z.ZodObject): StandardSchemaWithJSON {
  const standard = (schema as unknown as StandardSchemaWithJSON)["~standard"];
  const strip = (json: Record<string, unknown>) => {
    const { $schema: _dialect, ...rest } = json;
    return rest;
  };
  return {
    "~standard": {
      ...standard,
      jsonSchema: {
        input: (options: JsonSchemaOptions) => strip(standard.jsonSchema.input(options)),
        output: (options: JsonSchemaOptions) => strip(standard.jsonSchema.output(options)),
      },
    },
  };
}

/**
 * The input schema as advertised, with validation left to the tool's handler: the SDK's own refusal is English
 * only, the handler's is in the caller's language.
 */
function checkedByHandler(schema: z.ZodObject): StandardSchemaWithJSON {
  const compact = compactSchema(schema);
  return { "~standard": { ...compact["~standard"], validate: (value: unknown) => ({ value }) } };
}

/** A refused argument list as the SDK words it (path: message, comma separated), in `lang`. */
function invalidArguments(tool: ToolDefinition<z.ZodObject, z.ZodObject>, args: unknown, lang: Lang): CallToolResult | { data: unknown } {
  const parsed = tool.input.safeParse(args ?? {}, { error: ZOD_MESSAGES[lang] });
  if (parsed.success) return { data: parsed.data };
  const issues = parsed.error.issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join(", ");
  return { isError: true, content: [{ type: "text", text: mcpWords(lang).invalidArguments(tool.name, issues) }] };
}

export function registerTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  server: McpServer,
  ctx: ToolContext,
  tool: ToolDefinition<Input, Output>,
): void {
  // Registered through the SDK's untyped face: the args are validated against `tool.input` by the handler.
  server.registerTool<StandardSchemaWithJSON, StandardSchemaWithJSON>(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: checkedByHandler(tool.input),
      // Read-only, so the destructive and idempotent hints (meaningful only for tools that write) are left out.
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (raw: unknown): Promise<CallToolResult> => {
      // The reader's language: the call's lang, else the request's (Accept-Language, else the site's default).
      const asked = (raw as { lang?: unknown } | undefined)?.lang;
      const lang: Lang = asked === "es" || asked === "en" ? asked : ctx.defaultLang;
      const checked = invalidArguments(tool as unknown as ToolDefinition<z.ZodObject, z.ZodObject>, raw, lang);
      if (!("data" in checked)) return checked;
      const args = checked.data as z.output<Input>;
      try {
        return asResult(await withinBudget(ctx.budget, () => tool.run(args, ctx)));
      } catch (error) {
        if (error instanceof OverBudget) return { isError: true, content: [{ type: "text", text: overBudgetText(error.refusal, lang) }] };
        const explained = toolErrorText(error, lang);
        if (explained !== undefined) return { isError: true, content: [{ type: "text", text: explained }] };
        console.error(`mcp tool ${tool.name} failed`, error);
        return { isError: true, content: [{ type: "text", text: mcpWords(lang).failed }] };
      }
    },
  );
}
