// Turns a page body into the HTML response.
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../http/app-env";
import type { Site } from "./site";
import { Layout, type PageHead } from "./layout";

export async function renderPage(
  c: Context<AppEnv>,
  site: Site,
  head: PageHead,
  body: Child,
  status: 200 | 403 | 404 | 409 | 410 | 422 | 429 | 500 | 503 = 200,
): Promise<Response> {
  const html = await (
    <Layout site={site} head={head}>
      {body}
    </Layout>
  ).toString();
  return c.html(`<!DOCTYPE html>${html}`, status);
}
