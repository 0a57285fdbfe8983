import { OPEN_READ } from "../../auth/scopes";
import { getPost } from "../../db/queries/blog";
import { notFound } from "../../http/problem";
import { BlogPostDetailSchema } from "../../schemas/blog";
import { dataOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { idParam, requireId } from "../params";
import { queryContext } from "../../http/request-queries";

const route = apiRoute(OPEN_READ, ["not-found"], {
  operationId: "getPost",
  method: "get",
  path: "/posts/{post}",
  tags: ["Blog"],
  summary: "Get a blog post",
  description: "A published post with its comments.",
  request: { params: idParam("post", "Post") },
  responses: { 200: { description: "The post", content: { "application/json": { schema: dataOf(BlogPostDetailSchema, "BlogPostResponse") } } } },
});

export const getPostRoute = createRouter().openapi(route, async (c) => {
  const post = await getPost(queryContext(c), requireId(c.req.valid("param").post, "post"));
  if (!post) throw notFound("post");
  return c.json({ data: post }, 200);
});
