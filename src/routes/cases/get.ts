import { OPEN_READ } from "../../auth/scopes";
import { getCase } from "../../db/queries/cases";
import { notFound } from "../../http/problem";
import { RepairCaseDetailSchema } from "../../schemas/cases";
import { dataOf } from "../../schemas/common";
import { apiRoute, createRouter } from "../define";
import { idParam, requireId } from "../params";
import { queryContext } from "../../http/request-queries";

const route = apiRoute(OPEN_READ, ["not-found"], {
  operationId: "getCase",
  method: "get",
  path: "/cases/{case}",
  tags: ["Repair cases"],
  summary: "Get a repair case",
  description: "A published case with measurements, components and the documents visible to the caller.",
  request: { params: idParam("case", "Repair case") },
  responses: { 200: { description: "The case", content: { "application/json": { schema: dataOf(RepairCaseDetailSchema, "RepairCaseResponse") } } } },
});

export const getCaseRoute = createRouter().openapi(route, async (c) => {
  const repairCase = await getCase(queryContext(c), requireId(c.req.valid("param").case, "repair case"));
  if (!repairCase) throw notFound("repair case");
  return c.json({ data: repairCase }, 200);
});
