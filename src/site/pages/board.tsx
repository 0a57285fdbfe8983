// A board: its names, facts, the documents visible to an anonymous visitor, its published threads and repair cases,
// and the values measured on it (issue 31), the table in a sideways-scrolling wrapper for phones.
import type { Context } from "hono";
import { boardIdOf } from "../../db/queries/board-lookup";
import { getBoard } from "../../db/queries/boards/board-detail";
import { listCases } from "../../db/queries/cases";
import type { AppEnv } from "../../http/app-env";
import { boardUrl, pointUrl } from "../../core/urls";
import { boardviewsHoldingParts } from "../../db/queries/board-notes";
import { DiagnosisNotes, notedParts } from "../notes";
import { CaseList, DocumentList, TableSection, ThreadList } from "../components";
import type { Site } from "../site";
import { alternatesOf, canonicalRedirect } from "../item";
import { renderPage } from "../render";
import { suggestBoards } from "../../search/suggest/board-suggestions";
import { notFoundPage } from "./errors";

export async function boardPage(c: Context<AppEnv>, site: Site, key: string): Promise<Response | undefined> {
  if (key.length > 100 || c.req.query("page") !== undefined) return undefined;
  // Side by side, not one after the other: the cases filter names the board by the same spelling.
  const [board, cases] = await Promise.all([getBoard(site.query, key), listCases(site.query, { boardId: boardIdOf(key) }, { page: 1, perPage: 50 })]);
  // Did you mean: a number one slip away from a board's (the 404 page links them).
  if (!board) return notFoundPage(c, await suggestBoards(site.query, key));
  const redirect = canonicalRedirect(c, board.url);
  if (redirect) return redirect;
  const notes = board.notes ?? [];
  const holders = notes.length ? await boardviewsHoldingParts(site.query, board.number, notedParts(notes)) : new Map();

  const { s } = site;
  const fact = (label: string, value: string | null) =>
    value ? (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    ) : null;
  return renderPage(
    c,
    site,
    {
      title: board.number,
      description: [board.manufacturer, board.number, board.aliases.join(", ")].filter(Boolean).join(" · "),
      canonical: board.url,
      alternates: alternatesOf(site, (urls) => boardUrl(urls, board.norm)),
    },
    <article>
      <header>
        <h1>{board.number}</h1>
        {board.manufacturer ? (
          <p class="meta">
            <span>{board.manufacturer}</span>
          </p>
        ) : null}
      </header>
      <dl class="facts">
        {board.aliases.length ? fact(s.aliases, board.aliases.join(", ")) : null}
        {fact(s.status, s.boardStatus[board.status] ?? board.status)}
        {fact(s.boardCode, board.board_code)}
        {fact(s.platform, board.platform)}
        {fact(s.codename, board.codename)}
      </dl>
      <section aria-labelledby="documents">
        <h2 id="documents">{s.boardDocuments}</h2>
        <DocumentList site={site} documents={board.documents} />
      </section>
      {board.threads.length ? (
        <section aria-labelledby="threads">
          <h2 id="threads">{s.boardThreads}</h2>
          <ThreadList site={site} threads={board.threads} />
        </section>
      ) : null}
      <section aria-labelledby="cases">
        <h2 id="cases">{s.boardCases}</h2>
        <CaseList site={site} cases={cases.data} />
      </section>
      {notes.length ? (
        <section aria-labelledby="notes-heading">
          <h2 id="notes-heading">{s.boardNotes}</h2>
          <p class="meta">{s.boardNotesNote}</p>
          <DiagnosisNotes site={site} board={board.norm} notes={notes} holders={holders} />
        </section>
      ) : null}
      {board.points.length ? (
        <TableSection
          id="values"
          title={s.boardValues}
          note={s.boardValuesNote}
          hint={s.scrollHint}
          columns={[s.point, s.measurements, s.componentChanges, s.expected, s.referenceValues]}
        >
          {board.points.map((p) => (
            <tr>
              <th scope="row">
                <a href={pointUrl(site.urls, board.norm, p.point)}>
                  <code>{p.point}</code>
                </a>
              </th>
              <td>{p.measurements}</td>
              <td>{p.components}</td>
              <td>{p.expected ? `${p.expected.value} (${p.expected.count} ${s.reports})` : ""}</td>
              <td>{p.reference ? p.reference : ""}</td>
            </tr>
          ))}
        </TableSection>
      ) : null}
    </article>,
  );
}
