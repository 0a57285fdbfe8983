// Test helpers: call the Worker like a client would, seed fixtures, check bodies against the served OpenAPI.
import { Validator, type Schema } from "@cfworker/json-schema";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { importContent } from "../../cli/import";
import sample from "../fixtures/sample.json";
import { checkedFetch, servedDescription } from "./contract";

export const ORIGIN = "https://boards.test";

/** The sample keys, by who holds them. */
export const KEYS = {
  aliceRead: "bds_aliceRead0000000000000000000001",
  aliceIngest: "bds_aliceIngest000000000000000000002",
  bob: "bds_bobRead00000000000000000000000003",
  bobExpired: "bds_bobExpired0000000000000000000004",
  bobRevoked: "bds_bobRevoked0000000000000000000005",
  carolAdmin: "bds_carolAdminRead00000000000000006",
  daveInactive: "bds_daveInactive0000000000000000007",
} as const;

export const SAMPLE_IDS = {
  thread: "01JBGJ09TQM83XSSSS6YS3C4DW",
  rulesThread: "01JA7N36096Q14DR9GPQY77ZXY",
  hiddenThread: "01JYK596NGYA1DQ91K5GQAPENE",
  publicSchematic: "01JM9S346Q3D25VT4F5V37E3S3",
  alicePrivate: "01JE28JT97KB6CQ643DZVMXXQK",
  sharedBoardview: "01JFBF5KZNWJ47TAN9ZT24MNPZ",
  /** Shared with bob but still processing: bob must not see it until it is available. */
  sharedProcessing: "01JH4V2QCK0D3NQ7M5X8YZ1SRT",
  processing: "01JX45HY43KWJRP1XPA7Z3DJ8F",
  takedown: "01JSSZ5AWSH8VHTPRE95B9EE0Z",
} as const;

export async function seedSample(): Promise<void> {
  const outcome = await importContent(env, structuredClone(sample), { reset: true });
  if (!outcome.ok) throw new Error("sample did not import: " + JSON.stringify(outcome.problems));
}

/** Any request to the Worker; answers of the API are checked against the served /openapi.json (helpers/contract.ts). */
export function fetchWorker(request: Request): Promise<Response> {
  return checkedFetch(request, ORIGIN);
}

export function api(path: string, init: { key?: string; lang?: string; headers?: Record<string, string>; method?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.Authorization = `Bearer ${init.key}`;
  if (init.lang) headers["Accept-Language"] = init.lang;
  return fetchWorker(new Request(`${ORIGIN}/api/v1${path}`, { method: init.method ?? "GET", headers }));
}

/** GET and parse JSON, asserting the status. */
export async function getJson<T = any>(
  path: string,
  init: Parameters<typeof api>[1] & { status?: number } = {},
): Promise<{ res: Response; body: T }> {
  const res = await api(path, init);
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(init.status ?? 200);
  return { res, body };
}

/** Validates a body against the response schema the served OpenAPI document declares for it. */
export async function expectMatchesOpenApi(body: unknown, path: string, method: string, status: number): Promise<void> {
  const doc = await servedDescription(ORIGIN);
  const response = doc.paths[path]?.[method]?.responses?.[String(status)];
  expect(response, `${method} ${path} ${status} is documented`).toBeDefined();
  const media = response.content["application/json"] ?? response.content["application/problem+json"];
  const schema = { ...media.schema, components: doc.components } as Schema;
  const result = new Validator(schema, "2020-12", false).validate(body);
  expect(result.errors.map((e) => `${e.instanceLocation}: ${e.error}`)).toEqual([]);
}

export async function expectProblem(res: Response, status: number, code: string): Promise<any> {
  expect(res.status).toBe(status);
  expect(res.headers.get("Content-Type")).toBe("application/problem+json");
  expect(res.headers.get("X-Request-Id")).toBeTruthy();
  const body: any = await res.json();
  expect(body.type).toBe(`${ORIGIN}/problems/${code}`);
  expect(body.status).toBe(status);
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
  expect(body.request_id).toBe(res.headers.get("X-Request-Id"));
  return body;
}
