// The contract check: an answer of the API is compared with the served /openapi.json itself (never with the app's
// zod schemas), so a difference between what is described and what is sent fails the test that caused it.
import { Validator, type Schema } from "@cfworker/json-schema";
import { exports } from "cloudflare:workers";
import { callWorker } from "./settings";

const API_PREFIX = "/api/v1";

/**
 * Headers whose presence a client may rely on: each one sent must be declared for the answer. Content-Type,
 * Content-Length and CORS headers are protocol matters, described by the media types and the CORS preflight.
 */
const HEADERS_OF_INTEREST = [
  "x-request-id",
  "content-language",
  "vary",
  "cache-control",
  "etag",
  "retry-after",
  "ratelimit",
  "ratelimit-policy",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "idempotent-replayed",
  "x-d1-bookmark",
  "www-authenticate",
  "allow",
  "location",
  "content-range",
];

/** Answers outside the description by design: signed file links (issued by getDownloadLink, never built by clients). */
function describedPath(apiPath: string, method: string): boolean {
  return !apiPath.startsWith("/files/") && method !== "OPTIONS";
}

/** Statuses an address without an operation answers (src/routes/api.ts catch-all, after authenticate and rateLimit). */
const ROUTER_STATUSES = [401, 404, 405, 429];

type Json = any; // the parsed OpenAPI document: walked by key, checked by the validator, so left untyped

let served: Promise<Json> | undefined;
/** The description as the Worker serves it, fetched once per test file (without checking that call). */
export function servedDescription(origin: string): Promise<Json> {
  served ??= exports.default.fetch(new Request(`${origin}${API_PREFIX}/openapi.json`)).then((r) => r.json());
  return served;
}

export interface Operation {
  template: string;
  method: string;
  op: Json;
}

/** What every check of one description reuses, made once: each path template's pattern, the router's problem. */
interface DescriptionIndex {
  /** By method, the templates that have it, fewest parameters first (literal segments win, as in the router). */
  templates: Map<string, { template: string; pattern: RegExp }[]>;
  /** The router's own answers: a problem, with any header component. */
  problemBody: Json;
}

const indexes = new WeakMap<object, DescriptionIndex>();
function indexOf(doc: Json): DescriptionIndex {
  let index = indexes.get(doc);
  if (index) return index;
  const byParameters = Object.keys(doc.paths).sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const templates = new Map<string, { template: string; pattern: RegExp }[]>();
  for (const template of byParameters) {
    const pattern = new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`);
    for (const method of Object.keys(doc.paths[template])) templates.set(method, [...(templates.get(method) ?? []), { template, pattern }]);
  }
  // The router's answers carry the same headers as any problem: every header component may appear.
  const headerRefs = Object.fromEntries(Object.keys(doc.components.headers ?? {}).map((h) => [h, { $ref: `#/components/headers/${h}` }]));
  const problemBody = { content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } }, headers: headerRefs };
  indexes.set(doc, (index = { templates, problemBody }));
  return index;
}

/** The operation that serves this path, literal segments winning over parameters (as the router does). */
export function findOperation(doc: Json, method: string, apiPath: string): Operation | undefined {
  const lookup = method === "HEAD" ? "get" : method.toLowerCase(); // HEAD is answered by the GET handler
  const match = indexOf(doc)
    .templates.get(lookup)
    ?.find(({ pattern }) => pattern.test(apiPath));
  return match ? { template: match.template, method: lookup, op: doc.paths[match.template][lookup] } : undefined;
}

function resolve(doc: Json, node: Json): Json {
  if (!node?.$ref) return node;
  return node.$ref
    .slice(2)
    .split("/")
    .reduce((at: Json, key: string) => at[key], doc);
}

const validators = new WeakMap<object, Validator>();
function validatorFor(doc: Json, schema: Json): Validator {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = new Validator({ ...schema, components: doc.components } as Schema, "2020-12", false)));
  return v;
}

function headerValueFits(schema: Json, value: string): boolean {
  if (schema?.enum && !schema.enum.includes(value)) return false;
  if (schema?.type === "integer") return /^-?[0-9]+$/.test(value);
  return true;
}

/**
 * Mismatches between one answer and the description (empty when it fits). Each names the operation, the status and
 * the path, so a failure says where to look.
 */
export async function contractMismatches(request: { method: string; url: string }, response: Response, origin: string): Promise<string[]> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${API_PREFIX}/`)) return [];
  const apiPath = url.pathname.slice(API_PREFIX.length);
  if (!describedPath(apiPath, request.method)) return [];
  const doc = await servedDescription(origin);
  const status = response.status;
  const shown = url.pathname + url.search;
  const where = `${request.method} ${shown.length > 120 ? `${shown.slice(0, 120)}…` : shown} → ${status}`;
  const found = findOperation(doc, request.method, apiPath);
  const { problemBody } = indexOf(doc);
  // No operation here: only the router's own problems are allowed: no such address, not with this method, and
  // what every address of the API checks first (a bad key, the rate limit).
  const declared = found
    ? (found.op.responses[String(status)] ?? found.op.responses[`${String(status)[0]}XX`])
    : ROUTER_STATUSES.includes(status)
      ? problemBody
      : undefined;
  const name = found ? `${found.op.operationId} (${found.method.toUpperCase()} ${found.template})` : "no operation";
  if (!declared) return [`${name}: status ${status} is not declared — ${where}`];

  const problems: string[] = [];
  const response_ = resolve(doc, declared);
  const mediaType = response.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase();
  const hasBody = request.method !== "HEAD" && status !== 304 && status !== 204;
  if (hasBody && mediaType) {
    const media = response_.content?.[mediaType];
    if (!media) {
      problems.push(
        `${name}: content type ${mediaType} is not declared for ${status} (declared: ${Object.keys(response_.content ?? {}).join(", ") || "none"}) — ${where}`,
      );
    } else if (mediaType.endsWith("json")) {
      const text = await response.clone().text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`${name}: the ${mediaType} body is not JSON — ${where}`);
      }
      if (body !== undefined) {
        const result = validatorFor(doc, media.schema).validate(body);
        const errors = result.errors.filter(
          (e) => e.error && !/^(A subschema had errors|Property .* does not match schema|Items did not match schema)/.test(e.error),
        );
        if (!result.valid)
          problems.push(
            `${name}: body does not match the schema — ${where}: ${(errors.length ? errors : result.errors)
              .slice(0, 4)
              .map((e) => `${e.instanceLocation} ${e.error}`)
              .join("; ")}`,
          );
      }
    }
  }
  const headers = Object.fromEntries(Object.entries(response_.headers ?? {}).map(([n, h]) => [n.toLowerCase(), resolve(doc, h)]));
  for (const [header, spec] of Object.entries<Json>(headers)) {
    const value = response.headers.get(header);
    if (spec.required && value === null) problems.push(`${name}: required header ${header} is missing — ${where}`);
    if (value !== null && !headerValueFits(spec.schema, value))
      problems.push(`${name}: header ${header}: ${value} does not fit its schema — ${where}`);
  }
  for (const header of HEADERS_OF_INTEREST) {
    if (response.headers.has(header) && !headers[header])
      problems.push(`${name}: header ${header} is sent but not declared for ${status} — ${where}`);
  }
  return problems;
}

/** Fetches through the Worker and fails (throws) when the answer is not the one the description promises. */
export async function checkedFetch(request: Request, origin: string): Promise<Response> {
  const sent = { method: request.method, url: request.url };
  const response = await callWorker(request);
  const problems = await contractMismatches(sent, response, origin);
  if (problems.length) throw new Error(`The answer differs from /openapi.json:\n- ${problems.join("\n- ")}`);
  return response;
}
