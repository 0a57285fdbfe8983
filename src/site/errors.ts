// Which addresses answer errors as HTML pages (everything but the API and the MCP endpoint), and how.
import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import { toApiError } from "../http/errors";
import { errorPage, notFoundPage, unavailablePage } from "./pages/errors";

export function servesHtml(path: string): boolean {
  return !(path === "/api" || path.startsWith("/api/") || path === "/mcp" || path.startsWith("/mcp/"));
}

export async function siteErrorResponse(err: unknown, c: Context<AppEnv>): Promise<Response> {
  try {
    // The same status as the API would answer: one mapping (toApiError) for both surfaces.
    const problem = toApiError(err);
    if (problem.status === 404) return await notFoundPage(c);
    if (problem.status === 503) return await unavailablePage(c, retryAfterOf(problem.extras.headers));
    return await errorPage(c);
  } catch (renderError) {
    console.error("error page failed", renderError);
    return new Response("Internal error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
}

function retryAfterOf(headers: Record<string, string> | undefined): number | undefined {
  const value = Number(headers?.["Retry-After"]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export { notFoundPage };
