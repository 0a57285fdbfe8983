// Maps anything thrown to a problem response: no stack trace or SQL ever reaches a body.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError, type DomainErrorKind } from "../errors";
import { ApiError, problemResponse, type ProblemCode } from "./problem";
import { codeForClientStatus } from "./problem-table";
import type { Lang } from "../core/language";
import { msg } from "../core/messages/errors";

/** Each domain failure is the problem of the same name. */
const CODE_BY_KIND: Record<DomainErrorKind, ProblemCode> = {
  "not-found": "not-found",
  conflict: "conflict",
  gone: "gone",
  unavailable: "unavailable",
  invalid: "validation-failed",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  ambiguous: "ambiguous-name",
};

function fromDomainError(err: DomainError): ApiError {
  const headers: Record<string, string> = {};
  if (err.retryAfterSeconds !== undefined) headers["Retry-After"] = String(err.retryAfterSeconds);
  if (err.kind === "unauthorized")
    headers["WWW-Authenticate"] = err.credentialsRejected ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"';
  return new ApiError(CODE_BY_KIND[err.kind], err.text, {
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(err.fieldErrors ? { errors: err.fieldErrors } : {}),
    ...(err.requiredScopes ? { required_scopes: [...err.requiredScopes] } : {}),
    ...(err.candidates ? { candidates: [...err.candidates] } : {}),
  });
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof DomainError) return fromDomainError(err);
  const code = err instanceof HTTPException ? codeForClientStatus(err.status) : undefined;
  // A framework's message is English only: a Spanish reader gets the generic sentence.
  if (code) return new ApiError(code, { ...msg.notProcessed(), en: (err as HTTPException).message || msg.notProcessed().en });
  console.error("unhandled error", err);
  return new ApiError("internal", msg.internal());
}

export function apiErrorResponse(err: unknown, c: Context): Response {
  const siteUrl = (c.get("siteUrl") as string | undefined) ?? new URL(c.req.url).origin;
  const lang = (c.get("lang") as Lang | undefined) ?? "en";
  return problemResponse(toApiError(err), siteUrl, (c.get("requestId") as string | undefined) ?? "", lang);
}
