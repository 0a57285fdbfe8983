import { MAX_BOARD_SPELLING } from "../../db/queries/board-lookup";
import { listBoardItems } from "../../db/queries/boards/board-list";
import { cursorScope, listBody } from "../../core/pagination";
import { normalizeBoardNumber } from "../../core/urls";
import { BoardListItemSchema } from "../../schemas/boards";
import { createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { linkNext, listRequest, listRoute } from "../list-page";
import { textFilter } from "../params";

const route = listRoute({
  operationId: "listBoards",
  path: "/boards",
  tags: ["Library"],
  summary: "List boards",
  description:
    "Every board the caller reaches through its content (a document, thread or repair case the caller may see), by normalised number, with the caller's counts.",
  filters: {
    manufacturer: textFilter("manufacturer", 120, "A manufacturer's name, any case", "Apple"),
    q: textFilter("q", MAX_BOARD_SPELLING, "A prefix of the board number or of an alias, in any spelling (820-017, 820017, 820 017)", "820-017"),
  },
  noun: "board",
  plural: "boards",
  schema: BoardListItemSchema,
  pageName: "BoardPage",
  atAnyDepth: false,
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
