// The home page of a language: what is new in every section.
import type { Context } from "hono";
import { listPosts } from "../../db/queries/blog";
import { listCases } from "../../db/queries/cases";
import { listDocuments } from "../../db/queries/documents";
import { listThreads } from "../../db/queries/forum";
import type { AppEnv } from "../../http/app-env";
import { FEEDS, feedUrl, homeUrl, sectionUrl, siteFileUrl, type PageKind } from "../../core/urls";
import { CaseList, DocumentList, PostList, ThreadList } from "../components";
import type { Site } from "../site";
import { alternatesOf } from "../item";
import { renderPage } from "../render";

const LATEST = { page: 1, perPage: 5 };

export async function homePage(c: Context<AppEnv>, site: Site): Promise<Response> {
  const q = site.query;
  const [threads, posts, cases, documents] = await Promise.all([
    listThreads(q, { latestFirst: true }, LATEST),
    listPosts(q, {}, LATEST),
    listCases(q, {}, LATEST),
    listDocuments(q, {}, LATEST),
  ]);
  const { s } = site;
  const more = (kind: PageKind) => (
    <p>
      <a href={sectionUrl(site.urls, kind)}>{s.more} →</a>
    </p>
  );
  return renderPage(
    c,
    site,
    {
      title: s.siteName,
      description: s.tagline,
      canonical: homeUrl(site.urls),
      alternates: alternatesOf(site, homeUrl),
      xDefault: siteFileUrl(site.siteUrl, ""),
    },
    <>
      <h1>{s.siteName}</h1>
      <p>{s.tagline}</p>
      <h2>{s.whatsNew}</h2>
      <div class="grid">
        <section aria-labelledby="latest-threads">
          <h3 id="latest-threads">{s.latestThreads}</h3>
          <ThreadList site={site} threads={threads.data} />
          {more("thread")}
        </section>
        <section aria-labelledby="latest-documents">
          <h3 id="latest-documents">{s.latestDocuments}</h3>
          <DocumentList site={site} documents={documents.data} />
          {more("document")}
        </section>
        <section aria-labelledby="latest-cases">
          <h3 id="latest-cases">{s.latestCases}</h3>
          <CaseList site={site} cases={cases.data} />
          {more("case")}
        </section>
        <section aria-labelledby="latest-posts">
          <h3 id="latest-posts">{s.latestPosts}</h3>
          <PostList site={site} posts={posts.data} />
          {more("post")}
        </section>
      </div>
      <section aria-labelledby="feeds">
        <h2 id="feeds">{s.feeds}</h2>
        <ul>
          {FEEDS.map((name) => (
            <li>
              <a href={feedUrl(site.urls, name)} type="application/atom+xml">
                {s[name]}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>,
  );
}
