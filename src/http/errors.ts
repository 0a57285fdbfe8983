// Maps anything thrown to a problem response: no stack trace or SQL ever reaches a body.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, problemResponse } from "./problem";
import { codeForClientStatus } from "./problem-table";

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const code = err instanceof HTTPException ? codeForClientStatus(err.status) : undefined;
  if (code) return new ApiError(code, (err as HTTPException).message || "The request could not be processed.");
  console.error("unhandled error", err);
  return new ApiError("internal", "Something went wrong on our side. The request id identifies it in our logs.");
}

export function apiErrorResponse(err: unknown, c: Context): Response {
  const siteUrl = (c.get("siteUrl") as string | undefined) ?? new URL(c.req.url).origin;
  return problemResponse(toApiError(err), siteUrl, (c.get("requestId") as string | undefined) ?? "");
}
