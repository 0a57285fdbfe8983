// The MCP bound (docs/mcp.md "Bounded results"): no tool answer is over 24 KiB as the client receives it (text,
// links and structuredContent as JSON); a page of many items shortens its free texts until it fits.
import { describe, expect, it } from "vitest";
import { fitToBound, resultBytes, type ToolAnswer } from "../../src/mcp/tool";

const BOUND = 24 * 1024;

/** A page of 40 items: fixed fields of about 200 bytes each, and a free text of `snippet` characters. */
function page(snippet: number): ToolAnswer<{ items: { id: string; title: string; text: string }[] }> {
  const items = Array.from({ length: 40 }, (_, i) => ({
    id: `01JS00000000000000000000${String(i).padStart(2, "0")}`,
    title: `Item ${i}: a title of a fixed length that every item carries`,
    text: "ü".repeat(snippet),
  }));
  return { structured: { items }, markdown: items.map((item) => `- ${item.title}\n  ${item.text}`).join("\n") };
}

describe("a tool answer is never over 24 KiB", () => {
  it("a page over the bound shortens its texts until the whole result fits, and no further than needed", () => {
    expect(resultBytes(page(600))).toBeGreaterThan(2 * BOUND);
    const fitted = fitToBound(600, page);
    expect(resultBytes(fitted)).toBeLessThanOrEqual(BOUND);
    // Halving once more was not needed: the texts kept are the longest of the halvings that fit.
    const kept = fitted.structured.items[0].text.length;
    expect(resultBytes(page(kept * 2))).toBeGreaterThan(BOUND);
  });

  it("an answer within the bound is kept whole", () => {
    expect(fitToBound(20, page).structured.items[0].text).toHaveLength(20);
  });
});
