import { z } from "@hono/zod-openapi";
import { keyRequired, OPEN_READ } from "../../auth/scopes";
import { boardIdOf } from "../../db/queries/boards";
import { documentListScope, listDocuments } from "../../db/queries/documents";
import { CursorParam, nextCursor, nextLink, PageParam, PerPageParam } from "../../http/pagination";
import { validationError } from "../../http/problem";
import { apiBaseUrl } from "../../http/urls";
import { pageOf } from "../../schemas/common";
import { DocumentSchema } from "../../schemas/documents";
import { apiRoute, createRouter } from "../define";
import { successHeaders } from "../response-headers";
import { BoardFilterParam, BooleanParam, DocumentTypeParam, VisibilityParam } from "../params";
import { queryContext } from "../../http/query-context";

const route = apiRoute(OPEN_READ, ["validation-failed"], {
  operationId: "listDocuments",
  method: "get",
  path: "/documents",
  tags: ["Library"],
  summary: "List documents",
  description: "Newest first. Without a key only public documents; with a key also the owner's own and those shared with the owner.",
  request: {
    query: z.object({
      type: DocumentTypeParam,
      visibility: VisibilityParam,
      board: BoardFilterParam,
      mine: BooleanParam.optional().openapi({ param: { name: "mine", in: "query" }, type: "boolean", description: "Only the key owner's uploads (needs a key)" }),
      page: PageParam,
      per_page: PerPageParam,
      cursor: CursorParam,
    }),
  },
  responses: {
    200: {
      description: "A page of documents. While more follow, the Link header names the next page (a cursor address): following it from page 1 lists every document once, at any depth.",
      headers: successHeaders(true, ["Link"]),
      content: { "application/json": { schema: pageOf(DocumentSchema, "DocumentPage") } },
    },
  },
});

export const listDocumentsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  const viewer = c.get("viewer");
  if (q.mine && !viewer) {
    throw keyRequired("mine=true needs an API key: send Authorization: Bearer <API_KEY>.");
  }
  // A cursor belongs to one list: these filters, this page size, this caller (src/http/pagination.ts).
  const scope = documentListScope({ type: q.type, visibility: q.visibility, board: q.board, mine: q.mine, perPage: q.per_page, viewerId: viewer?.userId ?? null });
  if (q.cursor && c.req.query("page") !== undefined) throw validationError({ page: ["give page or cursor, not both"] });
  if (q.cursor && q.cursor.scope !== scope) throw validationError({ cursor: ["was made for other filters, another per_page or another caller: follow the Link address as it is"] });
  const ctx = queryContext(c);
  const boardId = q.board === undefined ? undefined : boardIdOf(q.board);
  const request = q.cursor ? { page: q.cursor.page, perPage: q.per_page, after: q.cursor } : { page: q.page, perPage: q.per_page };
  const page = await listDocuments(ctx, { type: q.type, visibility: q.visibility, boardId, ownerId: q.mine ? viewer!.userId : undefined }, request);
  const next = nextCursor(page, scope);
  if (next) c.header("Link", nextLink(`${apiBaseUrl(c.get("siteUrl"))}/documents`, new URL(c.req.url).searchParams, next));
  return c.json(page, 200);
});
