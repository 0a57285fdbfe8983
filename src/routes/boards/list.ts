import { MAX_BOARD_SPELLING } from "../../db/queries/board-lookup";
import { listBoardItems } from "../../db/queries/boards/board-list";
import { normalizeBoardNumber } from "../../core/urls";
import { BoardListItemSchema } from "../../schemas/boards";
import { createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { listAnswer, listRoute } from "../list-page";
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
  schema: BoardListItemSchema,
  pageName: "BoardPage",
  atAnyDepth: false,
});

export const listBoardsRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  const filters = { manufacturer: q.manufacturer, q: q.q };
  // The manufacturer is compared in any case, the prefix in its normalised spelling.
  const scopeParts = [q.manufacturer?.toLowerCase(), q.q === undefined ? undefined : normalizeBoardNumber(q.q)];
  const body = await listAnswer(c, { path: "/boards", q, filters, scopeParts }, (request) => listBoardItems(queryContext(c), filters, request));
  return c.json(body, 200);
});
