// The scope table: every route declares its access once; the declaration feeds both the check
// (requireAccess) and the OpenAPI operation (security, x-required-scopes).
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env";
import { DomainError } from "../errors";
import type { Scope } from "../schemas/scopes";

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
export function keyRequired(detail = "This endpoint needs an API key: send Authorization: Bearer <API_KEY>."): DomainError {
  return new DomainError("unauthorized", detail);
}

export function requireAccess(access: Access) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.get("viewer");
    if (!viewer) {
      if (access.key === "required") {
        throw keyRequired();
      }
      return next();
    }
    if (!viewer.active) {
      throw new DomainError("forbidden", "The account that owns this key is inactive.", { requiredScopes: access.scopes });
    }
    const missing = access.scopes.filter((s) => !viewer.scopes.includes(s));
    if (missing.length > 0) {
      throw new DomainError("forbidden", `This key lacks the scope ${missing.join(", ")}.`, { requiredScopes: access.scopes });
    }
    return next();
  });
}
