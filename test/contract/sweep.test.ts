// Property-based sweep: for every operation of the served description, generated requests (valid and invalid
// parameters, paths, keys, headers and upload bodies) must never give a 5xx, an undeclared status or a body or
// header that the description does not allow. Fixed seed and bounded runs, so a failure replays exactly.
import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import { contractMismatches, servedDescription } from "../helpers/contract";

const SEED = 20261123;
/**
 * Runs per operation: most where parameters vary, fewer where only keys and headers do; about 2,400 requests in
 * all. Enough for every answer of REACHED with this seed (the last, a 304 for a matching ETag, comes at run 117).
 */
const RUNS_WITH_PARAMETERS = 125;
const RUNS_WITHOUT_PARAMETERS = 40;
const RUNS_FOR_UPLOADS = 40;

/**
 * The statuses the sweep must reach, by operation (it may reach more): its own answers, the 200s included, and the
 * refusals of keys and input. A change of the description or of the generators that stops reaching one fails here.
 */
const REACHED: Record<string, number[]> = {
  getOpenApiDescription: [200],
  getApiReference: [200],
  getMe: [200, 401, 403],
  listDocuments: [200, 401, 403, 422],
  getDocument: [200, 304, 401, 403, 404],
  getDownloadLink: [200, 401, 403, 404, 405, 409],
  getDocumentBoardview: [200, 401, 403, 404, 422],
  getDocumentBoardviewLayout: [401, 403, 404],
  listBoards: [200, 401, 403, 422],
  getBoard: [200, 304, 401, 403, 404],
  getBoardPoint: [401, 403, 404],
  searchSite: [200, 304, 401, 403, 422],
  listCategories: [200, 401, 403],
  listThreads: [200, 401, 403, 422],
  getThread: [200, 401, 403, 404, 422],
  listPosts: [200, 401, 403, 422],
  getPost: [200, 304, 401, 403, 404],
  listCases: [200, 401, 403, 422],
  getCase: [200, 304, 401, 403, 404],
  listChanges: [200, 304, 401, 403, 422],
  getCapabilities: [200, 401, 403],
  createUpload: [201, 401, 403, 422],
  getUpload: [401, 403, 404],
};

beforeAll(seedSample);

let doc: any;
/** Values that name something in the sample, by path parameter: the sweep must reach the 200s too. */
const known: Record<string, string[]> = {
  document: [SAMPLE_IDS.publicSchematic, SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.processing, SAMPLE_IDS.takedown],
  thread: [SAMPLE_IDS.thread, SAMPLE_IDS.rulesThread, SAMPLE_IDS.hiddenThread],
  number: ["820-00165", "82000165", "820 00165", "nm-a311"],
  externalId: ["scan-2026-0001", "sweep-upload-1"],
};
beforeAll(async () => {
  doc = await servedDescription(ORIGIN);
  known.post = (await getJson("/posts?per_page=100")).body.data.map((p: any) => p.id);
  known.case = (await getJson("/cases?per_page=100")).body.data.map((c: any) => c.id);
});

const KEY_CHOICES = [
  undefined,
  KEYS.aliceRead,
  KEYS.aliceIngest,
  KEYS.carolAdmin,
  KEYS.bobExpired,
  KEYS.bobRevoked,
  KEYS.daveInactive,
  "bds_unknown00000000000000000000000000",
];

/** Text a client might send by mistake or on purpose: empty, long, unicode, SQL, control characters, numbers in odd forms. */
const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e3",
    "0x10",
    "1.0",
    "9007199254740992",
    "1" + "0".repeat(40),
    "' OR 1=1--",
    "%00",
    "null",
    "true",
    "x".repeat(3000),
  ),
);

/** Present in `percent` of the requests: most requests should get through to the operation itself. */
function sometimes<T>(arb: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(undefined) }, { weight: percent, arbitrary: arb });
}

function valueFor(schema: any): fc.Arbitrary<string> {
  const s = schema?.$ref
    ? doc.components.schemas[schema.$ref.split("/").pop()]
    : schema?.allOf
      ? doc.components.schemas[schema.allOf[0].$ref.split("/").pop()]
      : schema;
  if (s?.enum) return fc.constantFrom(...s.enum.map(String));
  if (s?.type === "integer") return fc.integer({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 1000, 1000) }).map(String);
  if (s?.type === "boolean") return fc.constantFrom("true", "false", "1", "0");
  if (s?.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 200));
  return fc.string({ minLength: s?.minLength ?? 0, maxLength: Math.min(s?.maxLength ?? 40, 40) });
}

/** A query string of valid, invalid and missing values (and now and then a parameter nobody declared). */
function queryFor(params: any[]): fc.Arbitrary<string> {
  const entries = params.map((p) =>
    (p.required
      ? fc.oneof({ weight: 6, arbitrary: valueFor(p.schema) }, { weight: 1, arbitrary: junk })
      : sometimes(fc.oneof({ weight: 4, arbitrary: valueFor(p.schema) }, { weight: 1, arbitrary: junk }), 40)
    ).map((v) => [p.name, v] as const),
  );
  const extra = sometimes(fc.tuple(fc.constantFrom("unknown", "page[]", "q"), junk), 15);
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    const search = new URLSearchParams();
    for (const [name, value] of [...pairs, ...(more ? [more] : [])]) if (value !== undefined) search.append(name, value);
    const text = search.toString();
    return text ? `?${text}` : "";
  });
}

function pathFor(template: string, params: any[]): fc.Arbitrary<string> {
  const segments = params.map((p) =>
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constantFrom(...(known[p.name] ?? ["x"])).map(encodeURIComponent) },
        { weight: 1, arbitrary: valueFor(p.schema).map(encodeURIComponent) },
        { weight: 1, arbitrary: junk.filter((v) => v !== "").map(encodeURIComponent) },
        { weight: 1, arbitrary: fc.constantFrom("%", "%FF%FE", "%2F..", "%00", "..") },
      )
      .map((value) => [p.name, value] as const),
  );
  return fc.tuple(...segments).map((pairs) => pairs.reduce((path, [name, value]) => path.replace(`{${name}}`, value), template));
}

/** Mostly keys that may call the operation (so its own answers are reached), now and then any key at all. */
function headersFor(op: any) {
  const fitting = op["x-required-scopes"]?.includes("library:ingest")
    ? [KEYS.aliceIngest, KEYS.bob]
    : [undefined, KEYS.aliceRead, KEYS.bob, KEYS.carolAdmin];
  return fc.record({
    key: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fitting) }, { weight: 1, arbitrary: fc.constantFrom(...KEY_CHOICES) }),
    authorization: sometimes(fc.constantFrom("Bearer", "Basic abc", "bearer  ", "Bearer " + "x".repeat(500)), 8),
    lang: sometimes(fc.constantFrom("en", "es", "fr", "es-AR, en;q=0.5", "*", ";q=x"), 25),
    ifNoneMatch: sometimes(fc.constantFrom("*", '"abc"', 'W/"x", "y"', "garbage"), 12),
  });
}

function headersOf(h: { key?: string; authorization?: string; lang?: string; ifNoneMatch?: string }): Record<string, string> {
  const out: Record<string, string> = {};
  if (h.authorization !== undefined) out.Authorization = h.authorization;
  else if (h.key) out.Authorization = `Bearer ${h.key}`;
  if (h.lang) out["Accept-Language"] = h.lang;
  if (h.ifNoneMatch) out["If-None-Match"] = h.ifNoneMatch;
  return out;
}

/** An upload body: a well-formed form with generated fields and file, or a body that is not one. */
const uploadBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        external_id: fc.option(fc.oneof({ weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9._:-]{1,40}$/) }, { weight: 1, arbitrary: junk }), {
          nil: undefined,
          freq: 10,
        }),
        title: sometimes(fc.oneof({ weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 60 }) }, { weight: 1, arbitrary: junk }), 50),
        type: sometimes(fc.oneof({ weight: 6, arbitrary: fc.constantFrom("schematic", "datasheet", "other") }, { weight: 1, arbitrary: junk }), 30),
        visibility: sometimes(fc.oneof({ weight: 6, arbitrary: fc.constantFrom("private", "shared", "public") }, { weight: 1, arbitrary: junk }), 30),
        rights_attested: sometimes(fc.constantFrom("true", "false", "maybe"), 30),
        boards: fc.oneof(
          { weight: 6, arbitrary: fc.array(fc.constantFrom("820-00165", "NM-A311"), { maxLength: 3 }) },
          { weight: 1, arbitrary: fc.array(junk, { maxLength: 12 }) },
        ),
        file: fc.option(
          fc.record({
            name: fc.constantFrom("a.pdf", "notes.txt", "notes.txt", "tool.exe", "b.zip", "x.bin", "noext", ""),
            bytes: fc.uint8Array({ minLength: 1, maxLength: 300 }),
          }),
          { nil: undefined, freq: 10 },
        ),
      })
      .map((f) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(f)) {
          if (name === "file" || value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) form.append(name, v as string);
        }
        if (f.file) form.append("file", new File([f.file.bytes], f.file.name, { type: "application/octet-stream" }));
        return { body: form as BodyInit, contentType: undefined as string | undefined };
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=x", "application/json", "text/plain", undefined),
        fc.string({ maxLength: 200 }),
      )
      .map(([contentType, text]) => ({ body: text as BodyInit, contentType })),
  },
);

const operations = () =>
  Object.entries<any>(doc.paths).flatMap(([template, item]) => Object.entries<any>(item).map(([method, op]) => ({ template, method, op })));

async function send(method: string, path: string, headers: Record<string, string>, body?: { body: BodyInit; contentType?: string }) {
  if (body?.contentType) headers["Content-Type"] = body.contentType;
  const request = new Request(`${ORIGIN}/api/v1${path}`, { method, headers, body: body?.body });
  const sent = { method: request.method, url: request.url };
  const response = await exports.default.fetch(request);
  const mismatches = await contractMismatches(sent, response, ORIGIN);
  if (response.status >= 500)
    mismatches.push(`${method} ${path.slice(0, 120)} answered ${response.status}: ${(await response.clone().text()).slice(0, 300)}`);
  await response.body?.cancel();
  return { status: response.status, mismatches };
}

describe("property sweep of every operation against the served description", () => {
  it("covers every operation", () => {
    expect(operations().length).toBeGreaterThanOrEqual(18);
    expect(operations().map(({ op }) => op.operationId)).toEqual(Object.keys(REACHED));
  });

  it("generated requests: no 5xx, no undeclared status, no body or header the description does not allow", { timeout: 300_000 }, async () => {
    let requests = 0;
    const reached: Record<string, Set<number>> = {};
    for (const { template, method, op } of operations()) {
      const statuses = (reached[op.operationId] = new Set<number>());
      const params: any[] = op.parameters ?? [];
      const request = fc.record({
        path: pathFor(
          template,
          params.filter((p) => p.in === "path"),
        ),
        query: queryFor(params.filter((p) => p.in === "query")),
        headers: headersFor(op),
        head: method === "get" ? fc.boolean() : fc.constant(false),
        body: method === "post" ? uploadBody.map((b) => b as { body: BodyInit; contentType?: string } | undefined) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          requests++;
          const { status, mismatches } = await send(r.head ? "HEAD" : method.toUpperCase(), r.path + r.query, headersOf(r.headers), r.body);
          statuses.add(status);
          expect(mismatches, `${op.operationId}`).toEqual([]);
        }),
        {
          seed: SEED,
          numRuns: method === "post" ? RUNS_FOR_UPLOADS : params.length ? RUNS_WITH_PARAMETERS : RUNS_WITHOUT_PARAMETERS,
          endOnFailure: true,
        },
      );
    }
    const missed = Object.entries(REACHED).flatMap(([id, want]) =>
      want.filter((status) => !reached[id]?.has(status)).map((status) => `${id} ${status}`),
    );
    expect(missed, "answers the sweep no longer reaches").toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(2000);
  });
});
