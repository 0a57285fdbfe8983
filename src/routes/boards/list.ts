import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { MAX_BOARD_SPELLING } from "../../db/queries/board-lookup";
import { listBoardItems } from "../../db/queries/boards/board-list";
import { cursorScope, CursorParam, listBody, PageParam, PerPageParam } from "../../core/pagination";
import { normalizeBoardNumber } from "../../core/urls";
import { BoardListItemSchema } from "../../schemas/boards";
import { pageOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { successHeaders } from "../response-headers";
import { linkNext, listRequest } from "../list-page";
import { fieldMsg, fieldText } from "../../core/messages/fields";

const route = apiRoute(OPEN_READ, ["validation-failed"], {
  operationId: "listBoards",
  method: "get",
  path: "/boards",
  tags: ["Library"],
  summary: "List boards",
  description:
    "Every board the caller reaches through its content (a document, thread or repair case the caller may see), by normalised number, with the caller's counts.",
  request: {
    query: z.object({
      manufacturer: z
        .string()
        .min(1, fieldText(fieldMsg.notEmpty()))
        .max(120)
        .optional()
        .openapi({ param: { name: "manufacturer", in: "query" }, example: "Apple", description: "A manufacturer's name, any case" }),
      q: z
        .string()
        .min(1, fieldText(fieldMsg.notEmpty()))
        .max(MAX_BOARD_SPELLING)
        .optional()
        .openapi({
          param: { name: "q", in: "query" },
          example: "820-017",
          description: "A prefix of the board number or of an alias, in any spelling (820-017, 820017, 820 017)",
        }),
      page: PageParam,
      per_page: PerPageParam,
      cursor: CursorParam,
    }),
  },
  responses: {
    200: {
      description:
        "A page of boards. While more follow, the Link header names the next page (a cursor address): following it from page 1 lists every board once.",
      headers: successHeaders(true, ["Link"]),
      content: { "application/json": { schema: pageOf(BoardListItemSchema, "BoardPage") } },
    },
  },
});

export const listBoardsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  // A cursor belongs to one list: these filters (the prefix in its normalised spelling), this page size, this caller.
  const scope = cursorScope([
    "boards",
    q.manufacturer?.toLowerCase(),
    q.q === undefined ? undefined : normalizeBoardNumber(q.q),
    q.per_page,
    c.get("viewer")?.userId ?? null,
  ]);
  const page = await listBoardItems(queryContext(c), { manufacturer: q.manufacturer, q: q.q }, listRequest(c, q, q.per_page, scope));
  linkNext(c, "/boards", { manufacturer: q.manufacturer, q: q.q, per_page: q.per_page }, page, scope);
  return c.json(listBody(page), 200);
});
