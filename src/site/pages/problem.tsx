// `{site_url}/problems/{code}`: the short human page that every problem body's `type` points at (text from the problem table).
import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import { problemTypeUrl } from "../../http/problem";
import { PROBLEMS, type ProblemCode } from "../../http/problem-table";
import type { Site } from "../site";
import { renderPage } from "../render";

export async function problemPage(c: Context<AppEnv>, site: Site, code: ProblemCode): Promise<Response> {
  const { s } = site;
  const { status, titles, explanation: explanations } = PROBLEMS[code];
  const title = titles[site.lang];
  const url = problemTypeUrl(site.siteUrl, code);
  const explanation = explanations[site.lang];
  // One address serves both languages (negotiated), so every alternate is the same url.
  return renderPage(
    c,
    site,
    { title: `${s.problemTitle}: ${title}`, description: explanation, canonical: url, alternates: { es: url, en: url }, xDefault: url },
    <article>
      <h1>{title}</h1>
      <dl class="facts">
        <dt>{s.problemCodeLabel}</dt>
        <dd>
          <code>{code}</code>
        </dd>
        <dt>{s.problemStatus}</dt>
        <dd>{status}</dd>
        <dt>type</dt>
        <dd>
          <code>{url}</code>
        </dd>
      </dl>
      <p>{explanation}</p>
      <p>
        <a href={`${site.siteUrl}/api/v1/docs`}>{s.apiDocs}</a>
      </p>
    </article>,
  );
}
