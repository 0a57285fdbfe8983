import { z } from "@hono/zod-openapi";
import { BlogPostSchema } from "./blog";
import { BoardSchema } from "./boards";
import { RepairCaseSchema } from "./cases";
import { DocumentSchema } from "./documents";
import { ThreadSchema } from "./forum";

/** At most this many items per group. */
export const SEARCH_GROUP_LIMIT = 10;

export const SearchResultSchema = z
  .object({
    query: z.string().openapi({ description: "The query as searched (trimmed)" }),
    boards: z.array(BoardSchema).max(SEARCH_GROUP_LIMIT).openapi({ description: "A query that is a board number (any spelling) puts that board first" }),
    documents: z.array(DocumentSchema).max(SEARCH_GROUP_LIMIT).openapi({ description: "Matched on metadata and page text; only documents the caller may see" }),
    threads: z.array(ThreadSchema).max(SEARCH_GROUP_LIMIT),
    posts: z.array(BlogPostSchema).max(SEARCH_GROUP_LIMIT),
    cases: z.array(RepairCaseSchema).max(SEARCH_GROUP_LIMIT),
  })
  .openapi("SearchResult");
