// Items as MCP resources through real clients over HTTP: the URI templates, resource_link items in search and
// list_recent results that resources/read resolves to the get_* tool's rendering, anonymous visibility, paging
// by query, and completion of board numbers and aliases in any spelling.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_IDS } from "../helpers/app";
import { callOk, connectV1, connectV2, measure, type ToolResult } from "../helpers/mcp";
import { MCP_IDS, seedMcpFixture } from "../helpers/mcp-fixture";

type Client = Awaited<ReturnType<typeof connectV2>> | Awaited<ReturnType<typeof connectV1>>;

let v1: Awaited<ReturnType<typeof connectV1>>;
let v2: Awaited<ReturnType<typeof connectV2>>;
let v2Modern: Awaited<ReturnType<typeof connectV2>>;

beforeAll(async () => {
  await seedMcpFixture();
  [v1, v2, v2Modern] = await Promise.all([connectV1(), connectV2(), connectV2("modern")]);
});
afterAll(async () => {
  await Promise.all([v1.close(), v2.close(), v2Modern.close()]);
});

async function read(client: Client, uri: string): Promise<{ uri: string; mimeType?: string; text: string }> {
  const result = await client.readResource({ uri });
  measure(`resources/read ${uri}`, result);
  expect(result.contents).toHaveLength(1);
  return result.contents[0] as { uri: string; mimeType?: string; text: string };
}

/** The error a read fails with: its JSON-RPC code and message. */
async function readError(client: Client, uri: string): Promise<{ code: number; message: string }> {
  try {
    await client.readResource({ uri });
  } catch (error) {
    return error as { code: number; message: string };
  }
  throw new Error(`${uri} should not be readable`);
}

const TOOL_OF: Record<string, [string, string]> = {
  thread: ["get_thread", "thread"],
  post: ["get_post", "post"],
  case: ["get_repair_case", "case"],
  document: ["get_document", "document"],
  board: ["get_board", "board"],
};

describe.each([
  ["@modelcontextprotocol/sdk v1 client", () => v1 as Client],
  ["@modelcontextprotocol/client v2 (2025-11-25)", () => v2 as Client],
  ["@modelcontextprotocol/client v2 (2026-07-28)", () => v2Modern as Client],
])("%s", (_name, client) => {
  it("lists one URI template per kind of item, each read as Markdown", async () => {
    const { resourceTemplates } = await client().listResourceTemplates();
    expect(Object.fromEntries(resourceTemplates.map((t) => [t.name, t.uriTemplate]))).toEqual({
      thread: "bds://thread/{id}{?page,lang}",
      post: "bds://post/{id}{?part,lang}",
      case: "bds://case/{id}{?lang}",
      document: "bds://document/{id}{?lang}",
      board: "bds://board/{number}{?page,lang}",
      board_point: "bds://board/{number}/point/{point}{?lang}",
    });
    for (const t of resourceTemplates) {
      expect(t.mimeType).toBe("text/markdown");
      expect(t.title!.length).toBeGreaterThan(3);
      expect(t.description, t.name).toMatch(/get_\w+/);
    }
  });

  it("search results carry a resource_link per hit; each reads as the matching get_* tool renders it", async () => {
    const found = await callOk(client(), "search", { q: "820-00165" });
    const links = found.content.slice(1);
    const hits = ["boards", "documents", "threads", "posts", "cases"].reduce((n, g) => n + found.structuredContent[g].length, 0);
    expect(links).toHaveLength(hits);
    expect(new Set(links.map((l) => l.uri!.split("/")[2]))).toEqual(new Set(["board", "document", "thread", "case"]));
    for (const link of links) {
      expect(link.mimeType).toBe("text/markdown");
      expect(link.name!.length).toBeGreaterThan(3);
      const content = await read(client(), link.uri!);
      expect(content.mimeType).toBe("text/markdown");
      const [kind, key] = link.uri!.replace("bds://", "").split("/");
      const [tool, argument] = TOOL_OF[kind];
      const same = (await callOk(client(), tool, { [argument]: decodeURIComponent(key) })) as ToolResult;
      expect(content.text, link.uri).toBe(same.content[0].text);
    }
  });
});

describe("resources", () => {
  it("list_recent results link every item; categories, which are no items, link nothing", async () => {
    for (const kind of ["threads", "posts", "cases", "files"]) {
      const listed = await callOk(v2, "list_recent", { kind, limit: 5 });
      const links = listed.content.slice(1);
      expect(links.map((l) => l.name)).toEqual(listed.structuredContent[kind].map((item: { title: string }) => item.title));
      for (const link of links) expect((await read(v2, link.uri!)).text).toContain(link.name!);
    }
    expect((await callOk(v2, "list_recent", { kind: "categories" })).content).toHaveLength(1);
  });

  it("reads as an anonymous visitor: private, shared, processing and taken-down documents, drafts and held threads are not found", async () => {
    for (const [uri, words] of [
      [`bds://document/${SAMPLE_IDS.alicePrivate}`, /(No document|Documento) .* (is|no está) visible/],
      [`bds://document/${SAMPLE_IDS.sharedBoardview}`, /(No document|Documento) .* (is|no está) visible/],
      [`bds://document/${SAMPLE_IDS.processing}`, /(No document|Documento) .* (is|no está) visible/],
      [`bds://document/${SAMPLE_IDS.takedown}`, /(No document|Documento) .* (is|no está) visible/],
      [`bds://post/${MCP_IDS.draftPost}`, /No (blog )?post|Entrada del blog/],
      [`bds://case/${MCP_IDS.unpublishedCase}`, /(No repair case|Caso de reparación)/],
      [`bds://thread/${SAMPLE_IDS.hiddenThread}`, /(No forum thread|Hilo del foro) .* (is|no está) visible/],
      ["bds://board/NO-SUCH-BOARD", /(No board matches|Ninguna placa coincide)/],
      ["bds://thread/not-an-id", /neither a forum thread id/],
    ] as const) {
      const error = await readError(v2, uri);
      expect(error.code, uri).toBe(-32602);
      expect(error.message, uri).toMatch(words);
    }
    expect((await readError(v2, "bds://nothing/1")).code).toBe(-32602);
    // The same documents read fine when public.
    expect((await read(v2, `bds://document/${SAMPLE_IDS.publicSchematic}`)).text).toContain("820-00165 schematic");
  });

  it("query arguments page threads and boards, part posts and choose the language, as the tools do", async () => {
    const page2 = await read(v2, `bds://thread/${MCP_IDS.longThread}?page=2`);
    expect(page2.text).toBe((await callOk(v2, "get_thread", { thread: MCP_IDS.longThread, page: 2 })).content[0].text);
    expect(page2.text).toMatch(/## Respuestas 11–20 de 23/);
    const part = await read(v2, `bds://post/${MCP_IDS.longPost}?lang=en&part=2`);
    expect(part.text).toBe((await callOk(v2, "get_post", { post: MCP_IDS.longPost, part: 2, lang: "en" })).content[0].text);
    expect(part.text).toContain("/en/blog/");
    const board = await read(v2, "bds://board/nm%20a311?page=2");
    expect(board.text).toBe((await callOk(v2, "get_board", { board: "nm a311", page: 2 })).content[0].text);
    const bad = await readError(v2, `bds://thread/${MCP_IDS.longThread}?page=0`);
    expect(bad.code).toBe(-32602);
    expect(bad.message).toMatch(/^Invalid page/);
  });

  it("the longest items read within 24 KiB and say how to read on", async () => {
    const thread = await read(v2, `bds://thread/${MCP_IDS.longThread}`); // read() holds every read to 24 KiB
    expect(thread.text).toContain(`Más: llama a get_thread con {"thread":"${MCP_IDS.longThread}","page":2`);
    expect(thread.text).toMatch(/La publicación inicial está recortada a unos \d+ de 20000 caracteres/);
    const post = await read(v2, `bds://post/${MCP_IDS.longPost}`);
    expect(post.text).toContain(`Más: llama a get_post con {"post":"${MCP_IDS.longPost}","part":2`);
    const longCase = await read(v2, `bds://case/${MCP_IDS.longCase}`);
    expect(longCase.text).toMatch(/recortad/);
    const board = await read(v2, "bds://board/NM-A311");
    expect(board.text).toContain('Más: llama a get_board con {"board":"NM-A311","page":2');
  });

  it("completes board numbers from a prefix of a number or an alias in any spelling, and the language", async () => {
    const complete = async (name: string, value: string, template = "bds://board/{number}{?page,lang}") =>
      (await v2.complete({ ref: { type: "ref/resource", uri: template }, argument: { name, value } })).completion.values;
    expect(await complete("number", "la-k3")).toEqual(["LA-K371P", "NM-D111"]); // the second by its alias LA-K351P
    expect(await complete("number", "LAK35")).toEqual(["NM-D111"]);
    expect(await complete("number", "820 00")).toEqual(["820-00165"]);
    expect(await complete("number", "x1c")).toEqual(["820-00165"]); // alias X1C_MLB
    expect(await complete("number", "zz")).toEqual([]);
    expect(await complete("number", "--")).toEqual([]);
    expect(await complete("lang", "e")).toEqual(["es", "en"]);
    expect(await complete("lang", "EN", "bds://thread/{id}{?page,lang}")).toEqual(["en"]);
  });
});
