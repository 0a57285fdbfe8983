// Maps anything thrown to a problem response: no stack trace or SQL ever reaches a body.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError, type DomainErrorKind } from "../errors";
import { ApiError, problemResponse, type ProblemCode } from "./problem";

const CODE_BY_STATUS: Record<number, ProblemCode> = {
  400: "validation-failed",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  405: "method-not-allowed",
  409: "conflict",
  410: "gone",
  413: "validation-failed",
  422: "validation-failed",
  429: "rate-limited",
};

/** Each domain failure is the problem of the same name. */
const CODE_BY_KIND: Record<DomainErrorKind, ProblemCode> = {
  "not-found": "not-found",
  conflict: "conflict",
  gone: "gone",
  unavailable: "unavailable",
};

function fromDomainError(err: DomainError): ApiError {
  const headers = err.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(err.retryAfterSeconds) };
  return new ApiError(CODE_BY_KIND[err.kind], err.message, headers ? { headers } : {});
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof DomainError) return fromDomainError(err);
  if (err instanceof HTTPException && CODE_BY_STATUS[err.status]) {
    const code = err.status === 400 || err.status === 413 ? "validation-failed" : CODE_BY_STATUS[err.status];
    return new ApiError(code, err.message || "The request could not be processed.");
  }
  console.error("unhandled error", err);
  return new ApiError("internal", "Something went wrong on our side. The request id identifies it in our logs.");
}

export function apiErrorResponse(err: unknown, c: Context): Response {
  const siteUrl = (c.get("siteUrl") as string | undefined) ?? new URL(c.req.url).origin;
  return problemResponse(toApiError(err), siteUrl, (c.get("requestId") as string | undefined) ?? "");
}
