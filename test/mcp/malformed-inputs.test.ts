// Malformed input to MCP is the caller's error (-32602 invalid params, or a tool error), never -32603: a resource
// uri with broken percent-encoding, in its key or its query, and malformed page addresses given to the tools.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callError, connectV2 } from "../helpers/mcp";
import { seedMcpFixture } from "../helpers/mcp-fixture";

let client: Awaited<ReturnType<typeof connectV2>>;

beforeAll(async () => {
  await seedMcpFixture();
  client = await connectV2();
});
afterAll(async () => {
  await client.close();
});

async function readError(uri: string): Promise<{ code: number; message: string }> {
  try {
    await client.readResource({ uri });
  } catch (error) {
    return error as { code: number; message: string };
  }
  throw new Error(`${uri} should not be readable`);
}

describe("malformed MCP input", () => {
  it("a resource uri whose percent-encoding is broken is invalid params, naming the uri", async () => {
    for (const uri of ["bds://document/%", "bds://board/%E0%A4%A", "bds://thread/%ZZ", "bds://post/a%"]) {
      const error = await readError(uri);
      expect(error.code, uri).toBe(-32602);
      expect(error.message, uri).toMatch(/percent-encoding/);
      expect(error.message, uri).not.toMatch(/URI malformed/);
    }
  });

  it("a page address with broken percent-encoding given to a tool is a tool error, not an internal one", async () => {
    for (const address of ["/en/forum/%", "https://example.org/es/placas/%E0%A4%A", "%"]) {
      const text = await callError(client, "get_document", { document: address });
      expect(text, address).not.toMatch(/URI malformed|server's side/i);
    }
  });
});
