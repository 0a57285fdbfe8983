// Input fields shared by several tools.
import { z } from "@hono/zod-openapi";
import { LANGUAGES, type Lang } from "../core/language";

export const LangInput = z.enum(LANGUAGES).optional().describe("Language of urls (default: the address's, else the site's)");

/** An id or a page address; long enough for any real address, short enough to refuse junk. */
export function referenceInput(description: string) {
  return z.string().trim().min(1, "give an id or a page address").max(2000).describe(description);
}

export function pageInput(what: string) {
  return z.number().int().min(1).max(100000).optional().describe(`Page of ${what} (default 1)`);
}

export function chooseLang(explicit: Lang | undefined, fromAddress: Lang | undefined, fallback: Lang): Lang {
  return explicit ?? fromAddress ?? fallback;
}
