// Which addresses answer errors as HTML pages (everything but the API and the MCP endpoint), and how.
import type { Context } from "hono";
import type { AppEnv } from "../http/context";
import { toApiError } from "../http/errors";
import { errorPage, notFoundPage } from "./pages/errors";

export function servesHtml(path: string): boolean {
  return !(path === "/api" || path.startsWith("/api/") || path === "/mcp" || path.startsWith("/mcp/"));
}

export async function siteErrorResponse(err: unknown, c: Context<AppEnv>): Promise<Response> {
  try {
    return toApiError(err).status === 404 ? await notFoundPage(c) : await errorPage(c);
  } catch (renderError) {
    console.error("error page failed", renderError);
    return new Response("Internal error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
}

export { notFoundPage };
