// A schematic page with a name marked (issue 55), at /{lang}/{schematic}/{document}/{page}?name=. A signed-in member
// gets the page drawn by pdf.js (public/schematic/page.js, loaded only here) from a signed link counted as their
// download, the name's places marked and the page's boardview names linked back to the viewer. Anyone else gets
// the page's title and number, the words around each place and a sign-in link, and no byte of the file. The answer
// depends on who asks: never cached.
import type { Context } from "hono";
import { schematicPage, type SchematicPageView } from "../../db/queries/boards/schematic-page";
import { accountUrl, parseSchematicPagePath, schematicPagePath } from "../../core/urls";
import { LANGUAGES, type Lang } from "../../core/language";
import type { AppEnv } from "../../http/app-env";
import { queryContext } from "../../http/request-queries";
import type { PlaceBox } from "../../text/places";
import { memberDownload } from "../account/download";
import { currentMember } from "../account/guard";
import { renderPage } from "../render";
import { siteFor, type Site } from "../site";
import { notFoundPage } from "../pages/errors";
import { schematicWords, type SchematicWords } from "../schematic-links/words";

/** Longest name taken from the address. */
const MAX_NAME = 200;

const boxData = (b: PlaceBox) => [b.x, b.y, b.w, b.h].map((v) => v.toFixed(5)).join(",");

/** The page view when the address is one, else undefined (the next route answers). */
export async function schematicPageFor(c: Context<AppEnv>, lang: Lang): Promise<Response | undefined> {
  const parsed = parseSchematicPagePath(c.req.path);
  if (!parsed || parsed.lang !== lang) return undefined;
  const site = siteFor(c, lang);
  const name = (c.req.query("name") ?? "").trim().slice(0, MAX_NAME);
  const member = await currentMember(c);
  const ctx = member ? { ...queryContext(c), viewer: { userId: member.userId } } : site.query;
  const view = await schematicPage(ctx, parsed.documentId, parsed.page, name, member !== undefined);
  if (!view) return notFoundPage(c);
  const outcome = member ? await memberDownload(c, member, view.document.id) : undefined;
  if (outcome?.kind === "not-found" || outcome?.kind === "not-available") return notFoundPage(c);
  const w = schematicWords(lang);
  const file = outcome?.kind === "issued" ? outcome.url : undefined;
  const notice = outcome?.kind === "capped" ? w.capped(outcome.cap.rule.limit) : undefined;
  const query = name ? `?name=${encodeURIComponent(name)}` : "";
  const alternates = Object.fromEntries(
    LANGUAGES.map((l) => [l, `${site.siteUrl}${schematicPagePath(l, view.document.id, view.page)}${query}`]),
  ) as Record<Lang, string>;
  const res = await renderPage(
    c,
    site,
    { title: w.title(view.document.title, view.page), description: w.marking(name), canonical: alternates[lang], alternates, noindex: true },
    <SchematicView site={site} w={w} view={view} file={file} signedIn={member !== undefined} notice={notice} />,
  );
  res.headers.set("Cache-Control", "private, no-store");
  return res;
}

function SchematicView(props: { site: Site; w: SchematicWords; view: SchematicPageView; file?: string; signedIn: boolean; notice?: string }) {
  const { site, w, view, file } = props;
  return (
    <article class="schematic">
      <h1>{view.document.title}</h1>
      <p>
        {w.pageOf(view.page, view.document.pageCount)} · <a href={view.document.url}>{w.document}</a>
      </p>
      <p>{view.marks.length ? w.marking(view.name) : w.notPrinted(view.name)}</p>
      {props.notice ? <p role="status">{props.notice}</p> : null}
      {file ? (
        <div
          data-schematic
          data-file={file}
          data-page={String(view.page)}
          data-words={JSON.stringify({ loading: w.loading, failed: w.failed })}
          role="region"
          aria-label={w.drawing}
        >
          <div class="sv-tools">
            <button type="button" data-zoom="in" aria-label={w.zoomIn}>
              +
            </button>
            <button type="button" data-zoom="out" aria-label={w.zoomOut}>
              −
            </button>
            <button type="button" data-zoom="fit">
              {w.fit}
            </button>
            <span data-status role="status">
              {w.loading}
            </span>
          </div>
          <div class="sv-frame">
            <div class="sv-sheet">
              <canvas />
              {view.marks.map((b) => (
                <span data-mark data-box={boxData(b)} title={view.name} />
              ))}
              {view.links.map((l) => (
                <a data-link data-kind={l.kind} data-box={boxData(l.box)} href={l.url} title={w.openInViewer(l.name)}>
                  {l.name}
                </a>
              ))}
            </div>
          </div>
          <script type="module" src="/schematic/page.js" />
        </div>
      ) : null}
      {view.excerpts.length && !file ? (
        <section>
          <h2>{w.around}</h2>
          <ul class="items">
            {view.excerpts.map((e) => (
              <li data-excerpt>
                {e.before} <mark>{e.word}</mark> {e.after}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {props.signedIn ? null : (
        <p>
          {w.signIn} <a href={accountUrl(site.urls, "sign-in")}>{w.signInLink}</a>
        </p>
      )}
    </article>
  );
}
