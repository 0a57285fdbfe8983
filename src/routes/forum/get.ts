import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { getThread, REPLIES_PER_PAGE } from "../../db/queries/forum";
import { cursorScope, CursorParam, PageParam } from "../../core/pagination";
import { notFound } from "../../http/problem";
import { ThreadResponseSchema } from "../../schemas/forum";
import { apiRoute, createRouter } from "../define";
import { idParam, requireId } from "../params";
import { queryContext } from "../../http/request-queries";
import { successHeaders } from "../response-headers";
import { linkNext, listRequest } from "../list-page";

const route = apiRoute(OPEN_READ, ["not-found", "validation-failed"], {
  operationId: "getThread",
  method: "get",
  path: "/forum/threads/{thread}",
  tags: ["Forum"],
  summary: "Get a thread",
  description: `The thread and one page of ${REPLIES_PER_PAGE} replies, oldest first; meta paginates the replies.`,
  request: { params: idParam("thread", "Thread"), query: z.object({ page: PageParam, cursor: CursorParam }) },
  responses: {
    200: {
      description:
        "The thread with a page of replies. While more replies follow, the Link header names the next page (a cursor address): following it from page 1 lists every reply once.",
      headers: successHeaders(true, ["Link"]),
      content: { "application/json": { schema: ThreadResponseSchema } },
    },
  },
});

export const getThreadRoute = createRouter().openapi(route, async (c) => {
  const id = requireId(c.req.valid("param").thread, "thread");
  const q = c.req.valid("query");
  // A cursor belongs to one thread's replies and one caller (src/core/pagination.ts).
  const scope = cursorScope(["replies", id, c.get("viewer")?.userId ?? null]);
  const request = listRequest(c, q, REPLIES_PER_PAGE, scope);
  const thread = await getThread(queryContext(c), id, request.page, request.after);
  if (!thread) throw notFound("thread");
  linkNext(c, `/forum/threads/${id}`, {}, { data: thread.data.posts, meta: thread.meta, last: thread.last }, scope);
  return c.json({ data: thread.data, meta: thread.meta }, 200);
});
