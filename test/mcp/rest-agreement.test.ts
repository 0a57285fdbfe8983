// MCP and REST give the same answer to the same question, or both refuse it with the same words: a boardview's
// part and net together, one search group's page past the last one, a page without a group.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_MAX_PAGE } from "../../src/schemas/search/search";
import { api, expectProblem, getJson, SAMPLE_IDS, seedSample } from "../helpers/app";
import { callError, callOk, connectV2 } from "../helpers/mcp";

let client: Awaited<ReturnType<typeof connectV2>>;

beforeAll(async () => {
  await seedSample();
  client = await connectV2();
});
afterAll(async () => {
  await client.close();
});

describe("MCP and REST agree", () => {
  it("a boardview's part and net together: both refuse, in the same words", async () => {
    const problem = await expectProblem(
      await api(`/documents/${SAMPLE_IDS.publicSchematic}/boardview?part=U1&net=GND`, { lang: "en" }),
      422,
      "validation-failed",
    );
    const restWords = problem.errors.net[0];
    const text = await callError(client, "get_document", { document: SAMPLE_IDS.publicSchematic, part: "U1", net: "GND", lang: "en" });
    expect(text).toContain(restWords);
    const spanish = await callError(client, "get_document", { document: SAMPLE_IDS.publicSchematic, part: "U1", net: "GND", lang: "es" });
    expect(spanish).toMatch(/una pieza o una red/);
    // A Spanish reader of the API gets the very same words (one message table serves both surfaces).
    const problemEs = await expectProblem(
      await api(`/documents/${SAMPLE_IDS.publicSchematic}/boardview?part=U1&net=GND`, { lang: "es" }),
      422,
      "validation-failed",
    );
    expect(spanish).toContain(problemEs.errors.net[0]);
    expect(problemEs.detail).not.toMatch(/Invalid|value/);
  });

  it(`one group's page past ${SEARCH_MAX_PAGE}: both answer it, empty, as a list past its last page`, async () => {
    const page = SEARCH_MAX_PAGE + 1;
    const { res, body } = await getJson(`/search?q=placa&group=threads&page=${page}`);
    expect(res.status).toBe(200);
    expect(body.data.threads).toEqual([]);
    const result = await callOk(client, "search", { q: "placa", only: "threads", page, lang: "en" });
    expect(result.structuredContent.threads).toEqual([]);
    expect(result.structuredContent.paging).toEqual(body.data.paging);
  });

  it("a page past 1 without a group: both refuse, naming the parameter to add", async () => {
    const problem = await expectProblem(await api("/search?q=placa&page=2", { lang: "en" }), 422, "validation-failed");
    expect(problem.errors.page[0]).toMatch(/group/);
    const text = await callError(client, "search", { q: "placa", page: 2, lang: "en" });
    expect(text).toMatch(/only/);
    // Page 1 is every group's first page: both answer it.
    expect((await getJson("/search?q=placa&page=1")).res.status).toBe(200);
    await callOk(client, "search", { q: "placa", page: 1, lang: "en" });
  });
});
