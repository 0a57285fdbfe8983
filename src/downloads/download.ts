// Issuing a download: the document as the member may see it (the visibility rule), a signed link to its current
// version, and one more against the account's daily cap. The API's /download and the site's Download button
// both come here, so they refuse the same way (not found, not available, cap reached).
import { countDownload, findDownloadTarget } from "../db/queries/downloads";
import type { QueryContext } from "../db/queries/runtime";
import { countLimit, refundLimit, type AppliedLimit } from "../limits/count";
import { downloadLimit } from "../limits/policies";
import { fileUrl, signLink, type FileLink } from "../files/signed-link";

export type DownloadOutcome =
  | { kind: "not-found" }
  | { kind: "not-available"; status: string }
  | { kind: "capped"; cap: AppliedLimit }
  | { kind: "issued"; url: string; expiresAt: string; cap: AppliedLimit };

export interface DownloadRequest {
  /** The member's read context: its viewer is who asks. */
  ctx: QueryContext & { viewer: { userId: number } };
  id: string;
  /** Where file links live: the API's base address. */
  baseUrl: string;
  capPerDay: number;
  linkTtlSeconds: number;
}

export async function issueDownload(env: Env, request: DownloadRequest): Promise<DownloadOutcome> {
  const { ctx, id } = request;
  const target = await findDownloadTarget(ctx, id);
  if (!target) return { kind: "not-found" };
  if (target.status !== "available") return { kind: "not-available", status: target.status };
  // Sign before counting: a link that cannot be made (no signing key) costs the member nothing.
  const link: FileLink = { id, version: target.version, expires: Math.floor(Date.now() / 1000) + request.linkTtlSeconds };
  const url = fileUrl(request.baseUrl, link, await signLink(env, link));
  const check = downloadLimit(ctx.viewer.userId, request.capPerDay);
  const cap = await countLimit(env, check);
  if (!cap.decision.allowed) return { kind: "capped", cap };
  try {
    await countDownload(ctx.db, id);
  } catch (error) {
    await refundLimit(env, check, cap); // no link issued: the cap gives it back
    throw error;
  }
  return { kind: "issued", url, expiresAt: new Date(link.expires * 1000).toISOString(), cap };
}
