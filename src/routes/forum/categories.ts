import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { listCategories } from "../../db/queries/forum";
import { dataOf } from "../../schemas/common";
import { CategorySchema } from "../../schemas/forum";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";

const route = apiRoute(OPEN_READ, [], {
  operationId: "listCategories",
  method: "get",
  path: "/forum/categories",
  tags: ["Forum"],
  summary: "List forum categories",
  description: "Every category with the number of threads visible to the caller.",
  responses: { 200: { description: "The categories", content: { "application/json": { schema: dataOf(z.array(CategorySchema), "CategoryList") } } } },
});

export const listCategoriesRoute = createRouter().openapi(route, async (c) => c.json({ data: await listCategories(queryContext(c)) }, 200));
