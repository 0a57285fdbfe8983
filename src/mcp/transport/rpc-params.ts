// Params checked before the SDK sees them, against the SDK's own spec schemas: the SDK answers a malformed
// initialize or resources/read with -32603 (internal error) and a JSON dump of zod issues; a caller deserves
// -32602 (invalid params) and one short sentence.
import { specTypeSchemas } from "@modelcontextprotocol/server";

/** The requests checked here: those whose malformed params the SDK answers badly, or at length. */
const REQUEST_TYPES = {
  initialize: "InitializeRequest",
  "tools/call": "CallToolRequest",
  "resources/read": "ReadResourceRequest",
  "completion/complete": "CompleteRequest",
} as const;

/** Issues named in a message at most; the rest are counted. */
const ISSUES_SHOWN = 3;

/** A short sentence naming what is wrong with the request's params, or undefined when they are well-formed (or not checked here). */
export function invalidParams(message: { method?: unknown }): string | undefined {
  const type = REQUEST_TYPES[String(message.method) as keyof typeof REQUEST_TYPES];
  if (!type) return undefined;
  const result = specTypeSchemas[type]["~standard"].validate(message);
  if (!("issues" in result) || !result.issues) return undefined;
  const issues = result.issues.map((issue) => {
    const path = (issue.path ?? []).map((p) => (typeof p === "object" ? String(p.key) : String(p))).join(".");
    const what = /received undefined$/.test(issue.message) ? "required" : issue.message.replace(/^Invalid input: /, "");
    return `${path || "params"}: ${what}`;
  });
  const more = issues.length > ISSUES_SHOWN ? ` (and ${issues.length - ISSUES_SHOWN} more)` : "";
  return `Invalid params for ${String(message.method)}: ${issues.slice(0, ISSUES_SHOWN).join("; ")}${more}.`;
}
