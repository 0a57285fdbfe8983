// A forum thread with one page of its replies (50, like the API).
import type { Context } from "hono";
import { getThread, listCategories } from "../../db/queries/forum";
import type { AppEnv } from "../../http/app-env";
import { canonicalId } from "../../core/ids";
import { pageUrl, sectionUrl } from "../../core/urls";
import { Pager, SanitisedHtml, Time } from "../components";
import type { Site } from "../site";
import { alternatesOf, canonicalRedirect, pageParam, plainSummary, withPage } from "../item";
import { renderPage } from "../render";

export async function threadPage(c: Context<AppEnv>, site: Site, key: string): Promise<Response | undefined> {
  const id = canonicalId(key);
  const page = pageParam(c);
  if (!id || page === undefined) return undefined;
  const found = await getThread(site.query, id, page);
  if (!found) return undefined;
  const { data: thread, meta } = found;
  if (page > meta.last_page) return undefined;
  const redirect = canonicalRedirect(c, thread.url);
  if (redirect) return redirect;

  const { s } = site;
  const categoryName = (await listCategories(site.query)).find((category) => category.slug === thread.category)?.name ?? thread.category;
  const alternates = alternatesOf(site, (urls) => withPage(pageUrl(urls, "thread", thread.id, thread.title), page));
  const href = (p: number) => withPage(thread.url, p);
  return renderPage(
    c,
    site,
    {
      title: page > 1 ? `${thread.title} (${s.pageOf(page, meta.last_page)})` : thread.title,
      description: plainSummary(thread.body) || thread.title,
      canonical: href(page),
      alternates,
      ogType: "article",
      prev: page > 1 ? href(page - 1) : undefined,
      next: page < meta.last_page ? href(page + 1) : undefined,
    },
    <article>
      <header>
        <h1>{thread.title}</h1>
        <p class="meta">
          <span>
            {s.by} {thread.author}
          </span>
          <span>
            <Time iso={thread.created_at} site={site} />
          </span>
          <span>
            {s.category}: <a href={`${sectionUrl(site.urls, "thread")}?category=${encodeURIComponent(thread.category)}`}>{categoryName}</a>
          </span>
          <span class={thread.status === "solved" ? "badge ok" : "badge"}>{s.threadStatus[thread.status] ?? thread.status}</span>
          {thread.sticky ? <span class="badge">{s.sticky}</span> : null}
        </p>
        {thread.board || thread.document ? (
          <dl class="facts">
            {thread.board ? (
              <>
                <dt>{s.board}</dt>
                <dd>
                  <a href={thread.board.url}>{thread.board.number}</a>
                </dd>
              </>
            ) : null}
            {thread.document ? (
              <>
                <dt>{s.relatedDocument}</dt>
                <dd>
                  <a href={pageUrl(site.urls, "document", thread.document.id, thread.document.title)}>{thread.document.title}</a>
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </header>
      {page === 1 ? <SanitisedHtml html={thread.body_html} topLevel={2} /> : null}
      <section aria-labelledby="replies">
        <h2 id="replies">
          {s.replies} ({meta.total})
        </h2>
        {thread.posts.length === 0 ? <p>{s.noReplies}</p> : null}
        {thread.posts.map((post) => (
          <article
            class={post.is_solution ? "reply solution" : "reply"}
            id={`reply-${post.id}`}
            aria-label={`${post.author}${post.is_solution ? ` — ${s.solution}` : ""}`}
          >
            <p class="meta">
              <span>
                <strong>{post.author}</strong>
              </span>
              <span>
                <Time iso={post.created_at} site={site} />
              </span>
              <span>
                {s.score}: {post.score}
              </span>
              {post.is_solution ? <span class="badge ok">{s.solution}</span> : null}
            </p>
            <SanitisedHtml html={post.body_html} topLevel={3} />
          </article>
        ))}
        <Pager site={site} page={page} lastPage={meta.last_page} href={href} />
      </section>
    </article>,
  );
}
