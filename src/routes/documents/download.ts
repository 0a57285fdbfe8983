import { KEY_READ } from "../../auth/scopes";
import { ApiError, notFound } from "../../http/problem";
import { enforce } from "../../http/rate-limit";
import { dataOf } from "../../schemas/common";
import { DownloadUrlSchema } from "../../schemas/documents";
import { apiRoute, createRouter } from "../define";
import { idParam, requireId } from "../params";
import { requestDownload } from "../../http/request-queries";
import { msg } from "../../core/messages/errors";

const route = apiRoute(
  KEY_READ,
  ["not-found", "not-available", "method-not-allowed", "download-cap-reached", "unavailable"],
  {
    operationId: "getDownloadLink",
    method: "get",
    path: "/documents/{document}/download",
    tags: ["Library"],
    summary: "Get a download link",
    description:
      "A signed address of the document's current version, valid until `expires_at` (a few minutes). Each call counts as one download " +
      "and against the account's download cap per rolling 24 hours (429 `download-cap-reached` with Retry-After once reached; all keys " +
      "of an account share it). The address needs no key: it answers the file as an attachment with ETag, Range (206/416) and " +
      "If-None-Match (304) support, 403 once expired or altered, and 410 if the document was removed meanwhile.",
    request: { params: idParam("document", "Document") },
    responses: {
      200: { description: "A signed download link", content: { "application/json": { schema: dataOf(DownloadUrlSchema, "DownloadUrlResponse") } } },
    },
  },
  // The handler counts a cap of its own: it runs once the request rate has allowed the call.
  { cacheable: false, countsOwnLimit: true },
);

export const downloadDocumentRoute = createRouter().openapi(route, async (c) => {
  // HEAD must not issue a link or count a download.
  if (c.req.method === "HEAD") throw new ApiError("method-not-allowed", msg.useGetForDownload(), { headers: { Allow: "GET" } });
  const viewer = c.get("viewer")!; // KEY_READ: requireAccess refused anonymous callers already
  const id = requireId(c.req.valid("param").document, "document");
  const outcome = await requestDownload(c, viewer.userId, id);
  if (outcome.kind === "not-found") throw notFound("document");
  if (outcome.kind === "not-available") {
    throw new ApiError("not-available", msg.notDownloadable({ status: outcome.status }));
  }
  enforce(c, outcome.cap); // throws the cap's 429 when it refused
  if (outcome.kind !== "issued") throw new Error("a refused cap is thrown above");
  c.header("Cache-Control", "no-store"); // every call is a new link and a counted download
  return c.json({ data: { url: outcome.url, expires_at: outcome.expiresAt } }, 200);
});
