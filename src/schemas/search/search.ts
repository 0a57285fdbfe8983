import { z } from "@hono/zod-openapi";
import { BlogPostSchema } from "../blog";
import { BoardSchema } from "../boards";
import { RepairCaseSchema } from "../cases";
import { DocumentSchema } from "../documents";
import { ThreadSchema } from "../forum";

/** At most this many items per group. */
export const SEARCH_GROUP_LIMIT = 10;
/** Pages of one group: each group ranks its newest 100 to 200 matches (src/search/index.ts), so 10 pages of 10 reach them. */
export const SEARCH_MAX_PAGE = 10;
export const SEARCH_GROUPS = ["boards", "documents", "threads", "posts", "cases"] as const;

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

const WordsUsedSchema = z.object({
  word: z.string().openapi({ description: "A word of the query, as typed (folded)", example: "bateria" }),
  to: z.array(z.string()).openapi({ description: "The indexed words it also matched", example: ["baterias"] }),
});

export const SearchInterpretationSchema = z
  .object({
    corrections: z.array(WordsUsedSchema).openapi({ description: "Words matched through their nearest spellings (a typo forgiven)" }),
    forms: z.array(WordsUsedSchema).openapi({ description: "Words matched through their other forms (plural, verb forms, both languages' stems)" }),
    concepts: z
      .array(
        z.object({
          typed: z.string().openapi({ description: "The words of the query that name the concept", example: "no prende" }),
          concept: z.string().openapi({ description: "The concept of the repair thesaurus", example: "no-power" }),
          also: z.array(z.string()).openapi({ description: "Its other words searched too, both languages (ranked below the words as typed)" }),
        }),
      )
      .openapi({ description: "Phrases that name a concept of board repair" }),
    scope: z
      .object({
        by: z
          .enum(["board", "model"])
          .openapi({ description: "board: a board number or alias; model: a model, platform, product line or manufacturer" }),
        named: z.string().openapi({ description: "The words that named it", example: "t480" }),
        boards: z.array(z.string()).openapi({ description: "Board numbers in scope: their items rank first", example: ["NM-B491"] }),
      })
      .nullable()
      .openapi({ description: "The boards the query names, or null" }),
    suggestions: z
      .array(
        z.object({
          typed: z.string().openapi({ description: "The board number typed, normalised (no board has it)", example: "8200165" }),
          number: z
            .string()
            .openapi({ description: "A board one slip away (a look-alike character, a digit missing, extra or swapped)", example: "820-00165" }),
          url: z.string().openapi({ description: "The board's page" }),
        }),
      )
      .openapi({ description: "Did you mean: boards near a board number that names none and found no board, likeliest first (empty otherwise)" }),
  })
  .openapi("SearchInterpretation", { description: "What the search understood and used" });

export const SearchResultSchema = z
  .object({
    query: z.string().openapi({ description: "The query as searched (trimmed)" }),
    interpretation: SearchInterpretationSchema,
    paging: z
      .object({
        group: z.enum(SEARCH_GROUPS).openapi({ description: "The one group asked for (the others are empty)" }),
        page: z.number().int().openapi({ description: "This page, from 1", example: 2 }),
        next_page: z.number().int().nullable().openapi({ description: "The next page, or null when this is the last", example: 3 }),
      })
      .nullable()
      .openapi({ description: "With `group`: where this page is in that group's results; null without `group`" }),
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
