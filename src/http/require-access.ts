// The access check of an API route, from its declaration in the scope table (auth/scopes.ts).
import { createMiddleware } from "hono/factory";
import { keyRequired, type Access } from "../auth/scopes";
import { DomainError } from "../errors";
import type { AppEnv } from "./app-env";
import { msg } from "../core/messages/errors";

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
      throw new DomainError("forbidden", msg.accountInactive(), { requiredScopes: access.scopes });
    }
    const missing = access.scopes.filter((s) => !viewer.scopes.includes(s));
    if (missing.length > 0) {
      throw new DomainError("forbidden", msg.scopeMissing({ scopes: missing }), { requiredScopes: access.scopes });
    }
    return next();
  });
}
