// The pieces that keep MCP results small and readable: budget sharing, cutting, parts, address parsing.
import { describe, expect, it } from "vitest";
import { OverBudget, withinBudget } from "../../src/mcp/budget";
import { parseAddress, resolveBoardReference, resolveIdReference } from "../../src/mcp/address";
import { ToolError } from "../../src/mcp/errors";
import { cut, shareBudget, splitParts } from "../../src/mcp/format";

describe("shareBudget", () => {
  it("gives short texts all they need and splits the rest among the long ones", () => {
    expect(shareBudget([100, 5000, 50, 9000], 3000)).toEqual([100, 1425, 50, 1425]);
    expect(shareBudget([10, 20], 3000)).toEqual([10, 20]);
    expect(shareBudget([], 3000)).toEqual([]);
    const limits = shareBudget([4000, 4000, 4000], 6000);
    expect(limits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(6000);
  });
});

describe("cut", () => {
  it("keeps short texts whole and cuts long ones at a word boundary with a mark", () => {
    expect(cut("short", 10)).toEqual({ text: "short", cut: false });
    const { text, cut: wasCut } = cut("alpha beta gamma delta epsilon zeta", 20);
    expect(wasCut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(20);
    expect(text).toBe("alpha beta gamma […]");
  });
});

describe("splitParts", () => {
  it("splits at boundaries, loses nothing and is stable", () => {
    const text = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} with some words in it.`).join("\n\n");
    const parts = splitParts(text, 1000);
    expect(parts.join("")).toBe(text);
    expect(parts.every((p) => p.length <= 1000)).toBe(true);
    expect(parts.slice(0, -1).every((p) => p.endsWith("\n"))).toBe(true);
    expect(splitParts(text, 1000)).toEqual(parts);
    expect(splitParts("", 1000)).toEqual([""]);
    expect(splitParts("x".repeat(2500), 1000).map((p) => p.length)).toEqual([1000, 1000, 500]);
  });
});

describe("page addresses", () => {
  const id = "01JBGJ09TQM83XSSSS6YS3C4DW";
  it("reads addresses in both languages, with any host, prefix, slug, slash, query or fragment", () => {
    for (const [text, lang] of [
      [`https://a.example/en/forum/${id}/slug`, "en"],
      [`http://a.example:8787/es/foro/${id}/`, "es"],
      [`//a.example/es/foro/${id}?x=1#y`, "es"],
      [`a.example/en/forum/${id}`, "en"],
      [`/en/forum/${id.toLowerCase()}`, "en"],
      [`en/forum/${id}`, "en"],
      [`https://a.example/community/es/foro/${id}/slug`, "es"],
    ] as const) {
      expect(resolveIdReference(text, "thread"), text).toEqual({ id, lang });
    }
    expect(parseAddress(`https://a.example/es/placas/LA-B162P/`)).toEqual({ kind: "board", lang: "es", key: "LA-B162P" });
    expect(parseAddress(`https://a.example/en/boards/820%2000165`)).toEqual({ kind: "board", lang: "en", key: "820 00165" });
  });

  it("refuses what is not an address of the wanted kind, naming the right tool", () => {
    expect(() => resolveIdReference(`https://a.example/en/repairs/${id}`, "thread")).toThrow(/repair case page.*get_repair_case/);
    expect(() => resolveIdReference("https://a.example/en/about", "post")).toThrow(ToolError);
    expect(() => resolveIdReference(`https://a.example/en/forum/${id}X`, "thread")).toThrow(/neither/);
    expect(() => resolveIdReference("::::", "document")).toThrow(/neither a library document id/);
    expect(resolveBoardReference("820 00165")).toEqual({ spelling: "820 00165" });
    expect(resolveBoardReference("820/00165")).toEqual({ spelling: "820/00165" });
    expect(() => resolveBoardReference(`https://a.example/es/foro/${id}`)).toThrow(/get_thread/);
  });
});

describe("withinBudget", () => {
  const refusal = { limit: 15, retryAfterSeconds: 42, cost: 1 };

  it("runs the work beside the decision and drops its outcome when refused", async () => {
    let started = 0;
    const work = async () => {
      started++;
      return "answer";
    };
    expect(await withinBudget({ decision: Promise.resolve(null) }, work)).toBe("answer");
    await expect(withinBudget({ decision: Promise.resolve(refusal) }, work)).rejects.toThrow(/Retry in 42 seconds\./);
    expect(started).toBe(2);
  });

  it("does not start the work for a caller already known to be refused", async () => {
    let started = 0;
    const refused = withinBudget({ decision: Promise.resolve(refusal), refusedAtOnce: refusal }, async () => started++);
    await expect(refused).rejects.toBeInstanceOf(OverBudget);
    expect(started).toBe(0);
  });
});
