// Security headers of every HTML answer (site pages, error pages, the API reference), with Hono's
// secureHeaders: a Content-Security-Policy that allows no inline script or style but the page's own
// constant <style>/<script> blocks, named by their SHA-256 (hashes, not nonces, so a cached page stays
// valid for every reader), no framing, nosniff, and a Referrer-Policy. JSON, XML and files keep
// their own headers.
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { secureHeaders } from "hono/secure-headers";

/** The CSP source that allows exactly this inline <script> or <style> text. */
export function inlineHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

export interface InlineBlocks {
  styles: readonly string[];
  scripts: readonly string[];
}

/** What an HTML answer gets after its handler ran: the policy and its companions (JSON, XML and files are left alone). */
export type HtmlHeaders = (c: Context) => Promise<void>;

export function htmlSecurityHeaders(inline: InlineBlocks): HtmlHeaders {
  const apply = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inline.scripts.map(inlineHash)],
      styleSrc: ["'self'", ...inline.styles.map(inlineHash)],
      // The icon is an empty data: url.
      imgSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    xContentTypeOptions: true,
  });
  const done = async () => {};
  return async (c) => {
    // A page with a policy of its own (the API reference: Swagger UI) keeps it; the companions still apply.
    const own = c.res.headers.get("Content-Security-Policy");
    await apply(c, done);
    if (own) c.res.headers.set("Content-Security-Policy", own);
  };
}
