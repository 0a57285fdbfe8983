import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { getBoardPoint } from "../../db/queries/boards/board-points";
import { notFound } from "../../http/problem";
import { BoardPointDetailSchema } from "../../schemas/board-detail";
import { dataOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";

const route = apiRoute(OPEN_READ, ["not-found", "ambiguous-name"], {
  operationId: "getBoardPoint",
  method: "get",
  path: "/boards/{number}/points/{point}",
  tags: ["Library"],
  summary: "Get a point of a board",
  description:
    "A net or designator of a board, found by one name rule in repair cases, boardviews and reference files: the exact name first, else the one name its spelling matches once case, spaces, `_`, `.` and a `-` between two letters or digits are set aside (signs `+`/`-`, `/`, `#` and `~` always count, so `Vin+` never answers `Vin-` and a `+5V` case is never listed for `-5V`). The known-good reference values of the board's visible reference documents (OpenBoardData files, boardviews' readings), each typed diode, voltage or resistance with its note and source; the expected and measured values reported in visible repair cases (normalised, most frequent first, with their counts and kinds); a designator's component values; those cases, the visible threads about the board that mention it, the board's visible documents whose page text mentions it (with the pages, and where the point is printed on them, best page first) and its visible boardviews (side, position). 404 when the board is unknown or the point is none: no visible case measured or changed it, no visible boardview holds it and no visible reference value names it (a mention in text makes no point); `ambiguous-name` (404) when nothing else names it and its spelling matches several names of a boardview or reference file (none exactly): `candidates` lists them.",
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
