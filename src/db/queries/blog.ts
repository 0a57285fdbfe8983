// Blog reads: published posts only (published_at set and not in the future).
import { and, asc, desc, eq, gt, isNotNull, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { blogPostVisible } from "../visibility";
import { pageMeta, type Page, type PageRequest } from "../../core/pagination";
import { pageUrl, slugify } from "../../core/urls";
import type { BlogPostDetailSchema, BlogPostSchema } from "../../schemas/blog";
import { blogComments, blogPosts, blogPostTags, users } from "../schema";
import { qualified } from "../qualified";
import { batchRead, type Keys, parseJsonArray, readPage, type Loader, type QueryContext } from "./runtime";
import { afterClause, orderClause, type SortOrder } from "./keyset";
import { counter, counterKey } from "./counts";

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

/**
 * The number of published posts under the filter: the counter of posts with a publication date, less
 * those whose date is still ahead (read through the published_at index: only the scheduled ones). A tag
 * and an author together have no counter of their own: they are counted over the tag's rows.
 */
function postTotal(
  ctx: QueryContext,
  tag: SQL | undefined,
  author: SQL | undefined,
  slug: string | undefined,
  authorName: string | undefined,
): SQL<number> {
  const scheduled = sql`(select count(*) from ${blogPosts} where ${and(isNotNull(blogPosts.publishedAt), gt(blogPosts.publishedAt, ctx.now), tag, author)})`;
  if (slug !== undefined && author) {
    return sql<number>`(select count(*) from ${blogPostTags} t join ${blogPosts} on ${qualified(blogPosts.id)} = t.post_id where t.slug = ${slug} and ${and(blogPostVisible(ctx.now), author)})`;
  }
  const key =
    slug !== undefined
      ? counterKey("tag:", slug)
      : author
        ? counterKey("author:", sql`select id from users where username = ${authorName} collate nocase`)
        : counterKey("all");
  return sql<number>`(${counter("posts", key)} - ${scheduled})`;
}

const newestFirst: SortOrder = { columns: [qualified(blogPosts.publishedAt), qualified(blogPosts.id)], descending: true };

/**
 * Newest first. A page's ids are chosen from blog_posts_published_idx (published_at, id) alone, so a skipped
 * post costs one index entry; `page.after` (a cursor's position: published_at, id) starts after it.
 */
export async function listPosts(ctx: QueryContext, filter: { tag?: string; author?: string }, page: PageRequest): Promise<Page<BlogPost>> {
  // A tag made only of punctuation has no slug and names no tag (it must not match tags whose slug is empty).
  if (filter.tag !== undefined && slugify(filter.tag) === "") return { data: [], meta: pageMeta(page, 0) };
  const slug = filter.tag === undefined ? undefined : slugify(filter.tag);
  const tag =
    slug !== undefined
      ? sql`exists (select 1 from ${blogPostTags} where ${blogPostTags.postId} = ${qualified(blogPosts.id)} and ${blogPostTags.slug} = ${slug})`
      : undefined;
  const author =
    filter.author !== undefined
      ? sql`${qualified(blogPosts.authorId)} = (select id from users where username = ${filter.author} collate nocase)`
      : undefined;
  const where = and(blogPostVisible(ctx.now), tag, author, page.after ? afterClause(newestFirst, [page.after.createdAt, page.after.id]) : undefined);
  return readPage(ctx, page, postTotal(ctx, tag, author, slug, filter.author), (window, guard) => {
    const ids = sql`select ${qualified(blogPosts.id)} from ${blogPosts} where ${where} ${orderClause(newestFirst, window.reverse)} limit ${window.limit} offset ${window.offset}`;
    // A first page (or a cursor's) skips nothing: walking the index with the joins is cheapest there.
    const direct = window.offset === 0 && !window.reverse;
    return {
      query: postQuery(ctx)
        .where(and(direct ? where : sql`${qualified(blogPosts.id)} in (${ids})`, guard))
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(window.limit),
      map: (rows) => (rows as PostRow[]).map((r) => toPost(r, ctx)),
      last: (rows) => {
        const row = (rows as PostRow[]).at(-1);
        return row?.publishedAt ? { createdAt: row.publishedAt, id: row.id } : undefined;
      },
    };
  });
}

/** Published posts by key, in key order (batchable; undefined when there are no keys). */
export function postsLoader(ctx: QueryContext, keys: Keys | undefined): Loader<BlogPost> | undefined {
  if (!keys) return undefined;
  return {
    query: postQuery(ctx, keys)
      .where(keys.where(blogPosts.id, blogPostVisible(ctx.now)))
      .orderBy(keys.order(blogPosts.id)),
    map: (rows) => (rows as PostRow[]).map((r) => toPost(r, ctx)),
  };
}

/** One round trip: the post and its comments, batched (comments of an unpublished post are never returned). */
export async function getPost(ctx: QueryContext, id: string): Promise<BlogPostDetail | undefined> {
  const [rows, comments] = await batchRead(ctx, [
    ctx.db
      .select({ ...postFields, body: blogPosts.body, bodyHtml: blogPosts.bodyHtml, editedAt: blogPosts.editedAt })
      .from(blogPosts)
      .leftJoin(users, eq(users.id, blogPosts.authorId))
      .where(and(eq(blogPosts.id, id), blogPostVisible(ctx.now))),
    ctx.db
      .select({ id: blogComments.id, author: users.username, body: blogComments.body, created_at: blogComments.createdAt })
      .from(blogComments)
      .innerJoin(users, eq(users.id, blogComments.authorId))
      .where(eq(blogComments.postId, id))
      .orderBy(asc(blogComments.createdAt), asc(blogComments.id)),
  ]);
  const [row] = rows as (PostRow & { body: string; bodyHtml: string; editedAt: string | null })[];
  if (!row) return undefined;
  return {
    ...toPost(row, ctx),
    body: row.body,
    body_html: row.bodyHtml,
    edited_at: row.editedAt,
    comment_list: comments as BlogPostDetail["comment_list"],
  };
}
