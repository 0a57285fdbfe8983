import { listThreads } from "../../db/queries/forum";
import { cursorScope, listBody } from "../../core/pagination";
import { ThreadSchema } from "../../schemas/forum";
import { createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { linkNext, listRequest, listRoute } from "../list-page";
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
  noun: "thread",
  plural: "threads",
  schema: ThreadSchema,
  pageName: "ThreadPage",
});

export const listThreadsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  // A cursor belongs to one list: these filters, this page size, this caller (src/core/pagination.ts).
  const scope = cursorScope(["threads", q.category, q.per_page, c.get("viewer")?.userId ?? null]);
  const page = await listThreads(queryContext(c), { category: q.category }, listRequest(c, q, q.per_page, scope));
  linkNext(c, "/forum/threads", { category: q.category, per_page: q.per_page }, page, scope);
  return c.json(listBody(page), 200);
});
