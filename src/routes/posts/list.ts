import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { listPosts } from "../../db/queries/blog";
import { PageParam, PerPageParam } from "../../http/pagination";
import { BlogPostSchema } from "../../schemas/blog";
import { pageOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/query-context";

const route = apiRoute(OPEN_READ, ["validation-failed"], {
  operationId: "listPosts",
  method: "get",
  path: "/posts",
  tags: ["Blog"],
  summary: "List blog posts",
  description: "Published posts, newest first.",
  request: {
    query: z.object({
      tag: z.string().min(1, "must not be empty").max(100).optional().openapi({ param: { name: "tag", in: "query" }, description: "Tag slug", example: "diagnostico" }),
      author: z.string().min(1, "must not be empty").max(100).optional().openapi({ param: { name: "author", in: "query" }, description: "Author username", example: "alice" }),
      page: PageParam,
      per_page: PerPageParam,
    }),
  },
  responses: { 200: { description: "A page of posts", content: { "application/json": { schema: pageOf(BlogPostSchema, "BlogPostPage") } } } },
});

export const listPostsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  return c.json(await listPosts(queryContext(c), { tag: q.tag, author: q.author }, { page: q.page, perPage: q.per_page }), 200);
});
