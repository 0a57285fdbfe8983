import { z } from "@hono/zod-openapi";
import { INGEST } from "../../auth/scopes";
import { findUpload } from "../../db/queries/uploads";
import { goneError } from "../../ingest/idempotency";
import { notFound } from "../../http/problem";
import { EXTERNAL_ID_MAX, EXTERNAL_ID_PATTERN, UploadStatusResponseSchema } from "../../schemas/ingest";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";

const route = apiRoute(INGEST, ["not-found", "gone"], {
  operationId: "getUpload",
  method: "get",
  path: "/uploads/{externalId}",
  tags: ["Ingestion"],
  summary: "Status of an upload",
  description:
    "The upload this account made under externalId: processing until the file has been checked, then available or rejected. 410 once its document was deleted.",
  request: {
    params: z.object({
      externalId: z.string().openapi({
        param: { name: "externalId", in: "path" },
        pattern: EXTERNAL_ID_PATTERN.source,
        maxLength: EXTERNAL_ID_MAX,
        example: "scan-2026-0001",
      }),
    }),
  },
  responses: { 200: { description: "The upload's status", content: { "application/json": { schema: UploadStatusResponseSchema } } } },
});

export const getUploadRoute = createRouter().openapi(route, async (c) => {
  const { externalId } = c.req.valid("param");
  // An id outside the pattern can never have been used: like any unknown id, a 404.
  if (externalId.length > EXTERNAL_ID_MAX || !EXTERNAL_ID_PATTERN.test(externalId)) throw notFound("upload");
  const found = await findUpload(queryContext(c), c.get("viewer")!.userId, externalId);
  if (found.kind === "gone") throw goneError();
  if (found.kind === "missing") throw notFound("upload");
  return c.json({ data: found.data }, 200);
});
