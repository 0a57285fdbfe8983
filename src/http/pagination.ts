// Page/per_page handling shared by every list endpoint.
import { z } from "@hono/zod-openapi";

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** The largest page number: beyond it a number is no longer exact in JavaScript (2^53 - 1). */
export const MAX_PAGE = Number.MAX_SAFE_INTEGER;

// Only plain decimal digits count as a number here: "1e3", "0x10", " 5" or "1.0" are 422, not coerced.
// The maximum is checked first and stops there: a number too large is "at most …", not "not a whole number".
function pageNumber(max: number) {
  const n = z
    .number({ error: "must be a whole number" })
    .max(max, { error: `must be at most ${max}`, abort: true })
    .int("must be a whole number")
    .min(1, "must be at least 1");
  return z.preprocess((raw) => (typeof raw === "string" && /^[0-9]+$/.test(raw) ? Number(raw) : raw), n);
}

export const PageParam = pageNumber(MAX_PAGE).default(1).openapi({ param: { name: "page", in: "query" }, example: 1, description: "Page number, from 1. A page past the end is empty." });
export const PerPageParam = pageNumber(MAX_PER_PAGE)
  .default(DEFAULT_PER_PAGE)
  .openapi({ param: { name: "per_page", in: "query" }, example: DEFAULT_PER_PAGE, description: `Items per page, 1 to ${MAX_PER_PAGE} (default ${DEFAULT_PER_PAGE}).` });

export interface PageRequest {
  page: number;
  perPage: number;
}

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export function pageMeta(req: PageRequest, total: number): PageMeta {
  return { page: req.page, per_page: req.perPage, total, last_page: Math.max(1, Math.ceil(total / req.perPage)) };
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

/**
 * One page of a list: counts the matches, then loads the page's rows (at `offset`, `limit` of them)
 * unless the page lies past the end, where `data` is empty and `meta` still true.
 */
export async function paginate<T>(
  req: PageRequest,
  countTotal: () => Promise<{ total: number }[]>,
  loadRows: (offset: number, limit: number) => Promise<T[]>,
): Promise<Page<T>> {
  const [{ total }] = await countTotal();
  const offset = pageOffset(req, total);
  return { data: offset === undefined ? [] : await loadRows(offset, req.perPage), meta: pageMeta(req, total) };
}

/** Offset of the page, or undefined when the page lies past the end (no query needed). */
export function pageOffset(req: PageRequest, total: number): number | undefined {
  const offset = (req.page - 1) * req.perPage;
  return offset < total ? offset : undefined;
}
