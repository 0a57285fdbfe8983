import { listThreads } from "../../db/queries/forum";
import { ThreadSchema } from "../../schemas/forum";
import { createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { listAnswer, listRoute } from "../list-page";
import { textFilter } from "../params";

const route = listRoute({
  operationId: "listThreads",
  path: "/forum/threads",
  tags: ["Forum"],
  summary: "List threads",
  description: "Sticky threads first, then most recent activity.",
  filters: {
    category: textFilter("category", 100, "Category slug", "laptops"),
  },
  schema: ThreadSchema,
  pageName: "ThreadPage",
});

export const listThreadsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  const filters = { category: q.category };
  return c.json(await listAnswer(c, { path: "/forum/threads", q, filters }, (request) => listThreads(queryContext(c), filters, request)), 200);
});
