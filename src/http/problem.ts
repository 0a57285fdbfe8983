// The one problem helper: handlers throw ApiError, app.onError turns it into application/problem+json.
export const PROBLEMS = {
  unauthorized: { status: 401, title: "Unauthorized" },
  forbidden: { status: 403, title: "Forbidden" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  "not-available": { status: 409, title: "Not available" },
  gone: { status: 410, title: "Gone" },
  "payload-too-large": { status: 413, title: "Payload too large" },
  "range-not-satisfiable": { status: 416, title: "Range not satisfiable" },
  "validation-failed": { status: 422, title: "Validation failed" },
  "rate-limited": { status: 429, title: "Too many requests" },
  "download-cap-reached": { status: 429, title: "Download cap reached" },
  "upload-rate-exceeded": { status: 429, title: "Upload rate exceeded" },
  internal: { status: 500, title: "Internal error" },
  unavailable: { status: 503, title: "Service unavailable" },
} as const;

export type ProblemCode = keyof typeof PROBLEMS;
export type FieldErrors = Record<string, string[]>;

export interface ProblemExtras {
  errors?: FieldErrors;
  required_scopes?: string[];
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

/** Builds the problem+json response; siteUrl and requestId come from the request context. */
export function problemResponse(err: ApiError, siteUrl: string, requestId: string): Response {
  const { errors, required_scopes, headers } = err.extras;
  const body = {
    type: problemTypeUrl(siteUrl, err.code),
    title: PROBLEMS[err.code].title,
    status: err.status,
    detail: err.detail,
    request_id: requestId,
    ...(errors ? { errors } : {}),
    ...(required_scopes ? { required_scopes } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: err.status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...headers },
  });
}

/** Turns zod issues into the per-field `errors` object (never ZodError.message, which is JSON text in zod 4). */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "_";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
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
