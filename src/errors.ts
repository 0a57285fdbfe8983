// Errors of the domain (search, queries, ingestion, auth, files): what went wrong, in words any surface can
// show. The domain never speaks HTTP; each surface maps these once: the API to problems (http/errors.ts), the
// site to pages with the same status (site/errors.ts), MCP to tool errors (mcp/errors.ts). A test
// (test/structure.test.ts) fails when a domain folder imports the HTTP problem type.
// A message is written in both languages (src/core/messages); `message` keeps the English for logs.
import { msg } from "./core/messages/errors";
import { type FieldMessage, isLocalized, type Localized } from "./core/messages/text";

export type DomainErrorKind =
  | "not-found"
  | "conflict"
  | "gone"
  | "unavailable"
  /** The caller's input is wrong; `fieldErrors` says where. */
  | "invalid"
  /** No usable credentials (none where one is needed, or one that is unknown, expired or revoked). */
  | "unauthorized"
  /** Credentials that are valid but may not do this (`requiredScopes` names what would). */
  | "forbidden";

/** Messages per input field, as the API's `errors` object shows them (in the reader's language). */
export type FieldErrors = Record<string, FieldMessage[]>;

export interface DomainErrorDetails {
  /** When the same call may work again (a rebuild in progress, an upload still being received). */
  retryAfterSeconds?: number;
  fieldErrors?: FieldErrors;
  requiredScopes?: readonly string[];
  /** For "unauthorized": credentials were sent and rejected (unknown, expired, revoked), not missing. */
  credentialsRejected?: boolean;
}

export class DomainError extends Error {
  readonly retryAfterSeconds?: number;
  readonly fieldErrors?: FieldErrors;
  readonly requiredScopes?: readonly string[];
  readonly credentialsRejected?: boolean;
  /** The message in both languages; a bare string (the site's account forms, English only) is the same in both. */
  readonly text: Localized;

  constructor(
    readonly kind: DomainErrorKind,
    message: Localized | string,
    details: DomainErrorDetails | number = {},
  ) {
    const text = typeof message === "string" ? { en: message, es: message } : message;
    super(text.en);
    this.text = text;
    this.name = new.target.name;
    const { retryAfterSeconds, fieldErrors, requiredScopes, credentialsRejected } =
      typeof details === "number" ? { retryAfterSeconds: details } : details;
    this.retryAfterSeconds = retryAfterSeconds;
    this.fieldErrors = fieldErrors;
    this.requiredScopes = requiredScopes;
    this.credentialsRejected = credentialsRejected;
  }
}

/** Invalid input, field by field; the message names the fields. */
export function invalidInput(fieldErrors: FieldErrors, message?: Localized): DomainError {
  return new DomainError("invalid", message ?? msg.invalidFields({ fields: Object.keys(fieldErrors) }), { fieldErrors });
}

/** Adds a message to a field. */
export function addFieldError(errors: FieldErrors, field: string, message: FieldMessage): void {
  (errors[field] ??= []).push(message);
}

/**
 * Turns zod issues into per-field messages (never ZodError.message, which is JSON text in zod 4). A custom issue
 * of the service carries its message in both languages as `params.message`; zod's own messages stay as written.
 */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string; params?: unknown }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const localized = (issue.params as { message?: unknown } | undefined)?.message;
    addFieldError(errors, issue.path.map(String).join(".") || "_", isLocalized(localized) ? localized : issue.message);
  }
  return errors;
}
