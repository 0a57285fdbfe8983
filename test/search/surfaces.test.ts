import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminContext } from "../helpers/admin";
import { runAdmin } from "../../cli/admin";
import { api, expectProblem, seedSample } from "../helpers/app";
import { call, connectV2, type McpTestClient } from "../helpers/mcp";
import { page } from "../helpers/site";

let mcp: McpTestClient;

beforeAll(async () => {
  await seedSample();
  mcp = await connectV2();
});
afterAll(async () => mcp.close());

const admin = (...argv: string[]) => runAdmin(adminContext(), argv);

type Verdict = "valid" | "invalid";

async function apiVerdict(q: string): Promise<Verdict> {
  const res = await api(`/search?q=${encodeURIComponent(q)}`);
  await res.body?.cancel();
  expect([200, 422], q).toContain(res.status);
  return res.status === 200 ? "valid" : "invalid";
}

async function siteVerdict(q: string): Promise<Verdict> {
  const res = await page(`/en/search?q=${encodeURIComponent(q)}`);
  await res.body?.cancel();
  expect([200, 422], q).toContain(res.status);
  return res.status === 200 ? "valid" : "invalid";
}

async function mcpVerdict(q: string): Promise<Verdict> {
  return (await call(mcp, "search", { q })).isError ? "invalid" : "valid";
}

describe("the same verdict on the same search text", () => {
  // Lengths count characters (code points) after trimming: one emoji is one character, not two.
  const texts: [string, Verdict][] = [
    ["a", "invalid"],
    [" a ", "invalid"],
    ["🔧", "invalid"],
    ["é", "invalid"],
    ["ab", "valid"],
    ["🔧🔧", "valid"],
    ["  U7000  ", "valid"],
    ["x".repeat(200), "valid"],
    ["🔧".repeat(200), "valid"],
    [`${"x".repeat(200)}   `, "valid"],
    ["x".repeat(201), "invalid"],
    ["🔧".repeat(201), "invalid"],
  ];
  for (const [q, expected] of texts) {
    it(`${JSON.stringify(q.length > 12 ? `${q.slice(0, 12)}…(${[...q].length})` : q)} is ${expected} on the API, the site and MCP`, async () => {
      expect({ api: await apiVerdict(q), site: await siteVerdict(q), mcp: await mcpVerdict(q) }).toEqual({
        api: expected,
        site: expected,
        mcp: expected,
      });
    });
  }

  it("an unknown document type is refused by all three", async () => {
    expect((await api("/search?q=U7000&type=spreadsheet")).status).toBe(422);
    expect((await page("/en/search?q=U7000&type=spreadsheet")).status).toBe(422);
    expect((await call(mcp, "search", { q: "U7000", type: "spreadsheet" })).isError).toBe(true);
  });

  it("MCP advertises the API's bounds in the tool's input schema (in characters, as JSON Schema counts them)", async () => {
    const { tools } = await mcp.listTools();
    const q = tools.find((t) => t.name === "search")!.inputSchema.properties.q;
    expect(q).toMatchObject({ type: "string", minLength: 2, maxLength: 200 });
  });
});

describe("while the search index is dropped", () => {
  it("the API answers 503, the site a 503 page and MCP a tool error saying search is being rebuilt", async () => {
    expect((await admin("search:drop")).code).toBe(0);
    try {
      const problem = await expectProblem(await api("/search?q=U7000", { lang: "en" }), 503, "unavailable");
      expect(problem.detail).toMatch(/rebuilt/);

      for (const path of ["/en/search?q=U7000", "/es/buscar?q=U7000"]) {
        const res = await page(path);
        const markup = await res.text();
        expect(res.status, path).toBe(503);
        expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
        expect(res.headers.get("Retry-After")).toBe("60");
        expect(res.headers.get("Cache-Control")).toBe("no-store");
        expect(markup).toContain('<meta name="robots" content="noindex"/>');
        expect(markup).toMatch(path.startsWith("/es") ? /reconstruyendo/ : /being rebuilt/);
      }

      const result = await call(mcp, "search", { q: "U7000", lang: "en" });
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(/Search is being rebuilt/);
      // The same message in Spanish for a Spanish reader, next step included: MCP and the API share its words.
      const spanish = await call(mcp, "search", { q: "U7000", lang: "es" });
      expect(spanish.isError).toBe(true);
      expect(spanish.content[0].text).toMatch(/^La búsqueda se está reconstruyendo\. .*Reintenta pasados 60 segundos\. Es temporal/);
      const problemEs = await expectProblem(await api("/search?q=U7000", { lang: "es" }), 503, "unavailable");
      expect(spanish.content[0].text.startsWith(problemEs.detail)).toBe(true);
      expect(result.content[0].text).toMatch(/Retry after 60 seconds/);
      expect(result.content[0].text).not.toMatch(/failed on the server's side/);

      // Other tools and pages keep working: the failure is the index's alone.
      expect((await call(mcp, "list_recent", { kind: "threads" })).isError).toBeFalsy();
      expect((await page("/en")).status).toBe(200);
    } finally {
      expect((await admin("search:rebuild")).code).toBe(0);
    }
    expect((await api("/search?q=U7000")).status).toBe(200);
  });
});
