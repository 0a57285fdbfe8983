import { OPEN_READ } from "../../auth/scopes";
import { dataOf } from "../../schemas/common";
import { z } from "@hono/zod-openapi";
import { PageParam } from "../../core/pagination";
import { SEARCH_GROUP_LIMIT, SEARCH_GROUPS, SEARCH_MAX_PAGE, SearchResultSchema } from "../../schemas/search/search";
import { validationError } from "../../http/problem";
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SearchQuerySchema } from "../../schemas/search/search-query";
import { searchSite } from "../../search";
import { apiRoute, createRouter } from "../define";
import { DocumentTypeParam } from "../params";
import { queryContext } from "../../http/request-queries";
import { msg } from "../../core/messages/errors";

/** The API's face of the one search rule (schemas/search-query.ts): parameter names and documentation. */
const SearchRequestQuery = SearchQuerySchema.extend({
  q: SearchQuerySchema.shape.q.openapi({
    param: { name: "q", in: "query" },
    type: "string",
    minLength: SEARCH_MIN_CHARS,
    maxLength: SEARCH_MAX_CHARS,
    example: "820-00165 no power",
    description:
      'Words (all must match; if nothing has all of them, any), "quoted phrases", the last word as a prefix; board and part numbers in any spelling (820-00165, 82000165, 820 00165).',
  }),
  type: DocumentTypeParam,
  group: z
    .enum(SEARCH_GROUPS)
    .optional()
    .openapi({
      param: { name: "group", in: "query" },
      description: `One group only (the others come back empty), paged with page: ${SEARCH_GROUP_LIMIT} per page, up to page ${SEARCH_MAX_PAGE}`,
      example: "threads",
    }),
  page: PageParam.openapi({
    param: { name: "page", in: "query" },
    example: 2,
    description: `With group: page of that group, from 1 (paging.next_page names the next; a page past ${SEARCH_MAX_PAGE} is empty). Without group only 1: a later page is a 422.`,
  }),
});

const route = apiRoute(OPEN_READ, ["validation-failed", "unavailable"], {
  operationId: "searchSite",
  method: "get",
  path: "/search",
  tags: ["Search"],
  summary: "Search the whole site",
  description:
    "Boards, documents (metadata and page text), threads, blog posts and repair cases, at most 10 of each, best first (bm25, titles above bodies). Only what the caller may see. `interpretation` says what was understood (corrections, word forms, concepts of the repair thesaurus in both languages, the boards in scope); `group` and `page` page through one group past its first 10.",
  request: { query: SearchRequestQuery },
  responses: { 200: { description: "Results by group", content: { "application/json": { schema: dataOf(SearchResultSchema, "SearchResponse") } } } },
});

export const searchRoute = createRouter().openapi(route, async (c) => {
  const { q, type, group, page } = c.req.valid("query");
  if (page > 1 && !group) throw validationError({ page: [msg.pageNeedsGroup()] });
  return c.json({ data: await searchSite(queryContext(c), q, { type, ...(group && { group, page }) }) }, 200);
});
