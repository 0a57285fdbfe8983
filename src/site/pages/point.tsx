// A point of a board (a net or a designator): its known-good values by kind with their sources, the values
// repair cases reported (with their kind), the component's values, the cases, threads, documents (with the pages
// that mention it) and boardviews (side and position). What an anonymous visitor may see; the same answer as
// GET /boards/{number}/points/{point}. Tables scroll sideways on a phone.
import type { Context } from "hono";
import { pageUrl, pointUrl } from "../../core/urls";
import { getBoardPoint } from "../../db/queries/boards/board-points";
import { DomainError } from "../../errors";
import { notFoundPage } from "./errors";
import type { AppEnv } from "../../http/app-env";
import { CaseList, TableSection, ThreadList } from "../components";
import { alternatesOf } from "../item";
import { renderPage } from "../render";
import type { Site } from "../site";

const KIND_ORDER = ["diode", "voltage", "resistance", "current"];

export async function pointPage(
  c: Context<AppEnv>,
  site: Site,
  boardKey: string,
  pointKey: string,
  languageWord = true,
): Promise<Response | undefined> {
  if (boardKey.length > 100 || pointKey.length > 100 || c.req.query("page") !== undefined) return undefined;
  const answer = await getBoardPoint(site.query, boardKey, pointKey).catch((err: unknown) => {
    if (err instanceof DomainError && err.kind === "ambiguous") return err;
    throw err;
  });
  // A spelling that names several names of a boardview or reference file: a 404 that lists them, each a link.
  if (answer instanceof DomainError)
    return notFoundPage(
      c,
      (answer.candidates ?? []).map((name) => ({ number: name, url: pointUrl(site.urls, boardKey, name) })),
    );
  if (!answer) return undefined;
  const canonical = pointUrl(site.urls, answer.board.norm, answer.point);
  // Compared decoded: the address spells the board's norm and the point as its first source writes it.
  if (!languageWord || boardKey !== answer.board.norm || pointKey !== answer.point) return c.redirect(canonical, 301);

  const { s } = site;
  const kindName = (kind: string | null | undefined) => (kind ? (s.kindNames[kind] ?? kind) : "");
  const reference = [...answer.reference].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  const reported = [...answer.expected.map((v) => ({ ...v, as: s.expected })), ...answer.measured.map((v) => ({ ...v, as: s.measured }))];
  const parts = answer.parts ?? [];
  return renderPage(
    c,
    site,
    {
      title: s.pointTitle(answer.point, answer.board.number),
      description: s.pointDescription(answer.point, answer.board.number),
      canonical,
      alternates: alternatesOf(site, (urls) => pointUrl(urls, answer.board.norm, answer.point)),
    },
    <article>
      <header>
        <h1>
          <code>{answer.point}</code>
        </h1>
        <p class="meta">
          <span>
            <a href={answer.board.url}>{answer.board.number}</a>
          </span>
          {answer.board.manufacturer ? <span>{answer.board.manufacturer}</span> : null}
        </p>
      </header>
      {reference.length ? (
        <TableSection
          id="reference"
          title={s.referenceValues}
          note={s.referenceNote}
          hint={s.scrollHint}
          columns={[s.valueKind, s.value, s.note, s.source]}
        >
          {reference.map((r) => (
            <tr data-kind={r.kind}>
              <th scope="row">{kindName(r.kind)}</th>
              <td>
                <code>{r.value}</code>
              </td>
              <td>{r.note ?? ""}</td>
              <td>
                <a href={r.source.url}>{r.source.title}</a>
              </td>
            </tr>
          ))}
        </TableSection>
      ) : null}
      {reported.length ? (
        <TableSection id="reported" title={s.valuesFromCases} hint={s.scrollHint} columns={[s.value, s.valueKind, s.reportedAs, s.reports]}>
          {reported.map((v) => (
            <tr data-kind={v.kind ?? ""}>
              <th scope="row">
                <code>{v.value}</code>
              </th>
              <td>{kindName(v.kind)}</td>
              <td>{v.as}</td>
              <td>{v.count}</td>
            </tr>
          ))}
        </TableSection>
      ) : null}
      {parts.length ? (
        <section aria-labelledby="parts-heading">
          <h2 id="parts-heading">{s.partValues}</h2>
          <dl class="facts values">
            {parts.map((p) => (
              <>
                <dt>
                  <a href={p.source.url}>{p.source.title}</a>
                </dt>
                <dd>
                  {[p.value, p.package && `${s.package}: ${p.package}`, p.code && `${s.code}: ${p.code}`, p.fitted ? null : s.notFitted]
                    .filter(Boolean)
                    .join(" · ")}
                </dd>
              </>
            ))}
          </dl>
        </section>
      ) : null}
      {answer.boardviews.length ? (
        <section aria-labelledby="boardviews-heading">
          <h2 id="boardviews-heading">{s.pointBoardviews}</h2>
          <ul class="items">
            {answer.boardviews.map((b) => (
              <li>
                <a href={`${pageUrl(site.urls, "document", b.document)}?${b.kind}=${encodeURIComponent(b.name)}`}>{b.name}</a>
                <div class="meta">
                  <span>{s.holdingKind[b.kind] ?? b.kind}</span>
                  {b.format ? <span>{b.format}</span> : null}
                  <span>
                    {s.side}: {s.sides[b.side] ?? b.side}
                  </span>
                  <span>
                    {s.position}: ({b.x}, {b.y})
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {answer.cases.length ? (
        <section aria-labelledby="cases-heading">
          <h2 id="cases-heading">{s.pointCases}</h2>
          <CaseList site={site} cases={answer.cases} />
        </section>
      ) : null}
      {answer.threads.length ? (
        <section aria-labelledby="threads-heading">
          <h2 id="threads-heading">{s.pointThreads}</h2>
          <ThreadList site={site} threads={answer.threads} />
        </section>
      ) : null}
      {answer.documents.length ? (
        <section aria-labelledby="documents-heading">
          <h2 id="documents-heading">{s.pointDocuments}</h2>
          <ul class="items">
            {answer.documents.map((d) => (
              <li>
                <a href={d.url}>{d.title}</a>
                <div class="meta">
                  <span>{s.onPages(d.pages.join(", "))}</span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>,
  );
}
