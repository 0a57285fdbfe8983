import { listPosts } from "../../db/queries/blog";
import { BlogPostSchema } from "../../schemas/blog";
import { createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { listAnswer, listRoute } from "../list-page";
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
  schema: BlogPostSchema,
  pageName: "BlogPostPage",
});

export const listPostsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  const filters = { tag: q.tag, author: q.author };
  return c.json(await listAnswer(c, { path: "/posts", q, filters }, (request) => listPosts(queryContext(c), filters, request)), 200);
});
