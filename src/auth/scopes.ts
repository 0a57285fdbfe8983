// The scope table: every route declares its access once; the declaration feeds both the check
// (requireAccess, src/http/require-access.ts) and the OpenAPI operation (security, x-required-scopes).
import { DomainError } from "../errors";
import type { Scope } from "../schemas/scopes";
import { msg } from "../core/messages/errors";
import type { Localized } from "../core/messages/text";

export interface Access {
  /** "open": works without a key, scopes apply only when one is sent. "key": a key is required. */
  key: "open" | "required";
  scopes: Scope[];
}

export const OPEN_READ: Access = { key: "open", scopes: ["api:read"] };
export const KEY_READ: Access = { key: "required", scopes: ["api:read"] };
export const INGEST: Access = { key: "required", scopes: ["library:ingest"] };

/** Whether uploads with this key may keep a visibility other than private. */
export function canPublish(viewer: { scopes: readonly Scope[] }): boolean {
  return viewer.scopes.includes("library:publish");
}

/** The 401 for a call that needs a key and sent none. */
export function keyRequired(detail: Localized = msg.keyRequired()): DomainError {
  return new DomainError("unauthorized", detail);
}
