// Small pieces shared by the pages: dates, pagers, item lists, tables, sanitised HTML.
import type { Child } from "hono/jsx";
import type { BlogPost } from "../db/queries/blog";
import type { RepairCase } from "../db/queries/cases";
import type { DocumentItem } from "../db/queries/documents";
import type { Thread } from "../db/queries/forum";
import type { Site } from "./site";
import { formatBytes, formatDate } from "./formatting";
import { boardviewUrl } from "../core/urls";
import { VIEWER_WORDS } from "./boardview-words";
import type { Excerpt } from "../search/present/excerpts";

/** A search hit: the list item and, on the search page, where it matched. */
type Hit<T> = T & { highlight?: Excerpt | null };

/** Where a search hit matched, the matched words marked (page number for page text). */
export function Highlight({ site, highlight }: { site: Site; highlight: Excerpt | null | undefined }) {
  if (!highlight) return null;
  const parts: Child[] = [];
  let at = 0;
  for (const { start: a, end: b } of highlight.marks) {
    parts.push(highlight.text.slice(at, a), <mark>{highlight.text.slice(a, b)}</mark>);
    at = b;
  }
  parts.push(highlight.text.slice(at));
  return (
    <p class="highlight">
      {highlight.page !== null ? <span class="meta">{site.s.onPage(highlight.page)}: </span> : null}
      {parts}
    </p>
  );
}

export function Time({ iso, site }: { iso: string | null | undefined; site: Site }) {
  return iso ? <time datetime={iso}>{formatDate(iso, site.lang)}</time> : null;
}

/**
 * Markdown rendered and sanitised at import (`*_html` fields only): raw HTML escaped, only http(s)/mailto
 * links kept. Nothing else is ever embedded unescaped. Its headings are shifted so the first level is
 * `topLevel` (a member's "# Title" must not compete with the page's h1).
 */
/** Lower case, accents and markup gone: how two headings are compared. */
function headingText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase();
}

/**
 * Member-written HTML under a section heading. Members often open their text with the section's own heading
 * ("## Diagnosis" under Diagnosis); that first heading is dropped when it says what `repeats` says.
 */
export function SanitisedHtml({ html, topLevel, repeats }: { html: string; topLevel: 2 | 3 | 4; repeats?: string }) {
  const opening = /^\s*<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/.exec(html);
  const body = repeats && opening && headingText(opening[1]) === headingText(repeats) ? html.slice(opening[0].length) : html;
  const shifted = body.replace(
    /<(\/?)h([1-6])(?=[\s>])/g,
    (_m, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + topLevel - 1)}`,
  );
  return <div class="prose" dangerouslySetInnerHTML={{ __html: shifted }} />;
}

/** A table that scrolls sideways on a narrow screen; focusable so keyboard users can scroll it. Its caption
 * is for assistive technology: the section heading above already shows the same words. */
/** A table that scrolls sideways on a narrow screen, with a shadow at the hidden side and, there, a line saying so. */
export function ScrollTable({ id, caption, hint, children }: { id: string; caption: string; hint: string; children: Child }) {
  return (
    <>
      <p class="scroll-hint" aria-hidden="true">
        {hint}
      </p>
      <div class="table" role="region" aria-labelledby={id} tabindex={0}>
        <table>
          <caption id={id} class="vh">
            {caption}
          </caption>
          {children}
        </table>
      </div>
    </>
  );
}

/** A section holding one table: its heading, a note if any, the column headings; the rows are the children. */
export function TableSection(props: { id: string; title: string; note?: string; hint: string; columns: string[]; children: Child }) {
  return (
    <section aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      {props.note ? <p class="meta">{props.note}</p> : null}
      <ScrollTable id={props.id} caption={props.title} hint={props.hint}>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </ScrollTable>
    </section>
  );
}

export function Pager({ site, page, lastPage, href }: { site: Site; page: number; lastPage: number; href: (page: number) => string }) {
  if (lastPage <= 1) return null;
  return (
    <nav class="pager" aria-label={site.s.pagination}>
      <ul>
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev">
              {site.s.previous}
            </a>
          ) : null}
        </li>
        <li aria-current="page">{site.s.pageOf(page, lastPage)}</li>
        <li>
          {page < lastPage ? (
            <a href={href(page + 1)} rel="next">
              {site.s.next}
            </a>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

function Empty({ site, items }: { site: Site; items: unknown[] }) {
  return items.length === 0 ? <p>{site.s.nothingYet}</p> : null;
}

export function ThreadList({ site, threads }: { site: Site; threads: Hit<Thread>[] }) {
  const { s } = site;
  return (
    <>
      <Empty site={site} items={threads} />
      <ul class="items">
        {threads.map((t) => (
          <li>
            <a href={t.url}>{t.title}</a>
            <div class="meta">
              {t.sticky ? <span class="badge">{s.sticky}</span> : null}
              <span>{s.threadStatus[t.status] ?? t.status}</span>
              <span>{t.author}</span>
              <span>{s.repliesCount(t.replies)}</span>
              <span>
                <Time iso={t.last_activity_at ?? t.created_at} site={site} />
              </span>
            </div>
            <Highlight site={site} highlight={t.highlight} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function PostList({ site, posts }: { site: Site; posts: Hit<BlogPost>[] }) {
  return (
    <>
      <Empty site={site} items={posts} />
      <ul class="items">
        {posts.map((p) => (
          <li>
            <a href={p.url}>{p.title}</a>
            <div class="meta">
              <span>{p.author ?? site.s.unknownAuthor}</span>
              <span>
                <Time iso={p.published_at} site={site} />
              </span>
              <span>{site.s.readingMinutes(p.reading_minutes)}</span>
            </div>
            {p.highlight ? <Highlight site={site} highlight={p.highlight} /> : p.excerpt ? <p>{p.excerpt}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

export function CaseList({ site, cases }: { site: Site; cases: Hit<RepairCase>[] }) {
  return (
    <>
      <Empty site={site} items={cases} />
      <ul class="items">
        {cases.map((r) => (
          <li>
            <a href={r.url}>{r.title}</a>
            <div class="meta">
              <span class={r.outcome === "fixed" ? "badge ok" : "badge"}>{site.s.outcome[r.outcome] ?? r.outcome}</span>
              {r.device_model ? <span>{r.device_model}</span> : null}
              {r.board ? <span>{r.board}</span> : null}
              <span>
                <Time iso={r.published_at} site={site} />
              </span>
            </div>
            {r.highlight ? <Highlight site={site} highlight={r.highlight} /> : <p>{r.symptom}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}

export function DocumentList({ site, documents }: { site: Site; documents: Hit<DocumentItem>[] }) {
  return (
    <>
      <Empty site={site} items={documents} />
      <ul class="items">
        {documents.map((d) => (
          <li>
            <a href={d.url}>{d.title}</a>
            <div class="meta">
              <span>{site.s.documentTypes[d.type] ?? d.type}</span>
              {d.extension ? <span>{d.extension.toUpperCase()}</span> : null}
              {d.size_bytes != null ? <span>{formatBytes(d.size_bytes, site.lang)}</span> : null}
              {d.boards.length ? <span>{d.boards.join(", ")}</span> : null}
              <span>
                <Time iso={d.created_at} site={site} />
              </span>
            </div>
            <Highlight site={site} highlight={d.highlight} />
            {d.type === "boardview" ? (
              <p class="meta">
                <a href={boardviewUrl(d.url, viewerFind(d.highlight))}>{VIEWER_WORDS[site.lang].open}</a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A boardview hit's first highlighted word (a part or net name it holds): its viewer opens on it. */
function viewerFind(highlight: Excerpt | null | undefined): { find: string } | undefined {
  const mark = highlight?.marks[0];
  return mark ? { find: highlight.text.slice(mark.start, mark.end) } : undefined;
}

/** "Did you mean" the boards one slip away from a board number that names none, each linking its page. */
export function BoardsMeant({ s, boards }: { s: { searchDidYouMean: string }; boards: readonly { number: string; url: string }[] }) {
  if (!boards.length) return null;
  return (
    <p id="board-suggestions">
      {s.searchDidYouMean}{" "}
      {boards.map((b, i) => (
        <>
          {i ? ", " : ""}
          <a href={b.url}>{b.number}</a>
        </>
      ))}
      ?
    </p>
  );
}
