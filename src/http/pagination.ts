// Page/per_page handling shared by every list endpoint.
import { z } from "@hono/zod-openapi";

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

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

/**
 * The deepest page a list serves. Offset paging walks the rows it skips, so their number is bounded
 * (at most 980 at the default per_page, 4,900 at per_page=100); filters and search reach further.
 */
export const MAX_PAGE = 50;

export const PageParam = pageNumber(MAX_PAGE)
  .default(1)
  .openapi({ param: { name: "page", in: "query" }, example: 1, description: `Page number, from 1 to ${MAX_PAGE}. A page past the end is empty; filters and search reach further than page ${MAX_PAGE}.` });
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
