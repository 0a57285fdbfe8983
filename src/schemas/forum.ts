import { z } from "@hono/zod-openapi";
import { BoardSchema } from "./boards";
import { DateTimeSchema, IdSchema, nullableRef, PageMetaSchema, THREAD_STATUSES, UrlSchema } from "./common";

export const CategorySchema = z
  .object({ slug: z.string(), name: z.string(), description: z.string().nullable(), threads: z.number().int() })
  .openapi("Category");

export const ThreadSchema = z
  .object({
    id: IdSchema,
    category: z.string().openapi({ description: "Category slug" }),
    title: z.string(),
    status: z.enum(THREAD_STATUSES).openapi("ThreadStatus"),
    sticky: z.boolean(),
    author: z.string(),
    replies: z.number().int(),
    created_at: DateTimeSchema.nullable(),
    last_activity_at: DateTimeSchema.nullable(),
    url: UrlSchema,
  })
  .openapi("Thread");

export const ReplySchema = z
  .object({
    id: IdSchema,
    author: z.string(),
    body: z.string(),
    body_html: z.string(),
    is_solution: z.boolean().openapi({ description: "Marks the accepted solution" }),
    score: z.number().int(),
    created_at: DateTimeSchema.nullable(),
  })
  .openapi("Post");

export const ThreadDetailSchema = ThreadSchema.extend({
  body: z.string(),
  body_html: z.string(),
  board: nullableRef(BoardSchema),
  document: z.object({ id: IdSchema, title: z.string() }).nullable(),
  posts: z.array(ReplySchema),
}).openapi("ThreadDetail");

export const ThreadResponseSchema = z.object({ data: ThreadDetailSchema, meta: PageMetaSchema }).openapi("ThreadResponse");
