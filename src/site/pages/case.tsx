// A repair case: symptom, diagnosis, fix, measurements and components tables, linked documents and thread.
import type { Context } from "hono";
import { getCase } from "../../db/queries/cases";
import type { AppEnv } from "../../http/app-env";
import { canonicalId } from "../../core/ids";
import { boardUrl, normalizeBoardNumber, pageUrl } from "../../core/urls";
import { SanitisedHtml, ScrollTable, Time } from "../components";
import type { Site } from "../site";
import { alternatesOf, canonicalRedirect, plainSummary } from "../item";
import { renderPage } from "../render";

export async function casePage(c: Context<AppEnv>, site: Site, key: string): Promise<Response | undefined> {
  const id = canonicalId(key);
  if (!id || c.req.query("page") !== undefined) return undefined;
  const repair = await getCase(site.query, id);
  if (!repair) return undefined;
  const redirect = canonicalRedirect(c, repair.url);
  if (redirect) return redirect;

  const { s } = site;
  return renderPage(
    c,
    site,
    {
      title: repair.title,
      description: plainSummary([repair.device_model, repair.symptom, repair.diagnosis].filter(Boolean).join(". ")),
      canonical: repair.url,
      alternates: alternatesOf(site, (urls) => pageUrl(urls, "case", repair.id, repair.title)),
      ogType: "article",
    },
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
      {repair.measurements.length ? (
        <section aria-labelledby="measurements-heading">
          <h2 id="measurements-heading">{s.measurements}</h2>
          <ScrollTable id="measurements" caption={s.measurements} hint={s.scrollHint}>
            <thead>
              <tr>
                <th scope="col">{s.point}</th>
                <th scope="col">{s.expected}</th>
                <th scope="col">{s.measured}</th>
                <th scope="col">{s.note}</th>
              </tr>
            </thead>
            <tbody>
              {repair.measurements.map((m) => (
                <tr>
                  <th scope="row">
                    <code>{m.point}</code>
                  </th>
                  <td>{m.expected ?? ""}</td>
                  <td>{m.measured}</td>
                  <td>{m.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </section>
      ) : null}
      {repair.components.length ? (
        <section aria-labelledby="components-heading">
          <h2 id="components-heading">{s.components}</h2>
          <ScrollTable id="components" caption={s.components} hint={s.scrollHint}>
            <thead>
              <tr>
                <th scope="col">{s.designator}</th>
                <th scope="col">{s.partNumber}</th>
                <th scope="col">{s.action}</th>
                <th scope="col">{s.note}</th>
              </tr>
            </thead>
            <tbody>
              {repair.components.map((m) => (
                <tr>
                  <th scope="row">
                    <code>{m.designator}</code>
                  </th>
                  <td>{m.part_number ?? ""}</td>
                  <td>{m.action}</td>
                  <td>{m.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </section>
      ) : null}
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
