// A blog post with its comments.
import type { Context } from "hono";
import { getPost } from "../../db/queries/blog";
import type { AppEnv } from "../../http/app-env";
import { canonicalId } from "../../core/ids";
import { pageUrl } from "../../core/urls";
import { SanitisedHtml, Time } from "../components";
import type { Site } from "../site";
import { alternatesOf, canonicalRedirect, plainSummary } from "../item";
import { renderPage } from "../render";

export async function postPage(c: Context<AppEnv>, site: Site, key: string): Promise<Response | undefined> {
  const id = canonicalId(key);
  if (!id || c.req.query("page") !== undefined) return undefined;
  const post = await getPost(site.query, id);
  if (!post) return undefined;
  const redirect = canonicalRedirect(c, post.url);
  if (redirect) return redirect;

  const { s } = site;
  return renderPage(
    c,
    site,
    {
      title: post.title,
      description: post.excerpt || plainSummary(post.body) || post.title,
      canonical: post.url,
      alternates: alternatesOf(site, (urls) => pageUrl(urls, "post", post.id, post.title)),
      ogType: "article",
    },
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
