// The one problem helper: handlers throw ApiError, app.onError turns it into application/problem+json.
import type { Lang } from "../core/language";
import type { FieldErrors } from "../errors";
import { PROBLEMS, type ProblemCode } from "./problem-table";
export { fieldErrorsFromIssues, type FieldErrors } from "../errors";
export { PROBLEMS, type ProblemCode } from "./problem-table";

export interface ProblemExtras {
  errors?: FieldErrors;
  required_scopes?: string[];
  /** Did you mean: what the caller may have meant (a board one slip away from the number asked for). */
  suggestions?: { number: string; url: string }[];
  /** Headers the response must carry (Retry-After, Allow, WWW-Authenticate…). */
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extras: ProblemExtras = {},
  ) {
    super(detail);
    this.status = PROBLEMS[code].status;
  }
}

export function problemTypeUrl(siteUrl: string, code: ProblemCode): string {
  return `${siteUrl}/problems/${code}`;
}

/**
 * Builds the problem+json response in the reader's language; siteUrl, requestId and lang come from the request
 * context. A detail is written in English where it is thrown: a Spanish reader gets the table's Spanish
 * explanation of the code first, then that detail quoted after "Detalle:" (it names the input at fault).
 */
export function problemResponse(err: ApiError, siteUrl: string, requestId: string, lang: Lang = "en"): Response {
  const { errors, required_scopes, suggestions, headers } = err.extras;
  const entry = PROBLEMS[err.code];
  const body = {
    type: problemTypeUrl(siteUrl, err.code),
    title: entry.titles[lang],
    status: err.status,
    detail: lang === "en" ? err.detail : `${entry.explanation[lang]} Detalle: ${err.detail}`,
    request_id: requestId,
    ...(errors ? { errors } : {}),
    ...(required_scopes ? { required_scopes } : {}),
    ...(suggestions ? { suggestions } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: err.status,
    headers: { "Content-Type": "application/problem+json", "Content-Language": lang, "Cache-Control": "no-store", ...headers },
  });
}

export function validationError(errors: FieldErrors, detail?: string): ApiError {
  const fields = Object.keys(errors);
  return new ApiError("validation-failed", detail ?? `Invalid value for ${fields.join(", ")}.`, { errors });
}

export function notFound(what = "resource"): ApiError {
  return new ApiError("not-found", `The ${what} does not exist or is not visible to this caller.`);
}

/** Caller input quoted in a detail, cut short so a problem never reflects kilobytes back. */
export function quoteInput(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
