import { dbOf } from "../../http/d1-session";
import { canPublish, INGEST } from "../../auth/scopes";
import { BOARDVIEW_CATALOGUE } from "../../boardview-formats";
import { usedBytes } from "../../db/queries/uploads";
import { capabilityFormats } from "../../content/formats";
import { CapabilitiesSchema } from "../../schemas/ingest";
import { apiRoute, createRouter } from "../define";

/** The major version of the API (the /api/v1 in every path). */
export const API_MAJOR_VERSION = 1;
/** Uploads a client should run at once: more only queue up behind each other in the account's quota and rate. */
const RECOMMENDED_CONCURRENCY = 2;

const route = apiRoute(INGEST, [], {
  operationId: "getCapabilities",
  method: "get",
  path: "/capabilities",
  tags: ["Ingestion"],
  summary: "What this key may upload",
  description:
    "Accepted formats and their size caps, blocked extensions, the upload rate, the account's storage quota and whether the key may publish. The object itself, not wrapped in data.",
  responses: { 200: { description: "The ingestion capabilities of this key", content: { "application/json": { schema: CapabilitiesSchema } } } },
});

export const capabilitiesRoute = createRouter().openapi(route, async (c) => {
  const viewer = c.get("viewer")!;
  const config = c.get("config");
  return c.json(
    {
      api_version: API_MAJOR_VERSION,
      default_visibility: "private" as const,
      uploads_per_hour: config.uploadsPerHour,
      recommended_concurrency: RECOMMENDED_CONCURRENCY,
      can_publish: canPublish(viewer),
      ...capabilityFormats(config),
      quota: { used_bytes: await usedBytes(dbOf(c), viewer.userId), limit_bytes: config.quotaBytes > 0 ? config.quotaBytes : null },
      boardview_formats: BOARDVIEW_CATALOGUE,
    },
    200,
  );
});
