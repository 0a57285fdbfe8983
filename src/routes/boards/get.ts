import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { getBoard } from "../../db/queries/board-detail";
import { notFound } from "../../http/problem";
import { BoardDetailSchema } from "../../schemas/board-detail";
import { dataOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";

const route = apiRoute(OPEN_READ, ["not-found"], {
  operationId: "getBoard",
  method: "get",
  path: "/boards/{number}",
  tags: ["Library"],
  summary: "Get a board",
  description: "A board by number or alias in any spelling, with the documents visible to the caller.",
  request: {
    params: z.object({
      number: z.string().openapi({ param: { name: "number", in: "path" }, example: "820-00165", description: "Board number or alias, any spelling" }),
    }),
  },
  responses: { 200: { description: "The board", content: { "application/json": { schema: dataOf(BoardDetailSchema, "BoardResponse") } } } },
});

export const getBoardRoute = createRouter().openapi(route, async (c) => {
  const board = await getBoard(queryContext(c), c.req.valid("param").number);
  if (!board) throw notFound("board");
  return c.json({ data: board }, 200);
});
