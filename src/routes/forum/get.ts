import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { getThread, REPLIES_PER_PAGE } from "../../db/queries/forum";
import { PageParam } from "../../http/pagination";
import { notFound } from "../../http/problem";
import { ThreadResponseSchema } from "../../schemas/forum";
import { apiRoute, createRouter } from "../define";
import { idParam, requireId } from "../params";
import { queryContext } from "../../http/query-context";

const route = apiRoute(OPEN_READ, ["not-found", "validation-failed"], {
  operationId: "getThread",
  method: "get",
  path: "/forum/threads/{thread}",
  tags: ["Forum"],
  summary: "Get a thread",
  description: `The thread and one page of ${REPLIES_PER_PAGE} replies, oldest first; meta paginates the replies.`,
  request: { params: idParam("thread", "Thread"), query: z.object({ page: PageParam }) },
  responses: { 200: { description: "The thread with a page of replies", content: { "application/json": { schema: ThreadResponseSchema } } } },
});

export const getThreadRoute = createRouter().openapi(route, async (c) => {
  const thread = await getThread(queryContext(c), requireId(c.req.valid("param").thread, "thread"), c.req.valid("query").page);
  if (!thread) throw notFound("thread");
  return c.json(thread, 200);
});
