import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { listPosts } from "../../db/queries/blog";
import { cursorScope, CursorParam, listBody, PageParam, PerPageParam } from "../../core/pagination";
import { BlogPostSchema } from "../../schemas/blog";
import { pageOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { successHeaders } from "../response-headers";
import { linkNext, listRequest } from "../list-page";

const route = apiRoute(OPEN_READ, ["validation-failed"], {
  operationId: "listPosts",
  method: "get",
  path: "/posts",
  tags: ["Blog"],
  summary: "List blog posts",
  description: "Published posts, newest first.",
  request: {
    query: z.object({
      tag: z
        .string()
        .min(1, "must not be empty")
        .max(100)
        .optional()
        .openapi({ param: { name: "tag", in: "query" }, description: "Tag slug", example: "diagnostico" }),
      author: z
        .string()
        .min(1, "must not be empty")
        .max(100)
        .optional()
        .openapi({ param: { name: "author", in: "query" }, description: "Author username", example: "alice" }),
      page: PageParam,
      per_page: PerPageParam,
      cursor: CursorParam,
    }),
  },
  responses: {
    200: {
      description:
        "A page of posts. While more follow, the Link header names the next page (a cursor address): following it from page 1 lists every post once, at any depth.",
      headers: successHeaders(true, ["Link"]),
      content: { "application/json": { schema: pageOf(BlogPostSchema, "BlogPostPage") } },
    },
  },
});

export const listPostsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  // A cursor belongs to one list: these filters, this page size, this caller (src/core/pagination.ts).
  const scope = cursorScope(["posts", q.tag, q.author, q.per_page, c.get("viewer")?.userId ?? null]);
  const page = await listPosts(queryContext(c), { tag: q.tag, author: q.author }, listRequest(c, q, q.per_page, scope));
  linkNext(c, "/posts", { tag: q.tag, author: q.author, per_page: q.per_page }, page, scope);
  return c.json(listBody(page), 200);
});
