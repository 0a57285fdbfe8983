// What the five lists share at the HTTP edge: page or cursor (never both; a cursor only for the list it was
// made for) and the `Link: <…>; rel="next"` header of a page that has a next one (src/core/pagination.ts).
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { OPEN_READ } from "../auth/scopes";
import { CursorParam, PageParam, PerPageParam } from "../core/pagination";
import { pageOf } from "../schemas/common";
import { apiRoute } from "./define";
import { successHeaders } from "./response-headers";
import type { AppEnv } from "../http/app-env";
import { cursorScope, listBody, nextCursor, nextLink, type Cursor, type Page, type PageMeta, type PageRequest } from "../core/pagination";
import { validationError } from "../http/problem";
import { apiBaseUrl } from "../core/urls";
import { msg } from "../core/messages/errors";

/** The page a list request asks for: a page number, or the position after a cursor made for `scope`. */
export function listRequest(
  c: Context<AppEnv>,
  q: { page: number; per_page?: number; cursor?: Cursor },
  perPage: number,
  scope: string,
): PageRequest {
  if (q.cursor && c.req.query("page") !== undefined) throw validationError({ page: [msg.pageOrCursor()] });
  if (q.cursor && q.cursor.scope !== scope) throw validationError({ cursor: [msg.cursorMismatch()] });
  return q.cursor ? { page: q.cursor.page, perPage, after: q.cursor } : { page: q.page, perPage };
}

/**
 * Names the next page in a Link header when there is one. `path` is under the API base; `validated` are the
 * parameters the handler read, as it read them (the Link never repeats anything else the request carried).
 */
export function linkNext(
  c: Context<AppEnv>,
  path: string,
  validated: Record<string, string | number | boolean | undefined>,
  page: Page<unknown>,
  scope: string,
): void {
  const next = nextCursor(page, scope);
  if (next) c.header("Link", nextLink(`${apiBaseUrl(c.get("siteUrl"))}${path}`, validated, next));
}

type LinkParams = Record<string, string | number | boolean | undefined>;

/**
 * A list's answer: the page asked for and the Link to the next. The cursor's scope is the list (its path's last
 * segment), its filters (`scopeParts` where they are compared in another spelling), page size and caller.
 */
export async function listAnswer<T>(
  c: Context<AppEnv>,
  list: {
    path: string;
    q: { page: number; per_page: number; cursor?: Cursor };
    filters: LinkParams;
    scopeParts?: LinkParams[string][];
    scope?: string;
  },
  read: (request: PageRequest) => Promise<Page<T>>,
): Promise<{ data: T[]; meta: PageMeta }> {
  const { path, q, filters } = list;
  const parts = list.scopeParts ?? Object.values(filters);
  const scope = list.scope ?? cursorScope([path.slice(path.lastIndexOf("/") + 1), ...parts, q.per_page, c.get("viewer")?.userId ?? null]);
  const page = await read(listRequest(c, q, q.per_page, scope));
  linkNext(c, path, { ...filters, per_page: q.per_page }, page, scope);
  return listBody(page);
}

/**
 * The OpenAPI route of a list: open to every reader, its filters then page, per_page and cursor, and a page of
 * the items its path names, whose Link header names the next page.
 */
export function listRoute<P extends string, F extends z.ZodRawShape, S extends z.ZodType>(list: {
  operationId: string;
  path: P;
  tags: string[];
  summary: string;
  description: string;
  filters: F;
  schema: S;
  pageName: string;
  /** False where no deep-page anchors stand behind the list (boards): its description claims no depth. */
  atAnyDepth?: boolean;
}) {
  // The items are named by the path's last segment, a plain plural (cases, threads, posts, documents, boards).
  const plural = list.path.slice(list.path.lastIndexOf("/") + 1);
  return apiRoute(OPEN_READ, ["validation-failed"], {
    operationId: list.operationId,
    method: "get",
    path: list.path,
    tags: list.tags,
    summary: list.summary,
    description: list.description,
    request: { query: z.object({ ...list.filters, page: PageParam, per_page: PerPageParam, cursor: CursorParam }) },
    responses: {
      200: {
        description: `A page of ${plural}. While more follow, the Link header names the next page (a cursor address): following it from page 1 lists every ${plural.slice(0, -1)} once${list.atAnyDepth === false ? "" : ", at any depth"}.`,
        headers: successHeaders(true, ["Link"]),
        content: { "application/json": { schema: pageOf(list.schema, list.pageName) } },
      },
    },
  });
}
