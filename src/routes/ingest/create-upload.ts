import { OpenAPIHono } from "@hono/zod-openapi";
import { canPublish, INGEST } from "../../auth/scopes";
import { receiveUpload } from "../../ingest/receive";
import { limitRefusal } from "../../http/rate-limit";
import { recordLimit } from "../../limits/request";
import { countLimit } from "../../limits/count";
import { uploadLimit } from "../../limits/policies";
import { UploadFormSchema, UploadResponseSchema } from "../../schemas/ingest";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../../http/request-queries";
import { successHeaders } from "../response-headers";

/** The upload form as OpenAPI shows it, generated from the zod schema that validates it (DocumentType and Visibility stay references). */
function uploadFormJsonSchema() {
  const generator = new OpenAPIHono();
  generator.openAPIRegistry.register("UploadForm", UploadFormSchema);
  return generator.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "", version: "" } }).components!.schemas!.UploadForm;
}

/** Where the status of the upload can be followed: the external_id sent in the form. */
const STATUS_LINK = {
  getUpload: {
    operationId: "getUpload",
    parameters: { externalId: "$request.body#/external_id" },
    description: "The status of this upload, until the file has been checked",
  },
};

const route = apiRoute(INGEST, ["conflict", "gone", "validation-failed", "upload-rate-exceeded", "unavailable"], {
  operationId: "createUpload",
  method: "post",
  path: "/uploads",
  tags: ["Ingestion"],
  summary: "Upload a file",
  description: [
    "One file per request as multipart/form-data, streamed to storage as it arrives. Idempotent on external_id:",
    "a repeat with the same file and metadata answers 200 with replayed true (and the header Idempotent-Replayed: true) without counting again;",
    "the same id with another payload is a 409, as is a repeat while the first request with that id is still being received (with Retry-After);",
    "an id whose document was deleted is a 410. The new document is processing until the file has been checked (see GET /uploads/{externalId}).",
  ].join(" "),
  request: {
    // A JSON schema, not the zod schema itself: the body is parsed as a stream by the handler, never buffered by a
    // validator. Inline, with the file part's encoding, so generic clients send `file` as a binary part.
    body: {
      required: true,
      content: { "multipart/form-data": { schema: uploadFormJsonSchema(), encoding: { file: { contentType: "application/octet-stream" } } } },
    },
  },
  responses: {
    201: {
      description: "Created: the document is processing",
      links: STATUS_LINK,
      content: { "application/json": { schema: UploadResponseSchema } },
    },
    200: {
      description: "A replay of an earlier upload with the same external_id and payload: its current status",
      headers: successHeaders(false, ["Idempotent-Replayed"]),
      links: STATUS_LINK,
      content: { "application/json": { schema: UploadResponseSchema } },
    },
    // Never sent by this service (an oversized file is a 422 naming the field): the platform refuses a body over its
    // request-size ceiling before the Worker runs, with a page of its own.
    413: { description: "Request body over the platform's ceiling (answered by the edge, not by this API; not a problem body)" },
  },
});

const router = createRouter();

export const createUploadRoute = router.openapi(route, async (c) => {
  const viewer = c.get("viewer")!;
  const result = await receiveUpload(c.req.raw, {
    env: c.env,
    config: c.get("config"),
    query: queryContext(c),
    userId: viewer.userId,
    canPublish: canPublish(viewer),
    countUpload: async () => {
      // The rate's refusal is the upload's to answer (or to drop, for a replay): handed over as its problem.
      const applied = recordLimit(c, await countLimit(c.env, uploadLimit(viewer.userId, c.get("config").uploadsPerHour)));
      return applied.decision.allowed ? { allowed: true, applied } : { allowed: false, refusal: limitRefusal(c, applied) };
    },
  });
  c.header("Cache-Control", "no-store");
  if (result.created) return c.json({ data: result.data, replayed: false }, 201);
  c.header("Idempotent-Replayed", "true");
  return c.json({ data: result.data, replayed: true }, 200);
});
