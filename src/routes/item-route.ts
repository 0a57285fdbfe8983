// What the item reads by id share at the HTTP edge (cases, documents, posts): open to every reader, the id in the
// path, a 404 for an id the caller may not see, the item in `data`.
import type { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../auth/scopes";
import type { Thing } from "../core/messages/errors";
import type { QueryContext } from "../db/queries/runtime";
import { notFound } from "../http/problem";
import { queryContext } from "../http/request-queries";
import { dataOf } from "../schemas/common";
import { apiRoute, createRouter } from "./define";
import { idParam, requireId } from "./params";

/** The operation reading one item: `read` answers undefined for an id the caller may not see. */
export function itemOperation<P extends string, S extends z.ZodType>(
  item: {
    operationId: string;
    path: P;
    tags: string[];
    summary: string;
    description: string;
    /** The path parameter's name, what it names in the description ("Repair case") and in a 404 ("repair case"). */
    param: string;
    what: string;
    thing: Thing;
    schema: S;
    responseName: string;
    /** The 200 answer's description ("The case"). */
    answer: string;
  },
  read: (ctx: QueryContext, id: string) => Promise<z.infer<S> | undefined>,
) {
  const route = apiRoute(OPEN_READ, ["not-found"], {
    operationId: item.operationId,
    method: "get",
    path: item.path,
    tags: item.tags,
    summary: item.summary,
    description: item.description,
    request: { params: idParam(item.param, item.what) },
    responses: { 200: { description: item.answer, content: { "application/json": { schema: dataOf(item.schema, item.responseName) } } } },
  });
  return createRouter().openapi(route, async (c) => {
    const found = await read(queryContext(c), requireId(c.req.valid("param")[item.param], item.thing));
    if (!found) throw notFound(item.thing);
    return c.json({ data: found }, 200);
  });
}
