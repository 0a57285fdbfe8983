// npm run bench:sitemap — peak memory of building one sitemap page of a 1 000 000-item catalogue, with the
// page builder the Worker runs (src/site/feeds/sitemap-xml.ts) fed by a synthetic section that hands out each
// chunk of rows as D1 would (rows are made on request, never the whole catalogue). Compared with the earlier
// way: a page of 25 000 items read at once and joined into one string. Measures the live JS heap + ArrayBuffers
// above a baseline (a full GC before every sample, node --expose-gc), sampled after every chunk; this is the builder's
// own memory, not D1's or the runtime's. Writes its section of bench/RESULTS.md (--no-write to skip).
import { parseArgs } from "node:util";
import { LANGUAGES, type Lang } from "../../src/core/language";
import { pageUrl } from "../../src/core/urls";
import { ITEMS_PER_SITEMAP, SITEMAP_CHUNK_ITEMS, urlEntries, urlsetStream, type SitemapItem } from "../../src/site/feeds/sitemap-xml";
import { writeResultsSection } from "../lib/results";

const CATALOGUE = 1_000_000;
const OLD_ITEMS_PER_PAGE = 25_000;
const MiB = 1024 * 1024;
const target = { siteUrl: "https://boards.example.org", defaultLang: "es" as Lang };

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:sitemap does)");

/** A row as the thread list returns it: a 26-character id, a title of 60-90 characters, two dates. */
function row(n: number) {
  const id = n.toString(32).toUpperCase().padStart(26, "0");
  return {
    id,
    title: `Board ${n} no power after liquid damage, PP3V3 rail shorted to ground ${"x".repeat(n % 30)}`,
    created_at: "2026-01-02T03:04:05.000Z",
    last_activity_at: "2026-06-07T08:09:10.000Z",
  };
}
const toItem = (r: ReturnType<typeof row>): SitemapItem => ({ url: (u) => pageUrl(u, "thread", r.id, r.title), lastmod: r.last_activity_at });

/** Rows `from` .. `from + count` of the catalogue, as one query would return them. */
function rows(from: number, count: number) {
  return Array.from({ length: Math.max(0, Math.min(count, CATALOGUE - from)) }, (_, i) => row(from + i));
}

let baseline = 0;
let peak = 0;
/** Live memory now: garbage is collected first, so the figure is what the builder really holds. */
function sample(): void {
  gc!();
  const m = process.memoryUsage();
  peak = Math.max(peak, m.heapUsed + m.arrayBuffers - baseline);
}
async function start(): Promise<void> {
  // Two collections with a turn in between: buffers of the previous run are released before the baseline.
  gc!();
  await new Promise((r) => setTimeout(r, 50));
  gc!();
  const m = process.memoryUsage();
  baseline = m.heapUsed + m.arrayBuffers;
  peak = 0;
}

/** The Worker's way: chunks of SITEMAP_CHUNK_ITEMS read on demand; `buffered` keeps the bytes as the ETag step does. */
async function streamed(page: number, buffered: boolean): Promise<{ peakMiB: number; bytes: number; urls: number }> {
  await start();
  const chunksPerPage = ITEMS_PER_SITEMAP / SITEMAP_CHUNK_ITEMS;
  const chunk = async (k: number) => rows(((page - 1) * chunksPerPage + k - 1) * SITEMAP_CHUNK_ITEMS, SITEMAP_CHUNK_ITEMS).map(toItem);
  const reader = urlsetStream(target, await chunk(1), chunk, chunksPerPage).getReader();
  const kept: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (buffered) kept.push(value);
    sample();
  }
  const urls = Math.min(ITEMS_PER_SITEMAP, CATALOGUE - (page - 1) * ITEMS_PER_SITEMAP) * LANGUAGES.length;
  return { peakMiB: peak / MiB, bytes, urls };
}

/** The earlier way: the whole page's rows at once, every line in one array, joined into one string. */
async function whole(page: number): Promise<{ peakMiB: number; bytes: number; urls: number }> {
  await start();
  const pageRows = rows((page - 1) * OLD_ITEMS_PER_PAGE, OLD_ITEMS_PER_PAGE);
  sample();
  const items = pageRows.map(toItem);
  const body = urlEntries(target, items);
  sample();
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset>\n${body}</urlset>`;
  const encoded = new TextEncoder().encode(text);
  sample();
  return { peakMiB: peak / MiB, bytes: encoded.byteLength, urls: pageRows.length * LANGUAGES.length };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { "no-write": { type: "boolean", default: false } } });
  const lastPage = Math.ceil(CATALOGUE / ITEMS_PER_SITEMAP);
  const results: string[] = [];
  const rowsOut: [string, number, { peakMiB: number; bytes: number; urls: number }][] = [];
  for (const page of [1, Math.ceil(lastPage / 2), lastPage]) {
    rowsOut.push([
      `streamed, ${ITEMS_PER_SITEMAP} items/page, chunks of ${SITEMAP_CHUNK_ITEMS} (sent as produced)`,
      page,
      await streamed(page, false),
    ]);
    rowsOut.push([`streamed, ${ITEMS_PER_SITEMAP} items/page, bytes kept whole (as the ETag step does)`, page, await streamed(page, true)]);
  }
  rowsOut.push([`before: ${OLD_ITEMS_PER_PAGE} items/page built as one string`, 1, await whole(1)]);
  for (const [how, page, r] of rowsOut) {
    const line = `| ${how} | ${page} | ${r.urls} | ${(r.bytes / MiB).toFixed(1)} | ${r.peakMiB.toFixed(1)} |`;
    results.push(line);
    console.log(line);
  }
  const markdown = `## Sitemap page memory (issue 12)

\`npm run bench:sitemap\` (bench/sitemap/run.ts) — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}. Catalogue: ${CATALOGUE.toLocaleString("en")} threads (synthetic rows made per chunk, titles of 60-90 characters, so urls carry a slug). The page builder is the Worker's own (src/site/feeds/sitemap-xml.ts); peak = live JS heap + ArrayBuffers (full GC before each sample) above the baseline, sampled after every chunk and after each step of the earlier way. It measures the builder, not D1 or the runtime.

| how | page | urls | size (MiB) | peak memory (MiB) |
|---|---|---|---|---|
${results.join("\n")}

Bound: a page is at most ${ITEMS_PER_SITEMAP} items = ${ITEMS_PER_SITEMAP * LANGUAGES.length} urls (protocol: 50 000 urls, 50 MB) and about 1 KB per url, so at most ~10 MB of XML, whatever the catalogue size; the builder holds one chunk of ${SITEMAP_CHUNK_ITEMS} rows and its text at a time. The ETag step of the site's cache headers still reads the whole page's bytes (≤ ~10 MB) before answering.`;
  if (!values["no-write"]) writeResultsSection("sitemap", markdown);
}

await main();
