import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { listThreads } from "../../db/queries/forum";
import { PageParam, PerPageParam } from "../../http/pagination";
import { pageOf } from "../../schemas/common";
import { ThreadSchema } from "../../schemas/forum";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/query-context";

const route = apiRoute(OPEN_READ, ["validation-failed"], {
  operationId: "listThreads",
  method: "get",
  path: "/forum/threads",
  tags: ["Forum"],
  summary: "List threads",
  description: "Sticky threads first, then most recent activity.",
  request: {
    query: z.object({
      category: z.string().min(1, "must not be empty").max(100).optional().openapi({ param: { name: "category", in: "query" }, description: "Category slug", example: "laptops" }),
      page: PageParam,
      per_page: PerPageParam,
    }),
  },
  responses: { 200: { description: "A page of threads", content: { "application/json": { schema: pageOf(ThreadSchema, "ThreadPage") } } } },
});

export const listThreadsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  return c.json(await listThreads(queryContext(c), { category: q.category }, { page: q.page, perPage: q.per_page }), 200);
});
