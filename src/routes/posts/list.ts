import { listPosts } from "../../db/queries/blog";
import { cursorScope, listBody } from "../../core/pagination";
import { BlogPostSchema } from "../../schemas/blog";
import { createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { linkNext, listRequest, listRoute } from "../list-page";
import { textFilter } from "../params";

const route = listRoute({
  operationId: "listPosts",
  path: "/posts",
  tags: ["Blog"],
  summary: "List blog posts",
  description: "Published posts, newest first.",
  filters: {
    tag: textFilter("tag", 100, "Tag slug", "diagnostico"),
    author: textFilter("author", 100, "Author username", "alice"),
  },
  noun: "post",
  plural: "posts",
  schema: BlogPostSchema,
  pageName: "BlogPostPage",
});

export const listPostsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  // A cursor belongs to one list: these filters, this page size, this caller (src/core/pagination.ts).
  const scope = cursorScope(["posts", q.tag, q.author, q.per_page, c.get("viewer")?.userId ?? null]);
  const page = await listPosts(queryContext(c), { tag: q.tag, author: q.author }, listRequest(c, q, q.per_page, scope));
  linkNext(c, "/posts", { tag: q.tag, author: q.author, per_page: q.per_page }, page, scope);
  return c.json(listBody(page), 200);
});
