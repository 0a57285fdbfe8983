import { boardIdOf } from "../../db/queries/board-lookup";
import { listCases } from "../../db/queries/cases";
import { cursorScope, listBody } from "../../core/pagination";
import { RepairCaseSchema } from "../../schemas/cases";
import { createRouter } from "../define";
import { BoardFilterParam, OutcomeParam } from "../params";
import { queryContext } from "../../http/request-queries";
import { linkNext, listRequest, listRoute } from "../list-page";
import { normalizeBoardNumber } from "../../core/urls";

const route = listRoute({
  operationId: "listCases",
  path: "/cases",
  tags: ["Repair cases"],
  summary: "List repair cases",
  description: "Published cases, newest first.",
  filters: { board: BoardFilterParam, outcome: OutcomeParam },
  noun: "case",
  plural: "cases",
  schema: RepairCaseSchema,
  pageName: "RepairCasePage",
});

export const listCasesRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  const ctx = queryContext(c);
  const boardId = q.board === undefined ? undefined : boardIdOf(q.board);
  // A cursor belongs to one list: these filters (the board in its normalised spelling), this page size, this caller.
  const scope = cursorScope([
    "cases",
    q.board === undefined ? undefined : normalizeBoardNumber(q.board),
    q.outcome,
    q.per_page,
    c.get("viewer")?.userId ?? null,
  ]);
  const page = await listCases(ctx, { boardId, outcome: q.outcome }, listRequest(c, q, q.per_page, scope));
  linkNext(c, "/cases", { board: q.board, outcome: q.outcome, per_page: q.per_page }, page, scope);
  return c.json(listBody(page), 200);
});
