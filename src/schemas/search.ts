import { z } from "@hono/zod-openapi";
import { BlogPostSchema } from "./blog";
import { BoardSchema } from "./boards";
import { RepairCaseSchema } from "./cases";
import { DocumentSchema } from "./documents";
import { ThreadSchema } from "./forum";

/** At most this many items per group. */
export const SEARCH_GROUP_LIMIT = 10;

export const SearchHighlightSchema = z
  .object({
    field: z.string().openapi({
      description: "Which text matched: title, description, page, body, replies, excerpt (a post's summary), symptom, diagnosis, fix or components",
      example: "page",
    }),
    page: z.number().int().nullable().openapi({ description: "Page number (from 1) when the field is page text, else null", example: 2 }),
    text: z.string().openapi({
      description: "About 180 characters around the first matched word, plain text; … where cut",
      example: "…the boost converter U19 TPS61181ARTER is enabled by EDP_BKLT_EN from the PCH…",
    }),
    marks: z.array(z.object({ start: z.number().int(), end: z.number().int() })).openapi({
      description:
        "Character offsets in text of the matched words, start included, end excluded (a word as typed, another form of it, a correction or a code prefix)",
      example: [{ start: 39, end: 52 }],
    }),
  })
  .openapi("SearchHighlight", { description: "Where the item matched, with the matched words marked" });

/** Items of a search group: the read API's item plus where it matched (additive). */
const highlight = {
  highlight: SearchHighlightSchema.nullable().openapi({
    description: "Where it matched; null when no word of its text did (a code in its metadata, say)",
  }),
};
const SearchDocumentSchema = DocumentSchema.extend(highlight).openapi("SearchDocument");
const SearchThreadSchema = ThreadSchema.extend(highlight).openapi("SearchThread");
const SearchPostSchema = BlogPostSchema.extend(highlight).openapi("SearchPost");
const SearchCaseSchema = RepairCaseSchema.extend(highlight).openapi("SearchCase");

export const SearchResultSchema = z
  .object({
    query: z.string().openapi({ description: "The query as searched (trimmed)" }),
    boards: z
      .array(BoardSchema)
      .max(SEARCH_GROUP_LIMIT)
      .openapi({ description: "A query that is a board number (any spelling) puts that board first" }),
    documents: z
      .array(SearchDocumentSchema)
      .max(SEARCH_GROUP_LIMIT)
      .openapi({ description: "Matched on metadata and page text; only documents the caller may see" }),
    threads: z.array(SearchThreadSchema).max(SEARCH_GROUP_LIMIT),
    posts: z.array(SearchPostSchema).max(SEARCH_GROUP_LIMIT),
    cases: z.array(SearchCaseSchema).max(SEARCH_GROUP_LIMIT),
  })
  .openapi("SearchResult");
