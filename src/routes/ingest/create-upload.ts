import { INGEST } from "../../auth/scopes";
import { receiveUpload } from "../../ingest/receive";
import { uploadRateCheck } from "../../ingest/upload-rate";
import { enforceLimit } from "../../limits/rate-limit";
import { UploadFormSchema, UploadResponseSchema } from "../../schemas/ingest";
import { apiRoute, createRouter } from "../define";
import { queryContext } from "../query-context";

const route = apiRoute(INGEST, [409, 410, 422, 503], {
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
    // A reference, not the zod schema itself: the body is parsed as a stream by the handler, never buffered by a validator.
    body: { required: true, content: { "multipart/form-data": { schema: { $ref: "#/components/schemas/UploadForm" } } } },
  },
  responses: {
    201: { description: "Created: the document is processing", content: { "application/json": { schema: UploadResponseSchema } } },
    200: {
      description: "A replay of an earlier upload with the same external_id and payload: its current status",
      headers: { "Idempotent-Replayed": { description: "true on a replay", schema: { type: "string", enum: ["true"] } } },
      content: { "application/json": { schema: UploadResponseSchema } },
    },
  },
});

const router = createRouter();
router.openAPIRegistry.register("UploadForm", UploadFormSchema);

export const createUploadRoute = router.openapi(route, async (c) => {
  const viewer = c.get("viewer")!;
  const result = await receiveUpload(c.req.raw, {
    env: c.env,
    config: c.get("config"),
    query: queryContext(c),
    userId: viewer.userId,
    canPublish: viewer.scopes.includes("library:publish"),
    countUpload: () => enforceLimit(c, uploadRateCheck(viewer.userId, c.get("config").uploadsPerHour)),
  });
  c.header("Cache-Control", "no-store");
  if (result.created) return c.json({ data: result.data, replayed: false }, 201);
  c.header("Idempotent-Replayed", "true");
  return c.json({ data: result.data, replayed: true }, 200);
});
