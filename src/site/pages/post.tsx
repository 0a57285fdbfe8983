// A blog post with its comments.
import type { Context } from "hono";
import { getPost } from "../../db/queries/blog";
import type { AppEnv } from "../../http/app-env";
import { SanitisedHtml, Time } from "../components";
import type { Site } from "../site";
import { articleHead, itemOfPage, plainSummary } from "../item";
import { renderPage } from "../render";

export async function postPage(c: Context<AppEnv>, site: Site, key: string): Promise<Response | undefined> {
  const post = await itemOfPage(c, key, (id) => getPost(site.query, id));
  if (!post || post instanceof Response) return post;

  const { s } = site;
  return renderPage(
    c,
    site,
    articleHead(site, "post", post, post.excerpt || plainSummary(post.body) || post.title),
    <article>
      <header>
        <h1>{post.title}</h1>
        <p class="meta">
          <span>
            {s.by} {post.author ?? s.unknownAuthor}
          </span>
          <span>
            {s.published} <Time iso={post.published_at} site={site} />
          </span>
          {post.edited_at ? (
            <span>
              {s.edited} <Time iso={post.edited_at} site={site} />
            </span>
          ) : null}
          <span>{s.readingMinutes(post.reading_minutes)}</span>
          <span>
            {s.likes}: {post.likes}
          </span>
        </p>
        {post.tags.length ? (
          <p class="meta">
            {s.tags}:{" "}
            {post.tags.map((t, i) => (
              <>
                {i > 0 ? ", " : ""}
                <span class="badge">{t}</span>
              </>
            ))}
          </p>
        ) : null}
      </header>
      <SanitisedHtml html={post.body_html} topLevel={2} />
      <section aria-labelledby="comments">
        <h2 id="comments">
          {s.comments} ({post.comment_list.length})
        </h2>
        {post.comment_list.length === 0 ? <p>{s.noComments}</p> : null}
        {post.comment_list.map((comment) => (
          <article class="reply" id={`comment-${comment.id}`} aria-label={comment.author}>
            <p class="meta">
              <span>
                <strong>{comment.author}</strong>
              </span>
              <span>
                <Time iso={comment.created_at} site={site} />
              </span>
            </p>
            <p class="comment">{comment.body}</p>
          </article>
        ))}
      </section>
    </article>,
  );
}
