// A repair case: symptom, diagnosis, fix, measurements and components tables, linked documents and thread.
import type { Context } from "hono";
import { getCase } from "../../db/queries/cases";
import type { AppEnv } from "../../http/app-env";
import { boardUrl, normalizeBoardNumber } from "../../core/urls";
import { SanitisedHtml, TableSection, Time } from "../components";
import type { Site } from "../site";
import { articleHead, itemOfPage, plainSummary } from "../item";
import { renderPage } from "../render";

export async function casePage(c: Context<AppEnv>, site: Site, key: string): Promise<Response | undefined> {
  const repair = await itemOfPage(c, key, (id) => getCase(site.query, id));
  if (!repair || repair instanceof Response) return repair;

  const { s } = site;
  return renderPage(
    c,
    site,
    articleHead(site, "case", repair, plainSummary([repair.device_model, repair.symptom, repair.diagnosis].filter(Boolean).join(". "))),
    <article>
      <header>
        <h1>{repair.title}</h1>
        <p class="meta">
          <span class={repair.outcome === "fixed" ? "badge ok" : "badge"}>{s.outcome[repair.outcome] ?? repair.outcome}</span>
          <span>
            {s.by} {repair.author ?? s.unknownAuthor}
          </span>
          <span>
            {s.published} <Time iso={repair.published_at} site={site} />
          </span>
          {repair.edited_at ? (
            <span>
              {s.edited} <Time iso={repair.edited_at} site={site} />
            </span>
          ) : null}
        </p>
      </header>
      <dl class="facts">
        <dt>{s.symptom}</dt>
        <dd>{repair.symptom}</dd>
        {repair.device_model ? (
          <>
            <dt>{s.device}</dt>
            <dd>{repair.device_model}</dd>
          </>
        ) : null}
        {repair.manufacturer ? (
          <>
            <dt>{s.manufacturer}</dt>
            <dd>{repair.manufacturer}</dd>
          </>
        ) : null}
        {repair.board ? (
          <>
            <dt>{s.board}</dt>
            <dd>
              <a href={boardUrl(site.urls, normalizeBoardNumber(repair.board))}>{repair.board}</a>
            </dd>
          </>
        ) : null}
        {repair.board_revision ? (
          <>
            <dt>{s.boardRevision}</dt>
            <dd>{repair.board_revision}</dd>
          </>
        ) : null}
        {repair.minutes_spent != null ? (
          <>
            <dt>{s.minutesSpent}</dt>
            <dd>{s.minutes(repair.minutes_spent)}</dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="diagnosis">
        <h2 id="diagnosis">{s.diagnosis}</h2>
        <SanitisedHtml html={repair.diagnosis_html} topLevel={3} repeats={s.diagnosis} />
      </section>
      {repair.fix_html ? (
        <section aria-labelledby="fix">
          <h2 id="fix">{s.fix}</h2>
          <SanitisedHtml html={repair.fix_html} topLevel={3} repeats={s.fix} />
        </section>
      ) : null}
      <CaseTable
        id="measurements"
        title={s.measurements}
        hint={s.scrollHint}
        columns={[s.point, s.expected, s.measured, s.note]}
        rows={repair.measurements.map((m) => [m.point, m.expected ?? "", m.measured, m.note ?? ""])}
      />
      <CaseTable
        id="components"
        title={s.components}
        hint={s.scrollHint}
        columns={[s.designator, s.partNumber, s.action, s.note]}
        rows={repair.components.map((m) => [m.designator, m.part_number ?? "", m.action, m.note ?? ""])}
      />
      {repair.documents.length ? (
        <section aria-labelledby="documents">
          <h2 id="documents">{s.documents}</h2>
          <ul>
            {repair.documents.map((d) => (
              <li>
                <a href={d.url}>{d.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {repair.thread ? (
        <section aria-labelledby="thread">
          <h2 id="thread">{s.discussion}</h2>
          <p>
            <a href={repair.thread.url}>{repair.thread.title}</a>
          </p>
        </section>
      ) : null}
    </article>,
  );
}

/** A section of the case's table (measurements, components): a code, then three columns; nothing when empty. */
function CaseTable(props: {
  id: string;
  title: string;
  hint: string;
  columns: [string, string, string, string];
  rows: [string, string, string, string][];
}) {
  if (!props.rows.length) return null;
  return (
    <TableSection id={props.id} title={props.title} hint={props.hint} columns={props.columns}>
      {props.rows.map(([code, ...cells]) => (
        <tr>
          <th scope="row">
            <code>{code}</code>
          </th>
          {cells.map((cell) => (
            <td>{cell}</td>
          ))}
        </tr>
      ))}
    </TableSection>
  );
}
