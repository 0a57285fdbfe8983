// A tool's refused arguments are explained in the caller's language (lang, else the request's), as its other errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callError, callOk, connectV2 } from "../helpers/mcp";
import { seedMcpFixture } from "../helpers/mcp-fixture";

let client: Awaited<ReturnType<typeof connectV2>>;

beforeAll(async () => {
  await seedMcpFixture();
  client = await connectV2();
});
afterAll(async () => {
  await client.close();
});

describe("MCP argument errors in the caller's language", () => {
  it("an over-long board, a wrong type and a page out of range are refused in Spanish with lang es, in English with lang en", async () => {
    const spanish = await callError(client, "get_board", { board: "8".repeat(2001), lang: "es" });
    expect(spanish).toMatch(/^Error de validación de la entrada: argumentos no válidos para la herramienta get_board: board: /);
    expect(spanish).toMatch(/demasiado grande/i);
    const english = await callError(client, "get_board", { board: "8".repeat(2001), lang: "en" });
    expect(english).toMatch(/^Input validation error: Invalid arguments for tool get_board: board: Too big/);
    const wrongType = await callError(client, "get_document", { document: 42, lang: "es" });
    expect(wrongType).toMatch(/herramienta get_document: document: /);
    const page = await callError(client, "list_recent", { kind: "threads", page: 0, lang: "es" });
    expect(page).toMatch(/herramienta list_recent: page: /);
  });

  it("valid arguments still reach the tool with their defaults", async () => {
    const result = await callOk(client, "list_recent", { kind: "threads", lang: "es" });
    expect(result.content[0].text.length).toBeGreaterThan(20);
  });
});
