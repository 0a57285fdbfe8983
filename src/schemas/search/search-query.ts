// What a search asks: the one rule for the text and the document type, used by GET /api/v1/search, the
// HTML search page and the MCP `search` tool (each surface only adds its own description or fields).
import { z } from "@hono/zod-openapi";
import { DocumentTypeSchema } from "../common";
import { fieldMsg, fieldText } from "../../core/messages/fields";

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 200;

/** Length in characters (code points, so an emoji counts once), after trimming. */
const length = (q: string) => [...q.trim()].length;

export const SearchTextSchema = z
  .string({ error: fieldText(fieldMsg.required()) })
  // Not trimmed here: a trailing space tells the search the last word is complete (no prefix).
  .refine((q) => length(q) >= SEARCH_MIN_CHARS, fieldText(fieldMsg.atLeastChars({ min: SEARCH_MIN_CHARS })))
  .refine((q) => length(q) <= SEARCH_MAX_CHARS, fieldText(fieldMsg.atMostChars({ max: SEARCH_MAX_CHARS })))
  // JSON Schema counts code points too, so these bounds describe the refinements exactly.
  .meta({ minLength: SEARCH_MIN_CHARS, maxLength: SEARCH_MAX_CHARS });

export const SearchQuerySchema = z.object({ q: SearchTextSchema, type: DocumentTypeSchema.optional() });
