// The one problem helper: handlers throw ApiError, app.onError turns it into application/problem+json.
import type { Lang } from "../core/language";
import type { FieldErrors } from "../errors";
import { msg, type Thing } from "../core/messages/errors";
import { inLang, type Localized } from "../core/messages/text";
import { PROBLEMS, type ProblemCode } from "./problem-table";
export { fieldErrorsFromIssues, type FieldErrors } from "../errors";
export { PROBLEMS, type ProblemCode } from "./problem-table";

export interface ProblemExtras {
  errors?: FieldErrors;
  required_scopes?: string[];
  /** Did you mean: what the caller may have meant (a board one slip away from the number asked for). */
  suggestions?: { number: string; url: string }[];
  /** The names an ambiguous spelling matches (a boardview part or net; problem ambiguous-name). */
  candidates?: string[];
  /** Headers the response must carry (Retry-After, Allow, WWW-Authenticate…). */
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ProblemCode,
    readonly detail: Localized,
    readonly extras: ProblemExtras = {},
  ) {
    super(detail.en);
    this.status = PROBLEMS[code].status;
  }
}

export function problemTypeUrl(siteUrl: string, code: ProblemCode): string {
  return `${siteUrl}/problems/${code}`;
}

/**
 * Builds the problem+json response in the reader's language (title, detail and the service's field messages);
 * siteUrl, requestId and lang come from the request context. The detail is thrown in both languages from the
 * message table (src/core/messages); field names, scopes and quoted inputs stay as they are.
 */
export function problemResponse(err: ApiError, siteUrl: string, requestId: string, lang: Lang = "en"): Response {
  const { errors, required_scopes, suggestions, candidates, headers } = err.extras;
  const entry = PROBLEMS[err.code];
  const body = {
    type: problemTypeUrl(siteUrl, err.code),
    title: entry.titles[lang],
    status: err.status,
    detail: err.detail[lang],
    request_id: requestId,
    ...(errors ? { errors: fieldErrorsIn(errors, lang) } : {}),
    ...(required_scopes ? { required_scopes } : {}),
    ...(suggestions ? { suggestions } : {}),
    ...(candidates ? { candidates } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: err.status,
    headers: { "Content-Type": "application/problem+json", "Content-Language": lang, "Cache-Control": "no-store", ...headers },
  });
}

function fieldErrorsIn(errors: FieldErrors, lang: Lang): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => inLang(m, lang))]));
}

export function validationError(errors: FieldErrors, detail?: Localized): ApiError {
  return new ApiError("validation-failed", detail ?? msg.invalidFields({ fields: Object.keys(errors) }), { errors });
}

export function notFound(what: Thing = "resource"): ApiError {
  return new ApiError("not-found", msg.notFound({ what }));
}

/** Caller input quoted in a detail, cut short so a problem never reflects kilobytes back. */
export function quoteInput(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
