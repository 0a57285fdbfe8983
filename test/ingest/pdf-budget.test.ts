// PDF text extraction under budgets: a deflate bomb (40 pages of a few kilobytes that inflate to
// millions of text operations) finishes within the time budget, keeps what it read, and the document
// becomes available; the budgets for pages and characters cut where they say.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PDF_BUDGET, pdfText } from "../../src/ingest/pdf/pdf-text";
import { seedSample } from "../helpers/app";
import { createUploader, makeDeflateBombPdf, makePdf, runQueue, upload } from "../helpers/uploads";
import { keepBackLogs } from "../helpers/console";

vi.setConfig({ testTimeout: 120_000 });
beforeAll(seedSample);
// Failures these tests provoke on purpose, logged by the Worker for operators: asserted, not printed.
keepBackLogs([/^PDF text extraction stopped early/]);

/** About 2.2 MB of text operations per page: under the stream cap, so the time budget has to stop it. */
const OPS_PER_PAGE = 200_000;

/** The isolate's clock moves only across I/O: let it catch up with the CPU time spent building a file. */
const syncClock = () => scheduler.wait(1);

describe("a deflate bomb of 40 pages", () => {
  it("is small on disk and finishes within the time budget, with the text gathered so far", async () => {
    const bomb = await makeDeflateBombPdf(40, OPS_PER_PAGE);
    const bytes = bomb.length;
    expect(bytes).toBeLessThan(64 * 1024);
    const budget = { ...PDF_BUDGET, maxMillis: 3_000 };
    await pdfText((await makePdf(["warm up"])).slice()); // pdf.js's first start in the isolate is not the bomb's cost
    await syncClock();
    const started = Date.now();
    const text = await pdfText(bomb, budget);
    await syncClock();
    const elapsed = Date.now() - started;
    expect(text).toMatchObject({ kind: "text", pageCount: 40, stopped: expect.stringMatching(/time budget/) });
    if (text.kind !== "text") return;
    expect(text.pages.length).toBeLessThan(40);
    expect(text.pages[0]).toContain("bomb");
    // The budget is checked between pages: one page's work may run past it, never the remaining pages'.
    expect(elapsed).toBeLessThan(budget.maxMillis + 10_000);
  });

  it("whose stream inflates past the size budget is not read at all, at once", async () => {
    const bomb = await makeDeflateBombPdf(40, 1_000_000);
    const bytes = bomb.length;
    expect(bytes).toBeLessThan(64 * 1024);
    await syncClock();
    const started = Date.now();
    const text = await pdfText(bomb);
    await syncClock();
    expect(text).toMatchObject({ kind: "text", pageCount: 40, pages: [], stopped: expect.stringMatching(/size budget/) });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("as an upload becomes available with its page count, through the real consumer path", async () => {
    const { key } = await createUploader();
    const res = await upload(key, { external_id: "bomb-1" }, { filename: "bomb.pdf", content: await makeDeflateBombPdf(40, OPS_PER_PAGE) });
    const { data } = (await res.json()) as any;
    expect(res.status).toBe(201);
    const started = Date.now();
    const { result } = await runQueue([{ documentId: data.id, version: 1 }]);
    expect(result.explicitAcks).toHaveLength(1);
    await syncClock();
    expect(Date.now() - started).toBeLessThan(PDF_BUDGET.maxMillis + 15_000);
    const row = await env.DB.prepare("select status, page_count as pages from documents where id = ?")
      .bind(data.id)
      .first<{ status: string; pages: number }>();
    expect(row).toEqual({ status: "available", pages: 40 });
  });
});

describe("the page and character budgets", () => {
  it("reads only the first maxPages pages, and no more than maxChars characters", async () => {
    const pdf = await makePdf(["one alpha", "two beta", "three gamma", "four delta"]);
    const byPages = await pdfText(pdf.slice(), { ...PDF_BUDGET, maxPages: 2 });
    expect(byPages).toMatchObject({ kind: "text", pageCount: 4, pages: ["one alpha", "two beta"] });
    expect((byPages as any).stopped).toMatch(/page budget/);
    const byChars = await pdfText(pdf.slice(), { ...PDF_BUDGET, maxChars: 12 });
    expect((byChars as any).pages.join("").length).toBeLessThanOrEqual(12);
    expect((byChars as any).stopped).toMatch(/character budget/);
    const whole = await pdfText(pdf.slice());
    expect(whole).toEqual({ kind: "text", pageCount: 4, pages: ["one alpha", "two beta", "three gamma", "four delta"], stopped: undefined });
  });
});
