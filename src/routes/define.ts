// One way to declare an API operation: access (scopes) once, feeding the check, `security`,
// `x-required-scopes` and the problem responses the operation can give; every response with its headers;
// whether its handler waits for the request rate's decision (writes, and reads that count a limit of their own).
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { Access } from "../auth/scopes";
import { rateDecided } from "../http/rate-limit";
import { requireAccess } from "../http/require-access";
import type { AppEnv } from "../http/app-env";
import { fieldErrorsFromIssues, validationError } from "../http/problem";
import { PROBLEMS, type ProblemCode } from "../http/problem-table";
import { ProblemSchema } from "../schemas/problem";
import { problemHeaders, successHeaders } from "./response-headers";

/** Every operation can answer these: a bad key, a missing scope, a limit reached, an unexpected failure. */
const ALWAYS: readonly ProblemCode[] = ["unauthorized", "forbidden", "rate-limited", "internal"];

/** The description of one status lists the operation's problem codes of that status, from the problem table. */
function problemDescription(codes: readonly ProblemCode[]): string {
  const title = PROBLEMS[codes[0]].titles.en;
  const lines = codes.map((code) => `- \`${code}\`: ${PROBLEMS[code].explanation.en}`);
  return [`${codes.length === 1 ? title : "One of these problems"} (the type of the body ends in /problems/{code}):`, ...lines].join("\n");
}

export function problemResponses(codes: readonly ProblemCode[]) {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of new Set([...ALWAYS, ...codes])) {
    const status = PROBLEMS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, of]) => [
      status,
      { description: problemDescription(of), headers: problemHeaders(status), content: { "application/problem+json": { schema: ProblemSchema } } },
    ]),
  );
}

/** A cacheable GET also answers 304 to a matching If-None-Match (src/http/cache/caching.ts). */
const NOT_MODIFIED = { 304: { description: "Not modified: the If-None-Match sent matches the current ETag", headers: successHeaders(true) } };

type Responses = RouteConfig["responses"];

/** Adds the headers every answer of the service carries to the operation's own successful responses. */
function withHeaders(cacheable: boolean, responses: Responses): Responses {
  return Object.fromEntries(
    Object.entries(responses).map(([status, r]) => [
      status,
      Number(status) >= 300 ? r : { ...r, headers: { ...successHeaders(cacheable), ...(r as { headers?: object }).headers } },
    ]),
  );
}

export function apiRoute<
  P extends string,
  R extends Omit<RouteConfig, "path" | "security" | "middleware" | "operationId"> & { path: P; operationId: string },
>(
  access: Access,
  problems: readonly ProblemCode[],
  route: R,
  {
    cacheable = route.method === "get",
    countsOwnLimit = false,
  }: {
    /** false for an answer that is never cached (no ETag, so never a 304). */
    cacheable?: boolean;
    /**
     * true for a read whose handler counts a limit of its own (a download cap): like every write, it runs only
     * once the request rate has allowed the call. Other reads run beside the rate check (src/http/rate-limit.ts).
     */
    countsOwnLimit?: boolean;
  } = {},
) {
  const waitsForRate = countsOwnLimit || route.method !== "get";
  const full = {
    ...route,
    security: (access.key === "open" ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }]) as Record<string, string[]>[],
    "x-required-scopes": access.scopes,
    middleware: [...(waitsForRate ? [rateDecided] : []), requireAccess(access)],
    responses: { ...withHeaders(cacheable, route.responses), ...(cacheable ? NOT_MODIFIED : {}), ...problemResponses(problems) } as R["responses"],
  };
  // The spread of a generic loses R's request types; restore them (createRoute only adds getRoutingPath).
  return createRoute(full) as unknown as R & { middleware: MiddlewareHandler<AppEnv>[]; getRoutingPath(): string };
}

/** A sub-app whose invalid input becomes a 422 problem with per-field errors. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      // zod-validator hands the hook the input it validated as `data` (its type names it only on success).
      if (!result.success) throw validationError(fieldErrorsFromIssues(result.error.issues, (result as { data?: unknown }).data));
    },
  });
}
