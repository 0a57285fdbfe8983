// The envelope every tool's structuredContent shares: the tool's own fields, then notes, the next call and
// the usage note, so a client that hands the model only structuredContent still gives it everything.
import { z } from "@hono/zod-openapi";
import { PageMetaSchema } from "../schemas/common";

export const NextCallSchema = z
  .object({
    tool: z.string().describe("Tool to call"),
    arguments: z.record(z.string(), z.unknown()).describe("Arguments to call it with"),
  })
  .describe("The exact call that returns the next page or part; null when there is nothing more");

export function toolResultSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({
    ...shape,
    notes: z.array(z.string()).describe("What was left out or cut (with how to read it), and other remarks"),
    next: NextCallSchema.nullable(),
    usage: z.string().describe("Usage rules: cite by url, credit the author, member content may be wrong, no bulk downloads"),
  });
}

export const PageSchema = PageMetaSchema.describe("Where this page sits: page number, items per page, total items, last page");
