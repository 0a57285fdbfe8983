// GET /documents/{document}/boardview/layout: the whole drawing of a boardview for the viewer and any client.
// Its ETag is the document's version and last change, so a repeated read is answered 304 before the text
// database is asked; the document's visibility decides who reads it and how it may be cached.
import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { boardviewLayout, visibleBoardview } from "../../db/queries/boardviews";
import { etagMatches, notModified, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../../http/cache/caching";
import { ApiError, notFound } from "../../http/problem";
import { queryContext } from "../../http/request-queries";
import { BoardviewLayoutSchema } from "../../schemas/boardviews";
import { apiRoute, createRouter } from "../define";
import { idParam, requireId } from "../params";
import { msg } from "../../core/messages/errors";

/** Raised when the answer's shape or rules change (2: boxes from pins, drawn: false), so a kept copy is not revalidated. */
const LAYOUT_SHAPE = 2;

const route = apiRoute(OPEN_READ, ["not-found"], {
  operationId: "getDocumentBoardviewLayout",
  method: "get",
  path: "/documents/{document}/boardview/layout",
  tags: ["Library"],
  summary: "Read a boardview's whole drawing",
  description:
    "Everything needed to draw a boardview in one answer: unit, outline, parts (side, mounting, box, value), pins as columns " +
    "(x, y, part index, net index, number, name) and net names once. Same visibility as the document; no download is counted. " +
    "The ETag follows the document's version: send it back in If-None-Match for a 304. 404 when the document is not visible, " +
    "is not a boardview, or is one the service could not read (the detail gives the reason; GET /documents/{document} too).",
  request: { params: idParam("document", "Document") },
  responses: {
    200: {
      description: "The drawing",
      content: { "application/json": { schema: z.object({ data: BoardviewLayoutSchema }).openapi("BoardviewLayoutResponse") } },
    },
  },
});

export const getDocumentBoardviewLayoutRoute = createRouter().openapi(route, async (c) => {
  const id = requireId(c.req.valid("param").document, "document");
  const ctx = queryContext(c);
  const doc = await visibleBoardview(ctx, id);
  if (!doc) throw notFound("document");
  if (!doc.summary) throw notFound("boardview of this document");
  if (!doc.summary.format) {
    throw new ApiError("not-found", msg.boardviewUnreadable({ reason: doc.summary.reason ?? "unknown format" }));
  }
  const etag = `"layout-${LAYOUT_SHAPE}-${doc.id}-v${doc.version}-${Date.parse(doc.updatedAt) || 0}"`;
  // A key's answer and a document not everyone sees stay in the caller's own cache.
  const keyed = c.req.header("Authorization") !== undefined;
  const cacheControl = keyed || doc.visibility !== "public" ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
  const headers = { ETag: etag, "Cache-Control": cacheControl, Vary: "Authorization" };
  if (etagMatches(c.req.header("If-None-Match"), etag)) return notModified(new Headers(headers)) as never;
  const layout = await boardviewLayout(ctx, doc);
  if (!layout) throw notFound("boardview of this document");
  return c.json({ data: layout }, 200, headers);
});
