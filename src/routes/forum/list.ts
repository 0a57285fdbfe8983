import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { listThreads } from "../../db/queries/forum";
import { cursorScope, CursorParam, listBody, PageParam, PerPageParam } from "../../core/pagination";
import { pageOf } from "../../schemas/common";
import { ThreadSchema } from "../../schemas/forum";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { successHeaders } from "../response-headers";
import { linkNext, listRequest } from "../list-page";

const route = apiRoute(OPEN_READ, ["validation-failed"], {
  operationId: "listThreads",
  method: "get",
  path: "/forum/threads",
  tags: ["Forum"],
  summary: "List threads",
  description: "Sticky threads first, then most recent activity.",
  request: {
    query: z.object({
      category: z
        .string()
        .min(1, "must not be empty")
        .max(100)
        .optional()
        .openapi({ param: { name: "category", in: "query" }, description: "Category slug", example: "laptops" }),
      page: PageParam,
      per_page: PerPageParam,
      cursor: CursorParam,
    }),
  },
  responses: {
    200: {
      description:
        "A page of threads. While more follow, the Link header names the next page (a cursor address): following it from page 1 lists every thread once, at any depth.",
      headers: successHeaders(true, ["Link"]),
      content: { "application/json": { schema: pageOf(ThreadSchema, "ThreadPage") } },
    },
  },
});

export const listThreadsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  // A cursor belongs to one list: these filters, this page size, this caller (src/core/pagination.ts).
  const scope = cursorScope(["threads", q.category, q.per_page, c.get("viewer")?.userId ?? null]);
  const page = await listThreads(queryContext(c), { category: q.category }, listRequest(c, q, q.per_page, scope));
  linkNext(c, "/forum/threads", { category: q.category, per_page: q.per_page }, page, scope);
  return c.json(listBody(page), 200);
});
