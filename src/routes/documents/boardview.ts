import { z } from "@hono/zod-openapi";
import { OPEN_READ } from "../../auth/scopes";
import { boardviewNet, boardviewPart, visibleBoardview } from "../../db/queries/boardviews";
import { ApiError, notFound, quoteInput, validationError } from "../../http/problem";
import { queryContext } from "../../http/request-queries";
import { BoardviewNetSchema, BoardviewPartSchema, BoardviewQuerySchema, BoardviewSummarySchema } from "../../schemas/boardviews";
import { apiRoute, createRouter } from "../define";
import { idParam, requireId } from "../params";
import { msg } from "../../core/messages/errors";

const route = apiRoute(OPEN_READ, ["not-found", "ambiguous-name", "validation-failed"], {
  operationId: "getDocumentBoardview",
  method: "get",
  path: "/documents/{document}/boardview",
  tags: ["Library"],
  summary: "Read a boardview's parts and nets",
  description:
    "What a boardview document holds, read from its file at upload: without parameters its counts; with `part` one part (side, mounting, " +
    "position, pins with their nets); with `net` one net (its pins and parts). A name answers by the boardview name rule: the exact name " +
    "first, else the one name its spelling matches once case, spaces, `_`, `.` and a `-` between two letters or digits are set aside; " +
    "signs (`+`, `-`), `/`, `#` and `~` always count (`USB_D+` never answers `USB_D-`). Same visibility as the document; no download is " +
    "counted. 404 when the document is not a readable boardview or holds no such part or net; `ambiguous-name` (404) when the spelling " +
    "matches several (`candidates` lists them).",
  request: { params: idParam("document", "Document"), query: BoardviewQuerySchema },
  responses: {
    200: {
      description: "The summary, the part or the net",
      content: {
        "application/json": {
          schema: z.object({ data: z.union([BoardviewSummarySchema, BoardviewPartSchema, BoardviewNetSchema]) }).openapi("BoardviewResponse"),
        },
      },
    },
  },
});

export const getDocumentBoardviewRoute = createRouter().openapi(route, async (c) => {
  const id = requireId(c.req.valid("param").document, "document");
  const q = c.req.valid("query");
  if (q.part !== undefined && q.net !== undefined) throw validationError({ net: [msg.partOrNet()] });
  const ctx = queryContext(c);
  const doc = await visibleBoardview(ctx, id);
  if (!doc) throw notFound("document");
  if (!doc.summary) throw notFound("boardview of this document");
  if (q.part !== undefined) {
    const part = await boardviewPart(ctx, doc, q.part);
    if (!part) throw new ApiError("not-found", msg.partNotFound({ part: quoteInput(q.part) }));
    return c.json({ data: part }, 200);
  }
  if (q.net !== undefined) {
    const net = await boardviewNet(ctx, doc, q.net);
    if (!net) throw new ApiError("not-found", msg.netNotFound({ net: quoteInput(q.net) }));
    return c.json({ data: net }, 200);
  }
  return c.json({ data: doc.summary }, 200);
});
