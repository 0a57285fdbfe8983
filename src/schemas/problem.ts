import { z } from "@hono/zod-openapi";

// RFC 9457 problem details, spec §7.
export const ProblemSchema = z
  .object({
    type: z.string().openapi({ format: "uri", example: "https://example.org/problems/not-found" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    request_id: z.string().nullable().optional(),
    message: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    required_scopes: z.array(z.string()).optional(),
    suggestions: z
      .array(
        z.object({
          number: z.string().openapi({ example: "820-00165" }),
          url: z.string().openapi({ description: "Its page, in the reader's language" }),
        }),
      )
      .optional()
      .openapi({ description: "Did you mean (a board's 404): boards one slip away from the number asked for, likeliest first; may be empty" }),
    candidates: z
      .array(z.string())
      .optional()
      .openapi({
        description:
          "ambiguous-name (404): the boardview part or net names the spelling matches once case, spaces and separators are set aside (no name matches it exactly); ask again with one of them",
        example: ["PP3V3_S5", "PP3V3-S5"],
      }),
  })
  .openapi("Problem");
