import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { boardIdOf } from "../../db/queries/boards";
import { listCases } from "../../db/queries/cases";
import { PageParam, PerPageParam } from "../../http/pagination";
import { RepairCaseSchema } from "../../schemas/cases";
import { pageOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { BoardFilterParam, OutcomeParam } from "../params";
import { queryContext } from "../../http/query-context";

const route = apiRoute(OPEN_READ, ["validation-failed"], {
  operationId: "listCases",
  method: "get",
  path: "/cases",
  tags: ["Repair cases"],
  summary: "List repair cases",
  description: "Published cases, newest first.",
  request: { query: z.object({ board: BoardFilterParam, outcome: OutcomeParam, page: PageParam, per_page: PerPageParam }) },
  responses: { 200: { description: "A page of cases", content: { "application/json": { schema: pageOf(RepairCaseSchema, "RepairCasePage") } } } },
});

export const listCasesRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  const ctx = queryContext(c);
  const boardId = q.board === undefined ? undefined : boardIdOf(q.board);
  return c.json(await listCases(ctx, { boardId, outcome: q.outcome }, { page: q.page, perPage: q.per_page }), 200);
});
