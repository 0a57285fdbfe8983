// Pages say what values mean (issue 30): document types and board statuses in the page's language, never raw
// values; a thread names its category and links the forum's list of it; the sitemap holds the home and section
// pages /llms.txt lists.
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";

beforeAll(seedSample);

async function html(path: string): Promise<string> {
  const res = await fetchWorker(new Request(`${ORIGIN}${path}`));
  expect(res.status, path).toBe(200);
  return res.text();
}

describe("values in the page's words", () => {
  it("a document's type and a board's status are translated on Spanish pages and readable on English ones", async () => {
    const es = await html(`/es/biblioteca/${SAMPLE_IDS.publicSchematic}`);
    expect(es).toContain('<span class="badge">esquema</span>');
    expect(es).not.toMatch(/>schematic</);
    expect(await html(`/en/library/${SAMPLE_IDS.publicSchematic}`)).toContain('<span class="badge">schematic</span>');
    const board = await html("/es/placas/82000165");
    expect(board).toMatch(/<dd>activa<\/dd>/);
    expect(board).not.toMatch(/<dd>active<\/dd>/);
    const search = await html("/es/buscar?q=820-00165");
    expect(search).toContain(">manual de servicio</option>");
    expect(search).not.toContain(">service_manual</option>");
  });

  it("a thread names its category and links the forum's list of that category", async () => {
    const page = await html(`/en/forum/${SAMPLE_IDS.thread}`);
    expect(page).toContain(`Category: <a href="${ORIGIN}/en/forum?category=laptops">Laptops</a>`);
    const list = await html("/en/forum?category=laptops");
    expect(list).toContain("<h1>Forum: Laptops</h1>");
    expect(list).toContain(SAMPLE_IDS.thread);
    const general = await html("/en/forum?category=general");
    expect(general).not.toContain(SAMPLE_IDS.thread);
    expect((await fetchWorker(new Request(`${ORIGIN}/en/forum?category=no-such`))).status).toBe(404);
  });
});

describe("the sitemap", () => {
  it("holds the home page and every section index /llms.txt lists, in both languages", async () => {
    const index = await html("/sitemap.xml");
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/pages-1.xml</loc>`);
    const pages = await html("/sitemaps/pages-1.xml");
    const llms = await html("/llms.txt");
    const promised = [
      ...llms
        .split("## Sections")[1]
        .split("## Feeds")[0]
        .matchAll(/\]\((https?:\/\/[^)]+)\)/g),
    ].map((m) => m[1]);
    expect(promised.length).toBe(12);
    for (const url of promised) expect(pages, url).toContain(`<loc>${url}</loc>`);
  });
});
