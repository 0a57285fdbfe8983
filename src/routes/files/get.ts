// GET/HEAD {base_url}/files/{id}/{version}?expires=…&signature=… — the signed file route (docs/design.md §6).
// No key: the signature is the permission. Kept out of OpenAPI: its addresses are issued by
// GET /documents/{document}/download, never built by clients (that operation's description says how it answers).
import { dbOf } from "../../http/d1-session";
import { findStoredFile } from "../../db/queries/downloads";
import { parseRange } from "../../files/byte-range";
import { attachmentDisposition } from "../../files/disposition";
import { verifyLink } from "../../files/signed-link";
import { etagMatches } from "../../http/cache/caching";
import { ApiError } from "../../http/problem";
import { countLinkRequest } from "../../http/link-limit";
import { createRouter } from "../define";
import { msg } from "../../core/messages/errors";

const removed = () => new ApiError("gone", msg.fileRemoved());

export const fileRoute = createRouter().get("/files/:id/:version", async (c) => {
  // Counted per link, not per caller: the parts of one download never use up the caller's address limit.
  const link = await countLinkRequest(c, () =>
    verifyLink(
      c.env,
      { id: c.req.param("id"), version: c.req.param("version"), expires: c.req.query("expires"), signature: c.req.query("signature") },
      Date.now(),
    ),
  );
  const file = await findStoredFile(dbOf(c), link.id, link.version);
  if (file?.status !== "available") throw removed();
  const object = await c.env.FILES.head(file.r2Key);
  if (!object) throw removed();

  const etag = `"${file.sha256}"`;
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Disposition": attachmentDisposition(file.filename),
    ETag: etag,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    // Whatever the file holds, it never runs as a page of this origin.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-cache",
  });
  if (etagMatches(c.req.header("If-None-Match"), etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }

  const size = object.size;
  // If-Range: a partial answer only while the file is still the one the client holds part of.
  const ifRange = c.req.header("If-Range");
  const range = ifRange === undefined || ifRange.trim() === etag ? parseRange(c.req.header("Range"), size) : undefined;
  if (range === "unsatisfiable") {
    throw new ApiError("range-not-satisfiable", msg.rangeOutside({ size }), {
      headers: { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" },
    });
  }
  const status = range ? 206 : 200;
  const length = range ? range.end - range.start + 1 : size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  if (c.req.method === "HEAD") return new Response(null, { status, headers });

  const body = await c.env.FILES.get(file.r2Key, range ? { range: { offset: range.start, length } } : undefined);
  if (!body) throw removed();
  return new Response(body.body, { status, headers });
});
