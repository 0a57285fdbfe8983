// Errors of the domain (search, queries, ingestion, auth, files): what went wrong, in words any surface can
// show. The domain never speaks HTTP; each surface maps these once: the API to problems (http/errors.ts), the
// site to pages with the same status (site/errors.ts), MCP to tool errors (mcp/errors.ts). A test
// (test/structure.test.ts) fails when a domain folder imports the HTTP problem type.
// A message is written in both languages (src/core/messages); `message` keeps the English for logs.
import { locales } from "zod";
import { msg } from "./core/messages/errors";
import { localizedField } from "./core/messages/fields";
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
  | "forbidden"
  /** A name spelled so that several names match it (a boardview part or net): `candidates` lists them. */
  | "ambiguous";

/** Messages per input field, as the API's `errors` object shows them (in the reader's language). */
export type FieldErrors = Record<string, FieldMessage[]>;

export interface DomainErrorDetails {
  /** When the same call may work again (a rebuild in progress, an upload still being received). */
  retryAfterSeconds?: number;
  fieldErrors?: FieldErrors;
  requiredScopes?: readonly string[];
  /** For "unauthorized": credentials were sent and rejected (unknown, expired, revoked), not missing. */
  credentialsRejected?: boolean;
  /** For "ambiguous": the names the spelling matches. */
  candidates?: readonly string[];
}

export class DomainError extends Error {
  readonly retryAfterSeconds?: number;
  readonly fieldErrors?: FieldErrors;
  readonly requiredScopes?: readonly string[];
  readonly credentialsRejected?: boolean;
  readonly candidates?: readonly string[];
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
    const { retryAfterSeconds, fieldErrors, requiredScopes, credentialsRejected, candidates } =
      typeof details === "number" ? { retryAfterSeconds: details } : details;
    this.retryAfterSeconds = retryAfterSeconds;
    this.fieldErrors = fieldErrors;
    this.requiredScopes = requiredScopes;
    this.credentialsRejected = credentialsRejected;
    this.candidates = candidates;
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

/** A zod issue as the validators hand it over (finalized: its input is gone). */
type ZodIssueLike = { code?: string; path: readonly PropertyKey[]; message: string; params?: unknown };

const zodEnglish = locales.en().localeError;
const zodSpanish = locales.es().localeError;
const textOf = (said: ReturnType<typeof zodEnglish>) => (typeof said === "string" ? said : said?.message);

/** The value at an issue's path in what was validated (zod drops it from the issue; some messages name its type). */
function inputAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at = input;
  for (const key of path) at = typeof at === "object" && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}

/**
 * One issue's message in both languages: a custom issue of the service carries it as `params.message`; a check's
 * error written with fieldText is found again by its English; zod's own message is said again by zod's Spanish
 * locale from the issue's code and params. Anything else (an English text the tables do not know) stays as is.
 */
function issueMessage(issue: ZodIssueLike, input: unknown): FieldMessage {
  const carried = (issue.params as { message?: unknown } | undefined)?.message;
  if (isLocalized(carried)) return carried;
  const own = localizedField(issue.message);
  if (own) return own;
  if (!issue.code || issue.code === "custom") return issue.message;
  const raw = { ...issue, input: inputAt(input, issue.path) } as unknown as Parameters<typeof zodEnglish>[0];
  if (textOf(zodEnglish(raw)) !== issue.message) return issue.message;
  const es = textOf(zodSpanish(raw));
  return es ? { en: issue.message, es } : issue.message;
}

/**
 * Turns zod issues into per-field messages in both languages (never ZodError.message, which is JSON text in zod
 * 4); `input` is what was validated, for the messages that name what was received.
 */
export function fieldErrorsFromIssues(issues: readonly ZodIssueLike[], input?: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) addFieldError(errors, issue.path.map(String).join(".") || "_", issueMessage(issue, input));
  return errors;
}
