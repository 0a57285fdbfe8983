// A problem body is in the reader's language, as every other answer: title from the one problem table
// (src/http/problem-table.ts), detail and the service's field messages from the one message table
// (src/core/messages), all Spanish for a Spanish reader and all English for an English one; Content-Language says
// which. The English wording is checked against the English templates themselves, so a sentence left in English
// anywhere fails here.
import { beforeAll, describe, expect, it } from "vitest";
import { msg } from "../../src/core/messages/errors";
import { fieldMsg } from "../../src/core/messages/fields";
import { ingestMsg } from "../../src/core/messages/ingest";
import { limitMsg, mcpBatchMsg } from "../../src/core/messages/limits";
import type { Localized } from "../../src/core/messages/text";
import { PROBLEMS } from "../../src/http/problem-table";
import { api, expectProblem, KEYS, SAMPLE_IDS, seedSample } from "../helpers/app";
import { createUploader, postUpload } from "../helpers/uploads";
import { englishFragments, spanishOnly } from "../helpers/english";

beforeAll(seedSample);

async function problem(path: string, lang: string, init: { key?: string; status: number; code: string }) {
  const res = await api(path, { lang, key: init.key });
  const body = await expectProblem(res, init.status, init.code);
  return { res, body };
}

/** Every text a Spanish reader gets in a problem: detail, title and each field message. */
function texts(body: { title: string; detail: string; errors?: Record<string, string[]> }): string[] {
  return [body.title, body.detail, ...Object.values(body.errors ?? {}).flat()];
}

describe("a Spanish reader's problem is Spanish throughout", () => {
  const cases: [string, string, { key?: string; status: number; code: string }][] = [
    ["an unknown endpoint (404)", "/no-such-endpoint", { status: 404, code: "not-found" }],
    ["a missing document (404)", "/documents/01ZZZZZZZZZZZZZZZZZZZZZZZZ", { status: 404, code: "not-found" }],
    ["a board no one has (404 with suggestions)", "/boards/820-0165", { status: 404, code: "not-found" }],
    ["a query out of range (422, a schema's check)", "/documents?per_page=0", { status: 422, code: "validation-failed" }],
    ["an unknown type (422, zod's own message)", "/documents?type=nonsense", { status: 422, code: "validation-failed" }],
    ["page without group (422, the service's own rule)", "/search?q=placa&page=2", { status: 422, code: "validation-failed" }],
    ["part and net together (422)", `/documents/${SAMPLE_IDS.publicSchematic}/boardview?part=U1&net=GND`, { status: 422, code: "validation-failed" }],
    ["page and cursor together (422)", "/documents?cursor=abc&page=2", { status: 422, code: "validation-failed" }],
    ["a revoked key (401)", "/me", { key: KEYS.bobRevoked, status: 401, code: "unauthorized" }],
    ["a key without the scope (403)", "/me", { key: KEYS.aliceIngest, status: 403, code: "forbidden" }],
    ["an inactive account (403)", "/me", { key: KEYS.daveInactive, status: 403, code: "forbidden" }],
    ["mine=true without a key (401)", "/documents?mine=true", { status: 401, code: "unauthorized" }],
  ];
  for (const [what, path, expected] of cases) {
    it(what, async () => {
      const { res, body } = await problem(path, "es-AR,es;q=0.9", expected);
      expect(res.headers.get("Content-Language")).toBe("es");
      expect(body.title).toBe(PROBLEMS[expected.code as keyof typeof PROBLEMS].titles.es);
      for (const text of texts(body)) expect(spanishOnly(text), `${text} (${path})`).toEqual([]);
      if (expected.status === 403) expect(body.required_scopes).toEqual(["api:read"]);
    });
  }

  it("the detail names the input as typed", async () => {
    const { body } = await problem("/no-such-endpoint", "es", { status: 404, code: "not-found" });
    expect(body.detail).toBe(msg.noEndpoint({ path: "/api/v1/no-such-endpoint" }).es);
    const part = await problem(`/documents/${SAMPLE_IDS.sharedBoardview}/boardview?part=ZZ9`, "es", {
      key: KEYS.bob,
      status: 404,
      code: "not-found",
    });
    expect(part.body.detail).toBe(msg.partNotFound({ part: "ZZ9" }).es);
  });

  it("the board 404 keeps its suggestions field as the spec names it", async () => {
    const { body } = await problem("/boards/820-0165", "es", { status: 404, code: "not-found" });
    expect(body.detail).toBe(msg.notFound({ what: "board" }).es);
    expect(Array.isArray(body.suggestions ?? [])).toBe(true);
  });

  it("field messages of a 422: the service's own and zod's, in Spanish", async () => {
    const perPage = await problem("/documents?per_page=0", "es", { status: 422, code: "validation-failed" });
    expect(perPage.body.errors).toEqual({ per_page: [fieldMsg.atLeast({ min: 1 }).es] });
    const both = await problem(`/documents/${SAMPLE_IDS.publicSchematic}/boardview?part=a&net=b`, "es", {
      status: 422,
      code: "validation-failed",
    });
    expect(both.body.errors).toEqual({ net: [msg.partOrNet().es] });
    const since = await problem("/changes?since=nonsense", "es", { status: 422, code: "validation-failed" });
    expect(since.body.errors).toEqual({ since: [fieldMsg.notAPosition().es] });
    // zod's own message, said by zod's Spanish locale (not a sentence of ours).
    const type = await problem("/documents?type=nonsense", "es", { status: 422, code: "validation-failed" });
    expect(type.body.errors.type).toHaveLength(1);
    expect(type.body.errors.type[0]).toMatch(/^Opción inválida: se esperaba una de /);
  });

  it("an upload refusal: detail and field messages", async () => {
    const { key } = await createUploader();
    const res = await postUpload("not a form", { key, headers: { "Content-Type": "text/plain", "Accept-Language": "es" } });
    const body = await expectProblem(res, 422, "validation-failed");
    expect(res.headers.get("Content-Language")).toBe("es");
    expect(body.errors.body).toEqual([ingestMsg.notMultipart({ got: "text/plain" }).es]);
    for (const text of texts(body)) expect(spanishOnly(text), text).toEqual([]);
  });
});

describe("an English reader's problem is English throughout", () => {
  it("the same refusals, in the English of the same table; Content-Language en", async () => {
    const { res, body } = await problem("/search?q=board&page=2", "en", { status: 422, code: "validation-failed" });
    expect(res.headers.get("Content-Language")).toBe("en");
    expect(body.title).toBe("Validation failed");
    expect(body.detail).toBe(msg.invalidFields({ fields: ["page"] }).en);
    expect(body.errors.page).toEqual([msg.pageNeedsGroup().en]);
    const denied = await problem("/me", "en", { key: KEYS.aliceIngest, status: 403, code: "forbidden" });
    expect(denied.body.detail).toBe(msg.scopeMissing({ scopes: ["api:read"] }).en);
    const perPage = await problem("/documents?per_page=0", "en", { status: 422, code: "validation-failed" });
    expect(perPage.body.errors).toEqual({ per_page: ["must be at least 1"] });
    const both = await problem(`/documents/${SAMPLE_IDS.publicSchematic}/boardview?part=a&net=b`, "en", {
      status: 422,
      code: "validation-failed",
    });
    expect(both.body.errors).toEqual({ net: ["Ask for a part or a net, not both."] });
    const type = await problem("/documents?type=nonsense", "en", { status: 422, code: "validation-failed" });
    expect(type.body.errors.type[0]).toMatch(/^Invalid option: expected one of /);
    const missing = await problem("/no-such-endpoint", "en", { status: 404, code: "not-found" });
    expect(missing.body.detail).toBe(msg.noEndpoint({ path: "/api/v1/no-such-endpoint" }).en);
  });
});

describe("the message tables", () => {
  const tables: Record<string, Record<string, (p: never) => Localized>> = { msg, limitMsg, mcpBatchMsg, ingestMsg, fieldMsg };

  it("every message has a Spanish text that is not its English one", () => {
    for (const [table, messages] of Object.entries(tables))
      for (const [id, render] of Object.entries(messages)) {
        const text = render(sampleParams as never);
        expect(text.es, `${table}.${id}`).not.toBe(text.en);
        expect(spanishOnly(text.es), `${table}.${id}`).toEqual([]);
      }
  });

  it("the English fragments the checks look for are many (the check is not vacuous)", () => {
    expect(englishFragments().length).toBeGreaterThan(40);
  });

  it("every code has a Spanish title", () => {
    for (const entry of Object.values(PROBLEMS)) {
      expect(entry.titles.es).toBeTruthy();
      expect(entry.titles.es).not.toBe(entry.titles.en);
    }
  });
});

const sampleParams = {
  fields: ["page"],
  what: "document",
  part: "U1",
  net: "GND",
  path: "/x",
  method: "PUT",
  allowed: ["GET"],
  days: 90,
  scopes: ["api:read"],
  status: "processing",
  reason: "r",
  size: 10,
  missing: true,
  minLength: 32,
  at: "2030-01-01T00:00:00.000Z",
  limit: 5,
  retry: 7,
  reads: 9,
  bytes: 100,
  max: 100,
  min: 2,
  got: "text/plain",
  length: 200,
  name: "pp3v3s5",
  candidates: ["PP3V3_S5", "PP3V3-S5"],
};
