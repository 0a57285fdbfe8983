import { OPEN_READ } from "../../auth/scopes";
import { dataOf } from "../../schemas/common";
import { SearchResultSchema } from "../../schemas/search";
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SearchQuerySchema } from "../../schemas/search-query";
import { searchSite } from "../../search";
import { apiRoute, createRouter } from "../define";
import { DocumentTypeParam } from "../params";
import { queryContext } from "../../http/request-queries";

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
});

const route = apiRoute(OPEN_READ, ["validation-failed", "unavailable"], {
  operationId: "searchSite",
  method: "get",
  path: "/search",
  tags: ["Search"],
  summary: "Search the whole site",
  description:
    "Boards, documents (metadata and page text), threads, blog posts and repair cases, at most 10 of each, best first (bm25, titles above bodies). Only what the caller may see.",
  request: { query: SearchRequestQuery },
  responses: { 200: { description: "Results by group", content: { "application/json": { schema: dataOf(SearchResultSchema, "SearchResponse") } } } },
});

export const searchRoute = createRouter().openapi(route, async (c) => {
  const { q, type } = c.req.valid("query");
  return c.json({ data: await searchSite(queryContext(c), q, { type }) }, 200);
});
