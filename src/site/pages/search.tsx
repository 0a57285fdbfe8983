// The search page of each language (/en/search, /es/buscar): the same searchSite as GET /api/v1/search,
// with the same validation, run as an anonymous visitor, its groups rendered as lists of links.
import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import { searchUrl } from "../../core/urls";
import { DOCUMENT_TYPES } from "../../schemas/common";
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SearchQuerySchema } from "../../schemas/search/search-query";
import { searchSite, type SearchResult } from "../../search";
import { BoardsMeant, CaseList, DocumentList, PostList, ThreadList } from "../components";
import type { Site } from "../site";
import { alternatesOf } from "../item";
import { renderPage } from "../render";

/** What the visitor asked for, echoed back into the form (never more than a search may hold). */
interface Asked {
  q: string;
  type?: string;
}

function SearchForm({ site, asked, errors }: { site: Site; asked: Asked; errors: string[] }) {
  const { s } = site;
  const invalid = errors.length > 0;
  return (
    <form class="search-page" role="search" aria-labelledby="search-title" method="get" action={searchUrl(site.urls)}>
      <p>
        <label for="search-q">{s.searchLabel}</label>
        <input
          id="search-q"
          type="search"
          name="q"
          value={asked.q}
          minlength={SEARCH_MIN_CHARS}
          maxlength={SEARCH_MAX_CHARS}
          required
          aria-invalid={invalid ? "true" : undefined}
          aria-describedby={invalid ? "search-error" : undefined}
        />
      </p>
      <p>
        <label for="search-type">{s.documentType}</label>
        <select id="search-type" name="type">
          <option value="">{s.anyType}</option>
          {DOCUMENT_TYPES.map((t) => (
            <option value={t} selected={t === asked.type}>
              {s.documentTypes[t] ?? t}
            </option>
          ))}
        </select>
      </p>
      <p>
        <button type="submit">{s.searchButton}</button>
      </p>
    </form>
  );
}

/** The query with each corrected word replaced by its nearest correction. */
function corrected(result: SearchResult): string | undefined {
  const fixes = new Map(result.interpretation.corrections.map((c) => [c.word, c.to[0]]));
  if (!fixes.size) return undefined;
  return result.query
    .split(/(\s+)/u)
    .map((w) => fixes.get(w.toLowerCase()) ?? w)
    .join("");
}

/** What the search understood: "showing results for" a corrected query, the concepts' other words, the scope. */
function Understood({ site, result, found }: { site: Site; result: SearchResult; found: boolean }) {
  const { s } = site;
  const { concepts, scope } = result.interpretation;
  const fixed = corrected(result);
  const notes = [
    ...concepts.map((c) => s.searchAlso(c.typed, c.also.slice(0, 3).join(", "))),
    ...(scope ? [s.searchScope(scope.boards.slice(0, 3).join(", ") + (scope.boards.length > 3 ? "…" : ""))] : []),
  ];
  const meant = <BoardsMeant s={s} boards={result.interpretation.suggestions} />;
  if (!found)
    return fixed ? (
      <>
        <p id="search-understood">
          {s.searchDidYouMean} <a href={searchUrl(site.urls, fixed)}>{fixed}</a>?
        </p>
        {meant}
      </>
    ) : (
      meant
    );
  if (!fixed && !notes.length) return meant;
  return (
    <>
      <p id="search-understood" class="meta">
        {fixed ? (
          <>
            {s.searchShowingFor} <strong>{fixed}</strong>.{" "}
          </>
        ) : null}
        {notes.join("; ")}
      </p>
      {meant}
    </>
  );
}

function Results({ site, result }: { site: Site; result: SearchResult }) {
  const { s } = site;
  const { boards, documents, threads, posts, cases } = result;
  if (!boards.length && !documents.length && !threads.length && !posts.length && !cases.length) {
    return (
      <>
        <Understood site={site} result={result} found={false} />
        <p role="status">{s.searchNone}</p>
      </>
    );
  }
  const group = (id: string, title: string, count: number, list: unknown) =>
    count ? (
      <section aria-labelledby={`results-${id}`}>
        <h2 id={`results-${id}`}>{title}</h2>
        {list}
      </section>
    ) : null;
  return (
    <>
      <Understood site={site} result={result} found={true} />
      {group(
        "boards",
        s.boards,
        boards.length,
        <ul class="items">
          {boards.map((b) => (
            <li>
              <a href={b.url}>{b.number}</a>
              {b.manufacturer ? (
                <div class="meta">
                  <span>{b.manufacturer}</span>
                </div>
              ) : null}
            </li>
          ))}
        </ul>,
      )}
      {group("documents", s.documents, documents.length, <DocumentList site={site} documents={documents} />)}
      {group("threads", s.threads, threads.length, <ThreadList site={site} threads={threads} />)}
      {group("posts", s.posts, posts.length, <PostList site={site} posts={posts} />)}
      {group("cases", s.cases, cases.length, <CaseList site={site} cases={cases} />)}
    </>
  );
}

/**
 * Empty q: the form (200). Invalid q or type: the form with the reason, status 422 like the API, not
 * cached nor indexed. Otherwise the results (200, cached like every page; the query is in the canonical
 * address and in the hreflang alternates).
 */
export async function searchPage(c: Context<AppEnv>, site: Site): Promise<Response> {
  const { s } = site;
  const rawQ = c.req.query("q") ?? "";
  // The form's "any type" option sends an empty type.
  const rawType = c.req.query("type") || undefined;
  const asked: Asked = { q: [...rawQ].slice(0, SEARCH_MAX_CHARS).join(""), type: rawType };
  const addressOf = (q?: string, type?: string) => ({
    canonical: searchUrl(site.urls, q, type),
    alternates: alternatesOf(site, (urls) => searchUrl(urls, q, type)),
  });

  if (rawQ.trim() === "") {
    return renderPage(
      c,
      site,
      { title: s.search, description: s.searchLabel, ...addressOf() },
      <>
        <h1 id="search-title">{s.search}</h1>
        <p>{s.searchPrompt}</p>
        <SearchForm site={site} asked={{ q: "", type: rawType }} errors={[]} />
      </>,
    );
  }

  const parsed = SearchQuerySchema.safeParse({ q: rawQ, type: rawType });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
    const errors = [...(fields.has("q") ? [s.searchTooShort] : []), ...(fields.has("type") ? [s.searchUnknownType] : [])];
    const res = await renderPage(
      c,
      site,
      { title: s.search, description: s.searchLabel, ...addressOf(asked.q, rawType), noindex: true },
      <>
        <h1 id="search-title">{s.search}</h1>
        <SearchForm site={site} asked={asked} errors={errors} />
        <div id="search-error" class="warn" role="alert">
          {errors.map((e) => (
            <p>{e}</p>
          ))}
        </div>
      </>,
      422,
    );
    res.headers.set("Cache-Control", "no-store");
    return res;
  }

  const { q, type } = parsed.data;
  const result = await searchSite(site.query, q, { type });
  const title = s.searchResultsFor(result.query);
  return renderPage(
    c,
    site,
    { title, description: s.searchLabel, ...addressOf(q, type) },
    <>
      <h1 id="search-title">{title}</h1>
      <SearchForm site={site} asked={{ q, type }} errors={[]} />
      <Results site={site} result={result} />
    </>,
  );
}
