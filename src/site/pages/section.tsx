// The index page of each section (forum, blog, repair cases, library, boards), paged like the API lists.
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { listPosts } from "../../db/queries/blog";
import { listBoards } from "../../db/queries/boards/boards";
import { listCases } from "../../db/queries/cases";
import { listDocuments } from "../../db/queries/documents";
import { listCategories, listThreads, type Category } from "../../db/queries/forum";
import type { AppEnv } from "../../http/app-env";
import { DEFAULT_PER_PAGE, type PageMeta } from "../../core/pagination";
import { sectionPath, sectionUrl, type PageKind } from "../../core/urls";
import { CaseList, DocumentList, Pager, PostList, ThreadList } from "../components";
import type { Site } from "../site";
import type { SiteStrings } from "../i18n";
import { alternatesOf, pageParam, withPage } from "../item";
import { renderPage } from "../render";

type SectionKind = PageKind | "board";

const TITLES: Record<SectionKind, keyof SiteStrings> = { thread: "forum", post: "blog", case: "cases", document: "library", board: "boards" };

async function loadSection(site: Site, kind: SectionKind, page: number, category?: string): Promise<{ meta: PageMeta; list: Child }> {
  const q = site.query;
  const req = { page, perPage: DEFAULT_PER_PAGE };
  switch (kind) {
    case "thread": {
      const r = await listThreads(q, { category }, req);
      return { meta: r.meta, list: <ThreadList site={site} threads={r.data} /> };
    }
    case "post": {
      const r = await listPosts(q, {}, req);
      return { meta: r.meta, list: <PostList site={site} posts={r.data} /> };
    }
    case "case": {
      const r = await listCases(q, {}, req);
      return { meta: r.meta, list: <CaseList site={site} cases={r.data} /> };
    }
    case "document": {
      const r = await listDocuments(q, {}, req);
      return { meta: r.meta, list: <DocumentList site={site} documents={r.data} /> };
    }
    case "board": {
      const r = await listBoards(q, req);
      const list = (
        <ul class="items">
          {r.data.map((b) => (
            <li>
              <a href={b.url}>{b.number}</a>
              <div class="meta">
                {b.manufacturer ? <span>{b.manufacturer}</span> : null}
                <span>
                  {site.s.documents}: {b.documents}
                </span>
              </div>
            </li>
          ))}
        </ul>
      );
      return { meta: r.meta, list };
    }
  }
}

/** The section whose index lives at this path, if any. */
export function sectionAt(path: string, site: Site): SectionKind | undefined {
  return (Object.keys(TITLES) as SectionKind[]).find((kind) => sectionPath(kind, site.lang) === path);
}

/** The forum category a forum index asks for (?category=slug): undefined for none, null for one that does not exist. */
async function forumCategory(c: Context<AppEnv>, site: Site, kind: SectionKind): Promise<Category | null | undefined> {
  const slug = c.req.query("category");
  if (kind !== "thread" || slug === undefined) return undefined;
  return (await listCategories(site.query)).find((category) => category.slug === slug) ?? null;
}

export async function sectionPage(c: Context<AppEnv>, site: Site, kind: SectionKind): Promise<Response | undefined> {
  const page = pageParam(c);
  if (page === undefined) return undefined;
  const category = await forumCategory(c, site, kind);
  if (category === null) return undefined;
  const { meta, list } = await loadSection(site, kind, page, category?.slug);
  if (page > meta.last_page) return undefined;
  const section = site.s[TITLES[kind]] as string;
  const title = category ? `${section}: ${category.name}` : section;
  const inCategory = (url: string) => (category ? `${url}?category=${encodeURIComponent(category.slug)}` : url);
  const base = inCategory(sectionUrl(site.urls, kind));
  const href = (p: number) => withPage(base, p);
  return renderPage(
    c,
    site,
    {
      title: page > 1 ? `${title} (${site.s.pageOf(page, meta.last_page)})` : title,
      description: `${title} · ${site.s.siteName}`,
      canonical: href(page),
      alternates: alternatesOf(site, (urls) => withPage(inCategory(sectionUrl(urls, kind)), page)),
      prev: page > 1 ? href(page - 1) : undefined,
      next: page < meta.last_page ? href(page + 1) : undefined,
    },
    <>
      <h1>{title}</h1>
      {list}
      <Pager site={site} page={page} lastPage={meta.last_page} href={href} />
    </>,
  );
}
