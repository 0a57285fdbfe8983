import { getCase } from "../../db/queries/cases";
import { RepairCaseDetailSchema } from "../../schemas/cases";
import { itemOperation } from "../item-route";

export const getCaseRoute = itemOperation(
  {
    operationId: "getCase",
    path: "/cases/{case}",
    tags: ["Repair cases"],
    summary: "Get a repair case",
    description: "A published case with measurements, components and the documents visible to the caller.",
    param: "case",
    what: "Repair case",
    thing: "repair case",
    schema: RepairCaseDetailSchema,
    responseName: "RepairCaseResponse",
    answer: "The case",
  },
  getCase,
);
