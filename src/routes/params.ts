// Path and query parameters shared by several operations.
import { z } from "@hono/zod-openapi";
import { MAX_BOARD_SPELLING } from "../db/queries/board-lookup";
import { canonicalId, ID_PATTERN } from "../core/ids";
import { notFound } from "../http/problem";
import { DocumentTypeSchema, OutcomeSchema, VisibilitySchema } from "../schemas/common";
import type { Thing } from "../core/messages/errors";
import { fieldMsg, fieldText } from "../core/messages/fields";

/** A path id. Anything that is not a ULID is a 404 like any other unknown id (docs/design.md §2). */
export function idParam(name: string, what: string) {
  return z.object({
    // The pattern is documented, not enforced by validation: a malformed id is a 404, never a 422.
    [name]: z.string().openapi({
      param: { name, in: "path" },
      pattern: ID_PATTERN.source,
      example: "01JBGJ09TQM83XSSSS6YS3C4DW",
      description: `${what} id (26-character ULID, any case)`,
    }),
  });
}

export function requireId(raw: string, what: Thing): string {
  const id = canonicalId(raw);
  if (!id) throw notFound(what);
  return id;
}

/** A list's text filter: optional, never empty, at most `max` characters. */
export function textFilter(name: string, max: number, description: string, example: string) {
  return z
    .string()
    .min(1, fieldText(fieldMsg.notEmpty()))
    .max(max)
    .optional()
    .openapi({ param: { name, in: "query" }, description, example });
}

export const BoardFilterParam = textFilter(
  "board",
  MAX_BOARD_SPELLING,
  "Board number or alias in any spelling (820-00165, 82000165, 820 00165)",
  "820-00165",
);
export const DocumentTypeParam = DocumentTypeSchema.optional().openapi({ param: { name: "type", in: "query" } });
export const VisibilityParam = VisibilitySchema.optional().openapi({ param: { name: "visibility", in: "query" } });
export const OutcomeParam = OutcomeSchema.optional().openapi({ param: { name: "outcome", in: "query" } });
export const BooleanParam = z
  .enum(["true", "false", "1", "0"], { error: fieldText(fieldMsg.trueOrFalse()) })
  .transform((v) => v === "true" || v === "1");
