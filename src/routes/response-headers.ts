// The response headers of the API, described once as OpenAPI header components and referenced by every response.
// Which header goes on which answer is decided here too, so the description follows what the middleware sends.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { LANGUAGES } from "../core/language";

type Registry = OpenAPIHono["openAPIRegistry"];

const int = { type: "integer" } as const;
const text = { type: "string" } as const;

export const RESPONSE_HEADERS = {
  "X-Request-Id": { required: true, description: "Identifies the request in the logs; a problem body's request_id is the same id", schema: text },
  "Content-Language": {
    description: "Language of the body's words and url values (from Accept-Language), a problem body's title and detail included",
    schema: { type: "string" as const, enum: [...LANGUAGES] },
  },
  Vary: { description: "Request headers the answer depends on (Accept-Language, Authorization)", schema: text },
  "Cache-Control": {
    description: "public, max-age=60 for anonymous reads; private, no-cache with a key; no-store for problems, links and uploads",
    schema: text,
  },
  ETag: { description: "Validator of the body; send it back in If-None-Match to get a 304", schema: text },
  "Retry-After": { description: "Seconds until the call may succeed", schema: int },
  "RateLimit-Policy": { description: 'Every limit counted on the call (IETF draft), e.g. `"anonymous";q=60;w=60`', schema: text },
  RateLimit: { description: 'State of each limit: `"anonymous";r=59;t=60` (r calls left, t seconds until the window is free)', schema: text },
  "X-RateLimit-Limit": { description: "Limit of the policy that refused the call, else of the request rate", schema: int },
  "X-RateLimit-Remaining": { description: "Calls left under it", schema: int },
  "X-RateLimit-Reset": { description: "Unix time (seconds) when its window is free again", schema: int },
  "x-d1-bookmark": {
    description: "Database session bookmark of this read; send it back in x-d1-bookmark to read data at least this new",
    schema: text,
  },
  "Idempotent-Replayed": {
    description: "true when the answer replays an earlier upload with the same external_id",
    schema: { type: "string" as const, enum: ["true"] },
  },
  "WWW-Authenticate": { description: "The authentication scheme expected: Bearer", schema: text },
  Link: {
    description:
      'RFC 8288 link to the next page of a list, e.g. `<https://…/api/v1/documents?per_page=20&cursor=…>; rel="next"`; absent on the last page',
    schema: text,
  },
  Allow: { description: "The methods this address supports", schema: text },
};

export type ResponseHeader = keyof typeof RESPONSE_HEADERS;

const LIMIT_HEADERS = ["RateLimit-Policy", "RateLimit", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] as const;
/** Sent on every answer of the API: request context, language, and the limits once they were counted. */
const EVERY_ANSWER = ["X-Request-Id", "Content-Language", "Vary", "Cache-Control", ...LIMIT_HEADERS, "x-d1-bookmark"] as const;

/** Extra headers by status of a problem answer (src/http/problem.ts callers set them). */
const PROBLEM_HEADERS: Partial<Record<number, readonly ResponseHeader[]>> = {
  401: ["WWW-Authenticate"],
  405: ["Allow"],
  409: ["Retry-After"],
  429: ["Retry-After"],
  503: ["Retry-After"],
};

export function registerResponseHeaders(registry: Registry): void {
  for (const [name, header] of Object.entries(RESPONSE_HEADERS)) registry.registerComponent("headers", name, header);
}

function refs(names: readonly ResponseHeader[]) {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/** Headers of a successful answer; a cacheable one also carries its ETag (src/http/cache/caching.ts). */
export function successHeaders(cacheable: boolean, extra: readonly ResponseHeader[] = []) {
  return refs([...EVERY_ANSWER, ...(cacheable ? (["ETag"] as const) : []), ...extra]);
}

export function problemHeaders(status: number) {
  return refs([...EVERY_ANSWER, ...(PROBLEM_HEADERS[status] ?? [])]);
}
