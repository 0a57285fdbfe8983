import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { boardIdOf } from "../../db/queries/boards";
import { listCases } from "../../db/queries/cases";
import { cursorScope, CursorParam, listBody, PageParam, PerPageParam } from "../../core/pagination";
import { RepairCaseSchema } from "../../schemas/cases";
import { pageOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { BoardFilterParam, OutcomeParam } from "../params";
import { queryContext } from "../../http/request-queries";
import { successHeaders } from "../response-headers";
import { linkNext, listRequest } from "../list-page";
import { normalizeBoardNumber } from "../../core/urls";

const route = apiRoute(OPEN_READ, ["validation-failed"], {
  operationId: "listCases",
  method: "get",
  path: "/cases",
  tags: ["Repair cases"],
  summary: "List repair cases",
  description: "Published cases, newest first.",
  request: { query: z.object({ board: BoardFilterParam, outcome: OutcomeParam, page: PageParam, per_page: PerPageParam, cursor: CursorParam }) },
  responses: {
    200: {
      description:
        "A page of cases. While more follow, the Link header names the next page (a cursor address): following it from page 1 lists every case once, at any depth.",
      headers: successHeaders(true, ["Link"]),
      content: { "application/json": { schema: pageOf(RepairCaseSchema, "RepairCasePage") } },
    },
  },
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
