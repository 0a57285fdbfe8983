// Input fields shared by several tools.
import { z } from "@hono/zod-openapi";
import { LANGUAGES, type Lang } from "../core/language";

export const LangInput = z.enum(LANGUAGES).optional().describe("Language of urls (default: the address's, else the site's)");

/** An id or a page address; long enough for any real address, short enough to refuse junk. */
export function referenceInput(description: string) {
  return z.string().trim().min(1, "give an id or a page address").max(2000).describe(description);
}

/** The largest page (or part) any tool or resource takes: one rule for all of them (docs/mcp.md). */
export const MAX_TOOL_PAGE = 100_000;

export function pageInput(what: string) {
  return z.number().int().min(1).max(MAX_TOOL_PAGE).optional().describe(`Page of ${what} (default 1)`);
}

export function chooseLang(explicit: Lang | undefined, fromAddress: Lang | undefined, fallback: Lang): Lang {
  return explicit ?? fromAddress ?? fallback;
}
