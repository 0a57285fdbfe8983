// Tool errors: the call was understood but cannot be answered. The tool wrapper (tool.ts) turns them into
// results with isError: true whose text says what happened, so the model can tell the user or retry.
import { DomainError, type DomainErrorKind } from "../errors";

/** An answer the tool itself refuses (unknown id, malformed address…): its message is the whole text. */
export class ToolError extends Error {}

/** What a domain failure means for the model's next step. */
const NEXT_STEP: Record<DomainErrorKind, string> = {
  "not-found": "Check the id or address.",
  conflict: "Nothing was changed.",
  gone: "It was removed and will not come back.",
  unavailable: "This is temporary: call the tool again later; other tools still work.",
  invalid: "Correct the arguments named above and call the tool again.",
  unauthorized: "This server needs no key; call the tool again without one.",
  forbidden: "This server only reads what anyone may read.",
};

/** The text of the error result, or undefined when the failure is ours (a bug, a broken binding). */
export function toolErrorText(error: unknown): string | undefined {
  if (error instanceof ToolError) return error.message;
  if (error instanceof DomainError) {
    const wait = error.retryAfterSeconds === undefined ? "" : ` Retry after ${error.retryAfterSeconds} seconds.`;
    return `${error.message}${wait} ${NEXT_STEP[error.kind]}`;
  }
  return undefined;
}
