// Blog reads: published posts only (published_at set and not in the future).
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { blogPostVisible } from "../../auth/visibility";
import { pageMeta, paginate, type PageMeta, type PageRequest } from "../../http/pagination";
import { pageUrl, slugify } from "../../http/urls";
import type { BlogPostDetailSchema, BlogPostSchema } from "../../schemas/blog";
import { blogComments, blogPosts, blogPostTags, users } from "../schema";
import { qualified } from "../qualified";
import { Keys, parseJsonArray, type Loader, type QueryContext } from "./context";

export type BlogPost = z.infer<typeof BlogPostSchema>;
export type BlogPostDetail = z.infer<typeof BlogPostDetailSchema>;

const postFields = {
  id: blogPosts.id,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  author: users.username,
  tags: sql<string>`(select json_group_array(tag) from (select t.tag from blog_post_tags t where t.post_id = ${qualified(blogPosts.id)} order by t.position))`,
  readingMinutes: blogPosts.readingMinutes,
  likes: blogPosts.likes,
  comments: sql<number>`(select count(*) from ${blogComments} where ${blogComments.postId} = ${qualified(blogPosts.id)})`,
  publishedAt: blogPosts.publishedAt,
};

function postQuery(ctx: QueryContext, keys?: Keys) {
  return (keys ? keys.from(ctx.db) : ctx.db).select(postFields).from(blogPosts).leftJoin(users, eq(users.id, blogPosts.authorId));
}

type PostRow = Awaited<ReturnType<ReturnType<typeof postQuery>["execute"]>>[number];

function toPost(row: PostRow, ctx: QueryContext): BlogPost {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    tags: parseJsonArray(row.tags),
    reading_minutes: row.readingMinutes,
    likes: row.likes,
    comments: row.comments,
    published_at: row.publishedAt,
    url: pageUrl(ctx.urls, "post", row.id, row.title),
  };
}

export async function listPosts(ctx: QueryContext, filter: { tag?: string; author?: string }, page: PageRequest): Promise<{ data: BlogPost[]; meta: PageMeta }> {
  // A tag made only of punctuation has no slug and names no tag (it must not match tags whose slug is empty).
  if (filter.tag !== undefined && slugify(filter.tag) === "") return { data: [], meta: pageMeta(page, 0) };
  const where = and(
    blogPostVisible(ctx.now),
    filter.tag !== undefined
      ? sql`exists (select 1 from ${blogPostTags} where ${blogPostTags.postId} = ${qualified(blogPosts.id)} and ${blogPostTags.slug} = ${slugify(filter.tag)})`
      : undefined,
    filter.author !== undefined ? sql`${blogPosts.authorId} = (select id from users where username = ${filter.author} collate nocase)` : undefined,
  );
  return paginate(
    page,
    () => ctx.db.select({ total: count() }).from(blogPosts).where(where),
    async (offset, limit) => (await postQuery(ctx).where(where).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(limit).offset(offset)).map((r) => toPost(r, ctx)),
  );
}

/** Published posts by key, in key order (batchable; undefined when there are no keys). */
export function postsLoader(ctx: QueryContext, keys: Keys | undefined): Loader<BlogPost> | undefined {
  if (!keys) return undefined;
  return {
    query: postQuery(ctx, keys).where(keys.where(blogPosts.id, blogPostVisible(ctx.now))).orderBy(keys.order(blogPosts.id)),
    map: (rows) => (rows as PostRow[]).map((r) => toPost(r, ctx)),
  };
}

export async function getPost(ctx: QueryContext, id: string): Promise<BlogPostDetail | undefined> {
  const [row] = await ctx.db
    .select({ ...postFields, body: blogPosts.body, bodyHtml: blogPosts.bodyHtml, editedAt: blogPosts.editedAt })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(eq(blogPosts.id, id), blogPostVisible(ctx.now)));
  if (!row) return undefined;
  const comments = await ctx.db
    .select({ id: blogComments.id, author: users.username, body: blogComments.body, created_at: blogComments.createdAt })
    .from(blogComments)
    .innerJoin(users, eq(users.id, blogComments.authorId))
    .where(eq(blogComments.postId, id))
    .orderBy(asc(blogComments.createdAt), asc(blogComments.id));
  return { ...toPost(row, ctx), body: row.body, body_html: row.bodyHtml, edited_at: row.editedAt, comment_list: comments };
}
