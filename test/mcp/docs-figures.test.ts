// The docs' MCP figures are the server's: the size of `tools/list` stated in docs/mcp.md and the README, and every
// input of every tool named in its row of docs/mcp.md's table (a figure or a parameter left behind fails here).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import mcpDoc from "../../docs/mcp.md?raw";
import readme from "../../README.md?raw";
import { connectV2 } from "../helpers/mcp";

let client: Awaited<ReturnType<typeof connectV2>>;
beforeAll(async () => {
  client = await connectV2();
});
afterAll(async () => {
  await client.close();
});

/** 6218 → "6 218", as docs/mcp.md writes figures. */
const spaced = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, " ");

describe("docs/mcp.md and the README state the real tools/list", () => {
  it("its size in bytes and estimated tokens, as the latest row of docs/mcp.md and in the README", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(await client.listTools())).byteLength;
    const tokens = Math.round(bytes / 4);
    const rows = mcpDoc.split("\n").filter((l) => l.startsWith("| now "));
    expect(rows, "one row for the current size").toHaveLength(1);
    expect(rows[0]).toContain(`**${spaced(bytes)} bytes** | ≈ **${spaced(tokens)}**`);
    const kb = (bytes / 1000).toFixed(1);
    expect(readme).toContain(`whose definitions take ${kb} KB, about ${tokens.toLocaleString("en")}`);
  });

  it("every tool's every input is named in its row of the tools table", async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const row = mcpDoc.split("\n").find((l) => l.startsWith(`| \`${tool.name}\` |`));
      expect(row, tool.name).toBeDefined();
      for (const input of Object.keys(tool.inputSchema.properties ?? {})) expect(row, `${tool.name}.${input}`).toContain(`\`${input}`);
    }
  });
});
