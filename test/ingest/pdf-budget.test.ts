// PDF text extraction under budgets: a deflate bomb (40 pages of a few kilobytes that inflate to
// millions of text operations) finishes within the time budget, keeps what it read, and the document
// becomes available; the budgets for pages and characters cut where they say.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_PDF_TEXT_BUDGET_MS, readConfig } from "../../src/config";
import { PDF_BUDGET, pdfText } from "../../src/ingest/pdf/pdf-text";
import { seedSample } from "../helpers/app";
import { createUploader, envWith, makeDeflateBombPdf, makePdf, runQueue, upload } from "../helpers/uploads";
import { keepBackLogs } from "../helpers/console";

vi.setConfig({ testTimeout: 120_000 });
beforeAll(seedSample);
// Failures these tests provoke on purpose, logged by the Worker for operators: asserted, not printed.
const STOPPED_EARLY = /^PDF text extraction stopped early/;
keepBackLogs([STOPPED_EARLY]);

/** About 2.2 MB of text operations per page: under the stream cap, so the time budget has to stop it. */
const OPS_PER_PAGE = 200_000;
/** Far below the 40 pages' work (seconds a page), so the budget, not the file's end, stops the reading. */
const SHORT_BUDGET_MS = 1_000;

/** The isolate's clock moves only across I/O: let it catch up with the CPU time spent building a file. */
const syncClock = () => scheduler.wait(1);

/** The bomb, built once for the file (pdf.js detaches the buffer it reads: pass a copy). */
let bomb: Promise<Uint8Array> | undefined;
const timeBomb = () => (bomb ??= makeDeflateBombPdf(40, OPS_PER_PAGE));

/** pdf.js's first start in the isolate is not the bomb's cost. */
beforeAll(async () => {
  await pdfText((await makePdf(["warm up"])).slice());
});

describe("a deflate bomb of 40 pages", () => {
  it("is small on disk and finishes within the time budget, with the text gathered so far", async () => {
    const bytes = await timeBomb();
    expect(bytes.length).toBeLessThan(64 * 1024);
    const budget = { ...PDF_BUDGET, maxMillis: SHORT_BUDGET_MS };
    await syncClock();
    const started = Date.now();
    const text = await pdfText(bytes.slice(), budget);
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

  it("as an upload becomes available with its page count, through the real consumer path, within PDF_TEXT_BUDGET_MS", async () => {
    const { key } = await createUploader();
    const res = await upload(key, { external_id: "bomb-1" }, { filename: "bomb.pdf", content: await timeBomb() });
    const { data } = (await res.json()) as any;
    expect(res.status).toBe(201);
    await syncClock();
    const started = Date.now();
    const { result } = await runQueue([{ documentId: data.id, version: 1 }], 1, envWith({ PDF_TEXT_BUDGET_MS: String(SHORT_BUDGET_MS) }));
    expect(result.explicitAcks).toHaveLength(1);
    await syncClock();
    // Past the deployment's budget (PDF_TEXT_BUDGET_MS), not the default 20 s: one page may run past it.
    expect(Date.now() - started).toBeLessThan(SHORT_BUDGET_MS + 10_000);
    const warned = vi.mocked(console.warn).mock.calls.filter(([line]) => STOPPED_EARLY.test(String(line)));
    expect(warned.at(-1)?.[1]).toMatchObject({ documentId: data.id, reason: expect.stringMatching(`^time budget: ${SHORT_BUDGET_MS} ms`) });
    const row = await env.DB.prepare("select status, page_count as pages from documents where id = ?")
      .bind(data.id)
      .first<{ status: string; pages: number }>();
    expect(row).toEqual({ status: "available", pages: 40 });
  });

  it("the consumer's time budget is 20 s unless PDF_TEXT_BUDGET_MS says otherwise", () => {
    expect(DEFAULT_PDF_TEXT_BUDGET_MS).toBe(20_000);
    expect(PDF_BUDGET.maxMillis).toBe(DEFAULT_PDF_TEXT_BUDGET_MS);
    expect(readConfig({ ...env, PDF_TEXT_BUDGET_MS: undefined } as unknown as Env).pdfTextBudgetMs).toBe(20_000);
    expect(readConfig(envWith({ PDF_TEXT_BUDGET_MS: "1500" })).pdfTextBudgetMs).toBe(1_500);
    expect(readConfig(envWith({ PDF_TEXT_BUDGET_MS: "soon" })).pdfTextBudgetMs).toBe(20_000);
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
    expect(whole).toEqual({
      kind: "text",
      pageCount: 4,
      pages: ["one alpha", "two beta", "three gamma", "four delta"],
      places: [expect.any(Uint8Array), expect.any(Uint8Array), expect.any(Uint8Array), expect.any(Uint8Array)],
      stopped: undefined,
    });
  });
});
