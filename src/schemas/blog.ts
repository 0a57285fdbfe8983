import { z } from "@hono/zod-openapi";
import { DateTimeSchema, IdSchema, UrlSchema } from "./common";

export const BlogPostSchema = z
  .object({
    id: IdSchema,
    title: z.string(),
    excerpt: z.string(),
    author: z.string().nullable(),
    tags: z.array(z.string()),
    reading_minutes: z.number().int(),
    likes: z.number().int(),
    comments: z.number().int(),
    published_at: DateTimeSchema.nullable(),
    url: UrlSchema,
  })
  .openapi("BlogPost");

export const CommentSchema = z
  .object({ id: z.number().int(), author: z.string(), body: z.string(), created_at: DateTimeSchema.nullable() })
  .openapi("Comment");

export const BlogPostDetailSchema = BlogPostSchema.extend({
  body: z.string().openapi({ description: "Markdown" }),
  body_html: z.string().openapi({ description: "Sanitised HTML" }),
  edited_at: DateTimeSchema.nullable(),
  comment_list: z.array(CommentSchema),
}).openapi("BlogPostDetail");
