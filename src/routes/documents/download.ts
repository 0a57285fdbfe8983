import { KEY_READ } from "../../auth/scopes";
import { countDownload, findDownloadTarget } from "../../db/queries/downloads";
import { signLink, fileUrl, type FileLink } from "../../files/signed-link";
import { ApiError, notFound } from "../../http/problem";
import { apiBaseUrl } from "../../core/urls";
import { countLimit, refundLimit } from "../../limits/count";
import { downloadLimit } from "../../limits/policies";
import { enforce } from "../../http/rate-limit";
import { dataOf } from "../../schemas/common";
import { DownloadUrlSchema } from "../../schemas/documents";
import { apiRoute, createRouter } from "../define";
import { idParam, requireId } from "../params";
import { queryContext } from "../../http/request-queries";

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
  if (c.req.method === "HEAD")
    throw new ApiError("method-not-allowed", "Use GET: each call issues a link and counts as a download.", { headers: { Allow: "GET" } });
  const viewer = c.get("viewer")!; // KEY_READ: requireAccess refused anonymous callers already
  const id = requireId(c.req.valid("param").document, "document");
  const ctx = queryContext(c);
  const target = await findDownloadTarget(ctx, id);
  if (!target) throw notFound("document");
  if (target.status !== "available") {
    throw new ApiError("not-available", `This document is ${target.status}; only available documents can be downloaded.`);
  }

  const { downloadCapPerDay, fileLinkTtlSeconds } = c.get("config");
  // Sign before counting: a link that cannot be made (no signing key: 503) costs the caller nothing.
  const link: FileLink = { id, version: target.version, expires: Math.floor(Date.now() / 1000) + fileLinkTtlSeconds };
  const url = fileUrl(apiBaseUrl(c.get("siteUrl")), link, await signLink(c.env, link));
  const check = downloadLimit(viewer.userId, downloadCapPerDay);
  const cap = enforce(c, await countLimit(c.env, check));
  try {
    await countDownload(ctx.db, id);
    c.header("Cache-Control", "no-store"); // every call is a new link and a counted download
    return c.json({ data: { url, expires_at: new Date(link.expires * 1000).toISOString() } }, 200);
  } catch (err) {
    await refundLimit(c.env, check, cap); // no link issued: the cap gives it back
    throw err;
  }
});
