import { boardIdOf } from "../../db/queries/board-lookup";
import { listCases } from "../../db/queries/cases";
import { RepairCaseSchema } from "../../schemas/cases";
import { createRouter } from "../define";
import { BoardFilterParam, OutcomeParam } from "../params";
import { queryContext } from "../../http/request-queries";
import { listAnswer, listRoute } from "../list-page";
import { normalizeBoardNumber } from "../../core/urls";

const route = listRoute({
  operationId: "listCases",
  path: "/cases",
  tags: ["Repair cases"],
  summary: "List repair cases",
  description: "Published cases, newest first.",
  filters: { board: BoardFilterParam, outcome: OutcomeParam },
  schema: RepairCaseSchema,
  pageName: "RepairCasePage",
});

export const listCasesRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  const boardId = q.board === undefined ? undefined : boardIdOf(q.board);
  const filters = { board: q.board, outcome: q.outcome };
  // The board is compared in its normalised spelling.
  const scopeParts = [q.board === undefined ? undefined : normalizeBoardNumber(q.board), q.outcome];
  const body = await listAnswer(c, { path: "/cases", q, filters, scopeParts }, (request) =>
    listCases(queryContext(c), { boardId, outcome: q.outcome }, request),
  );
  return c.json(body, 200);
});
