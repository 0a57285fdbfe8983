import { getPost } from "../../db/queries/blog";
import { BlogPostDetailSchema } from "../../schemas/blog";
import { itemOperation } from "../item-route";

export const getPostRoute = itemOperation(
  {
    operationId: "getPost",
    path: "/posts/{post}",
    tags: ["Blog"],
    summary: "Get a blog post",
    description: "A published post with its comments.",
    param: "post",
    what: "Post",
    thing: "post",
    schema: BlogPostDetailSchema,
    responseName: "BlogPostResponse",
    answer: "The post",
  },
  getPost,
);
