// One way to declare an API operation: access (scopes) once, feeding the check, `security`,
// `x-required-scopes` and the problem responses the operation can give.
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireAccess, type Access } from "../auth/scopes";
import type { AppEnv } from "../http/context";
import { fieldErrorsFromIssues, validationError } from "../http/problem";
import { ProblemSchema } from "../schemas/problem";

const ERROR_DESCRIPTIONS = {
  401: "No key where one is required, or the key sent is invalid, expired or revoked",
  403: "The key lacks a required scope (see required_scopes), or its account is inactive",
  404: "Not found, or not visible to this caller (indistinguishable)",
  409: "Conflict: the resource is not in a state that allows this",
  410: "Gone: the document imported under this id was deleted",
  422: "Invalid query, path or body values; `errors` maps each field to its messages",
  429: "Rate limit exceeded (or, where the operation says so, a download cap or upload rate reached); see Retry-After",
  500: "Unexpected error; the request_id identifies it in the logs",
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** The headers of a refused call (src/limits/headers.ts); successful limited calls carry them too, Retry-After aside. */
const LIMIT_HEADERS = {
  "Retry-After": { description: "Seconds until the call may succeed", schema: { type: "integer" } },
  "RateLimit-Policy": { description: 'Every limit counted on the call (IETF draft), e.g. `"anonymous";q=60;w=60`', schema: { type: "string" } },
  RateLimit: { description: 'State of each: `"anonymous";r=0;t=42` (r calls left, t seconds until the window is free)', schema: { type: "string" } },
  "X-RateLimit-Limit": { description: "Limit of the policy that refused the call", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Calls left under it", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "Unix time (seconds) when its window is free again", schema: { type: "integer" } },
} as const;

function problemResponses(statuses: readonly ErrorStatus[]) {
  const all = [...new Set<ErrorStatus>([401, 403, ...statuses, 429, 500])].sort();
  return Object.fromEntries(
    all.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status],
        ...(status === 429 ? { headers: LIMIT_HEADERS } : {}),
        content: { "application/problem+json": { schema: ProblemSchema } },
      },
    ]),
  );
}

export function apiRoute<P extends string, R extends Omit<RouteConfig, "path" | "security" | "middleware"> & { path: P }>(
  access: Access,
  errors: readonly ErrorStatus[],
  route: R,
) {
  const full = {
    ...route,
    security: (access.key === "open" ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }]) as Record<string, string[]>[],
    "x-required-scopes": access.scopes,
    middleware: requireAccess(access),
    responses: { ...route.responses, ...problemResponses(errors) } as R["responses"],
  };
  // The spread of a generic loses R's request types; restore them (createRoute only adds getRoutingPath).
  return createRoute(full) as unknown as R & { middleware: MiddlewareHandler<AppEnv>; getRoutingPath(): string };
}

/** A sub-app whose invalid input becomes a 422 problem with per-field errors. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(fieldErrorsFromIssues(result.error.issues));
    },
  });
}
