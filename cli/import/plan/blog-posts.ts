// A blog post with its tags and comments.
// One of the section planners of the importer (../load.ts); record-plan.ts says what a plan holds.
import { sql } from "drizzle-orm";
import * as t from "../../../src/db/schema";
import { readingMinutes, renderMarkdown } from "../../../src/content/markdown";
import { slugify } from "../../../src/core/urls";
import type { Item, PlanContext, RecordPlanBuilder } from "./record-plan";
import { derivedId, ifChanged, iso, userId, withGivenTime } from "./values";

export async function planBlogPost(plan: RecordPlanBuilder, ctx: PlanContext, p: Item<"blog_posts">): Promise<void> {
  const { db, now } = ctx;
  const id = p.id?.toUpperCase() ?? (await derivedId("post", `${p.author ?? ""}\n${p.title}`, p.published_at));
  const values = {
    title: p.title,
    excerpt: p.excerpt ?? "",
    authorId: userId(p.author),
    body: p.body,
    bodyHtml: renderMarkdown(p.body),
    likes: p.likes,
    readingMinutes: readingMinutes(p.body),
    publishedAt: p.published_at ? new Date(p.published_at).toISOString() : null,
    editedAt: p.edited_at ? new Date(p.edited_at).toISOString() : null,
  };
  plan.push(
    db
      .insert(t.blogPosts)
      .values({ ...values, id, createdAt: now })
      .onConflictDoUpdate({ target: t.blogPosts.id, set: values, setWhere: ifChanged(t.blogPosts, values) }),
  );
  // Tags in place, written only when they differ; those gone from the file deleted.
  const tags = [...new Set(p.tags ?? [])];
  plan.push(
    db
      .delete(t.blogPostTags)
      .where(sql`${t.blogPostTags.postId} = ${id} and ${t.blogPostTags.tag} not in (select value from json_each(${JSON.stringify(tags)}))`),
  );
  tags.forEach((tag, position) => {
    const row = { slug: slugify(tag), position };
    plan.push(
      db
        .insert(t.blogPostTags)
        .values({ ...row, postId: id, tag })
        .onConflictDoUpdate({ target: [t.blogPostTags.postId, t.blogPostTags.tag], set: row, setWhere: ifChanged(t.blogPostTags, row) }),
    );
  });
  const usedIds = new Set((p.comments ?? []).flatMap((c) => (c.id === undefined ? [] : [c.id])));
  let nextId = 1;
  const commentIds: number[] = [];
  for (const c of p.comments ?? []) {
    let commentId = c.id;
    if (commentId === undefined) {
      while (usedIds.has(nextId)) nextId++;
      commentId = nextId++;
    }
    commentIds.push(commentId);
    const values = { authorId: userId(c.author)!, body: c.body, bodyHtml: renderMarkdown(c.body) };
    plan.push(
      db
        .insert(t.blogComments)
        .values({ ...values, postId: id, id: commentId, createdAt: c.created_at ? iso(c.created_at) : now })
        .onConflictDoUpdate({
          target: [t.blogComments.postId, t.blogComments.id],
          set: withGivenTime(values, "createdAt", c.created_at),
          setWhere: ifChanged(t.blogComments, withGivenTime(values, "createdAt", c.created_at)),
        }),
    );
  }
  // Comments gone from the file are removed; the others were updated in place above.
  plan.push(
    db
      .delete(t.blogComments)
      .where(sql`${t.blogComments.postId} = ${id} and ${t.blogComments.id} not in (select value from json_each(${JSON.stringify(commentIds)}))`),
  );
  plan.count("blog_posts");
}
