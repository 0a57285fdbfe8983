import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { getBoardPoint } from "../../db/queries/board-points";
import { notFound } from "../../http/problem";
import { BoardPointDetailSchema } from "../../schemas/board-detail";
import { dataOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";

const route = apiRoute(OPEN_READ, ["not-found"], {
  operationId: "getBoardPoint",
  method: "get",
  path: "/boards/{number}/points/{point}",
  tags: ["Library"],
  summary: "Get a point of a board",
  description:
    "A net or designator of a board, in any spelling (case, _, -, spaces, dots, a leading +): the expected and measured values reported in visible repair cases (normalised, most frequent first, with their counts), those cases, the visible threads about the board that mention it and the board's visible documents whose page text mentions it, with the pages. 404 when the board is unknown or nothing visible mentions the point.",
  request: {
    params: z.object({
      number: z.string().openapi({ param: { name: "number", in: "path" }, example: "820-00165", description: "Board number or alias, any spelling" }),
      point: z.string().openapi({ param: { name: "point", in: "path" }, example: "PPBUS_G3H", description: "Net or designator, any spelling" }),
    }),
  },
  responses: {
    200: {
      description: "What is known about the point",
      content: { "application/json": { schema: dataOf(BoardPointDetailSchema, "BoardPointResponse") } },
    },
  },
});

export const getBoardPointRoute = createRouter().openapi(route, async (c) => {
  const { number, point } = c.req.valid("param");
  const answer = await getBoardPoint(queryContext(c), number, point);
  if (!answer) throw notFound("board point");
  return c.json({ data: answer }, 200);
});
