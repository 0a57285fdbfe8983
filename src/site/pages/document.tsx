// A library document: metadata, versions and boards. The page is the same for everyone (cached); its Download
// button posts to the member's download (site/account/download.ts), which signs in first when there is no session.
import type { Context } from "hono";
import { getDocument } from "../../db/queries/document-detail";
import type { AppEnv } from "../../http/app-env";
import { accountUrl, apiDocsUrl, boardUrl, normalizeBoardNumber } from "../../core/urls";
import { TableSection, Time } from "../components";
import type { Site } from "../site";
import { formatBytes } from "../formatting";
import { articleHead, itemOfPage, plainSummary } from "../item";
import { renderPage } from "../render";
import { BoardviewViewer, viewerSelection } from "./boardview-viewer";

export async function documentPage(c: Context<AppEnv>, site: Site, key: string): Promise<Response | undefined> {
  const doc = await itemOfPage(c, key, (id) => getDocument(site.query, id));
  if (!doc || doc instanceof Response) return doc;

  const { s, lang } = site;
  const readable = !!doc.boardview?.format;
  const selection = readable
    ? await viewerSelection(site, doc.id, doc.boards, {
        part: c.req.query("part"),
        net: c.req.query("net"),
        pin: c.req.query("pin"),
        find: c.req.query("find"),
      })
    : null;
  const fact = (label: string, value: unknown) =>
    value === null || value === undefined || value === "" ? null : (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    );
  const downloadCall = `GET ${site.siteUrl}/api/v1/documents/${doc.id}/download\nAuthorization: Bearer <API_KEY>`;
  return renderPage(
    c,
    site,
    articleHead(
      site,
      "document",
      doc,
      plainSummary(doc.description) || [s.documentTypes[doc.type] ?? doc.type, doc.manufacturer, ...doc.boards].filter(Boolean).join(" · "),
    ),
    <article>
      <header>
        <h1>{doc.title}</h1>
        <p class="meta">
          <span class="badge">{s.documentTypes[doc.type] ?? doc.type}</span>
          {doc.owner ? (
            <span>
              {s.uploader} {doc.owner}
            </span>
          ) : null}
          <span>
            <Time iso={doc.created_at} site={site} />
          </span>
          <span>
            {s.downloads}: {doc.downloads}
          </span>
        </p>
      </header>
      {doc.executable ? (
        <p class="warn" role="note">
          {s.executableWarning}
        </p>
      ) : null}
      {/* Why the file gave no values (a values file with no ID line, an unknown board, no rows), in the page's language. */}
      {doc.status_reason ? (
        <p class="warn" role="note" data-status-reason>
          {doc.status_reason}
        </p>
      ) : null}
      {doc.description ? <p class="comment">{doc.description}</p> : null}
      <dl class="facts">
        {fact(s.manufacturer, doc.manufacturer)}
        {doc.boards.length ? (
          <>
            <dt>{s.boards}</dt>
            <dd>
              {doc.boards.map((b, i) => (
                <>
                  {i > 0 ? ", " : ""}
                  <a href={boardUrl(site.urls, normalizeBoardNumber(b))}>{b}</a>
                </>
              ))}
            </dd>
          </>
        ) : null}
        {fact(s.fileFormat, doc.extension?.toUpperCase())}
        {fact(s.size, formatBytes(doc.size_bytes, lang))}
        {fact(s.pages, doc.page_count)}
        {fact(s.chipset, doc.chipset)}
        {fact(s.boardRevision, doc.board_revision)}
        {fact(s.language, doc.language)}
        {fact(s.source, doc.source_note)}
        {doc.tags.length ? fact(s.tags, doc.tags.join(", ")) : null}
        {doc.boardview
          ? fact(s.boardview, doc.boardview.format ? s.boardviewCounts(doc.boardview) : s.boardviewUnreadable(doc.boardview.reason ?? ""))
          : null}
        {doc.sha256 ? (
          <>
            <dt>{s.sha256}</dt>
            <dd>
              <code>{doc.sha256}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {readable ? <BoardviewViewer site={site} id={doc.id} url={doc.url} boards={doc.boards} selection={selection} /> : null}
      <section aria-labelledby="download">
        <h2 id="download">{s.download}</h2>
        <p id="download-help">{s.downloadHelp}</p>
        <form method="post" action={accountUrl(site.urls, `account/download/${doc.id}`)} data-download>
          <button type="submit" aria-describedby="download-help">
            {s.download}
          </button>
        </form>
        <p>
          {s.downloadScripts} <a href={accountUrl(site.urls, "account/keys")}>{s.apiKeysSettings}</a> {s.downloadScriptsAfter}
        </p>
        <pre>
          <code>{downloadCall}</code>
        </pre>
        <p>
          <a href={apiDocsUrl(site.siteUrl)}>{s.apiDocs}</a>
        </p>
      </section>
      {doc.versions.length ? (
        <TableSection id="versions" title={s.versions} hint={s.scrollHint} columns={[s.version, s.filename, s.size, s.created, s.changelog]}>
          {doc.versions.map((v) => (
            <tr>
              <th scope="row">
                {v.version}
                {v.is_current ? ` (${s.current})` : ""}
              </th>
              <td>
                <code>{v.filename}</code>
              </td>
              <td>{formatBytes(v.size_bytes, lang)}</td>
              <td>
                <Time iso={v.created_at} site={site} />
              </td>
              <td>{v.changelog ?? ""}</td>
            </tr>
          ))}
        </TableSection>
      ) : null}
    </article>,
  );
}
