import { keyRequired } from "../../auth/scopes";
import { boardIdOf } from "../../db/queries/board-lookup";
import { documentListScope, listDocuments } from "../../db/queries/documents";
import { DocumentSchema } from "../../schemas/documents";
import { createRouter } from "../define";
import { BoardFilterParam, BooleanParam, DocumentTypeParam, VisibilityParam } from "../params";
import { queryContext } from "../../http/request-queries";
import { listAnswer, listRoute } from "../list-page";
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
  const scope = documentListScope({ ...q, perPage: q.per_page, viewerId: viewer?.userId ?? null });
  const filters = { type: q.type, visibility: q.visibility, board: q.board, mine: q.mine };
  const boardId = q.board === undefined ? undefined : boardIdOf(q.board);
  const ownerId = q.mine ? viewer?.userId : undefined;
  const body = await listAnswer(c, { path: "/documents", q, filters, scope }, (request) =>
    listDocuments(queryContext(c), { type: q.type, visibility: q.visibility, boardId, ownerId }, request),
  );
  return c.json(body, 200);
});
