import { keyRequired } from "../../auth/scopes";
import { boardIdOf } from "../../db/queries/board-lookup";
import { documentListScope, listDocuments } from "../../db/queries/documents";
import { listBody } from "../../core/pagination";
import { DocumentSchema } from "../../schemas/documents";
import { createRouter } from "../define";
import { BoardFilterParam, BooleanParam, DocumentTypeParam, VisibilityParam } from "../params";
import { queryContext } from "../../http/request-queries";
import { linkNext, listRequest, listRoute } from "../list-page";
import { msg } from "../../core/messages/errors";

const route = listRoute({
  operationId: "listDocuments",
  path: "/documents",
  tags: ["Library"],
  summary: "List documents",
  description: "Newest first. Without a key only public documents; with a key also the owner's own and those shared with the owner.",
  filters: {
    type: DocumentTypeParam,
    visibility: VisibilityParam,
    board: BoardFilterParam,
    mine: BooleanParam.optional().openapi({
      param: { name: "mine", in: "query" },
      type: "boolean",
      description: "Only the key owner's uploads (needs a key)",
    }),
  },
  noun: "document",
  plural: "documents",
  schema: DocumentSchema,
  pageName: "DocumentPage",
});

export const listDocumentsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  const viewer = c.get("viewer");
  if (q.mine && !viewer) {
    throw keyRequired(msg.mineNeedsKey());
  }
  // A cursor belongs to one list: these filters, this page size, this caller (src/core/pagination.ts).
  const scope = documentListScope({
    type: q.type,
    visibility: q.visibility,
    board: q.board,
    mine: q.mine,
    perPage: q.per_page,
    viewerId: viewer?.userId ?? null,
  });
  const request = listRequest(c, q, q.per_page, scope);
  const ctx = queryContext(c);
  const boardId = q.board === undefined ? undefined : boardIdOf(q.board);
  const page = await listDocuments(ctx, { type: q.type, visibility: q.visibility, boardId, ownerId: q.mine ? viewer!.userId : undefined }, request);
  linkNext(c, "/documents", { type: q.type, visibility: q.visibility, board: q.board, mine: q.mine, per_page: q.per_page }, page, scope);
  return c.json(listBody(page), 200);
});
