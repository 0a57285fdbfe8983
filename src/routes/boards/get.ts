import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { getBoard } from "../../db/queries/boards/board-detail";
import { ApiError } from "../../http/problem";
import { suggestBoards } from "../../search/suggest/board-suggestions";
import { BoardDetailSchema } from "../../schemas/board-detail";
import { dataOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { msg } from "../../core/messages/errors";

const route = apiRoute(OPEN_READ, ["not-found"], {
  operationId: "getBoard",
  method: "get",
  path: "/boards/{number}",
  tags: ["Library"],
  summary: "Get a board",
  description:
    "A board by number or alias in any spelling, with the documents visible to the caller. A number that names no board answers 404 with `suggestions`: the boards one slip away (a look-alike character such as l/1 or O/0, a digit missing, extra or swapped), likeliest first.",
  request: {
    params: z.object({
      number: z.string().openapi({ param: { name: "number", in: "path" }, example: "820-00165", description: "Board number or alias, any spelling" }),
    }),
  },
  responses: { 200: { description: "The board", content: { "application/json": { schema: dataOf(BoardDetailSchema, "BoardResponse") } } } },
});

export const getBoardRoute = createRouter().openapi(route, async (c) => {
  const ctx = queryContext(c);
  const number = c.req.valid("param").number;
  const board = await getBoard(ctx, number);
  if (!board) {
    // Did you mean: the boards one slip away (a look-alike character, a digit missing or extra).
    const near = await suggestBoards(ctx, number);
    throw new ApiError("not-found", msg.notFound({ what: "board" }), { suggestions: near.map(({ number, url }) => ({ number, url })) });
  }
  return c.json({ data: board }, 200);
});
