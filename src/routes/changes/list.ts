import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { decodePosition, encodePosition, positionExpired, readChanges, RETENTION_DAYS, START_OVER } from "../../changes/feed";
import { PerPageParam, tokenParam } from "../../core/pagination";
import { ApiError } from "../../http/problem";
import { queryContext } from "../../http/request-queries";
import { ChangesPageSchema } from "../../schemas/changes";
import { apiRoute, createRouter } from "../define";
import { fieldMsg } from "../../core/messages/fields";

const NOT_A_POSITION = fieldMsg.notAPosition();

const SinceParam = tokenParam(
  "since",
  decodePosition,
  NOT_A_POSITION,
  "Where to continue: meta.next of a previous answer (opaque). Absent: from the oldest change kept, which rebuilds a copy from nothing.",
);

const route = apiRoute(OPEN_READ, ["validation-failed", "changes-expired"], {
  operationId: "listChanges",
  method: "get",
  path: "/changes",
  tags: ["Changes"],
  summary: "List changes",
  description: `What changed, in the order changes were made, for a copy (a mirror, a search index, an assistant's cache) to stay exact: an upsert when the caller can see the item now, a delete when it no longer can (taken down, deleted, unpublished, made private, no longer shared). Applying every change from the beginning to an empty copy gives exactly the items the caller can see now; an item the caller could never see is never named. Changes are kept at least ${RETENTION_DAYS} days; an older since answers 410 (start over). A page may hold fewer than per_page changes while has_more is true.`,
  request: { query: z.object({ since: SinceParam, per_page: PerPageParam }) },
  responses: { 200: { description: "A page of changes", content: { "application/json": { schema: ChangesPageSchema } } } },
});

export const listChangesRoute = createRouter().openapi(route, async (c) => {
  const q = c.req.valid("query");
  const nowMs = Date.now();
  if (q.since && positionExpired(q.since, nowMs)) throw new ApiError("changes-expired", START_OVER);
  const page = await readChanges(queryContext(c), q.since, q.per_page, nowMs);
  return c.json({ data: page.data, meta: { next: encodePosition(page.next), has_more: page.hasMore } }, 200);
});
