// `npm run bench:capacity [-- --documents N --pages P --words W]`: bytes per page of text and per index entry,
// measured on a text shard and, for comparison, on the primary as it stored text before the shards; bytes per
// document the primary keeps; and from those the number of text databases a library needs. A local D1 state
// of its own (bench/out/capacity-state): sizes are D1's own figure (meta.size_after), the file size D1 bills.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { cpus } from "node:os";
import { rebuildPageIndexStatements, dropPageIndexStatements } from "../../src/text/shard-schema";
import { writeTextStatements } from "../../src/text/page-rows";
import { D1_MAX_BYTES } from "../../src/text/check";
import { prng, TextMaker, ulidAt } from "../search/data";
import { writeResultsSection } from "../lib/results";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DOCUMENTS = arg("documents", 1000);
const PAGES = arg("pages", 30);
const WORDS = arg("words", 300);
const STATE = join(import.meta.dirname, "../out/capacity-state");
/** Fill a text database to this share of 10 GB before adding the next (docs/capacity.md says why). */
export const FILL_TARGET = 0.7;

const size = async (db: D1Database) => Number(((await db.prepare("select 1").run()).meta as { size_after?: number }).size_after ?? 0);
const count = async (db: D1Database, sql: string) => Number((await db.prepare(sql).first<{ n: number }>())?.n ?? 0);

async function main(): Promise<void> {
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  for (const database of ["DB", "TEXT_0", "TEXT_1"]) {
    execFileSync("npx", ["wrangler", "d1", "migrations", "apply", database, "--local", "--persist-to", STATE], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CI: "true" },
    });
  }
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ DB: D1Database; TEXT_0: D1Database; TEXT_1: D1Database }>({
    configPath: "wrangler.toml",
    persist: { path: join(STATE, "v3") },
  });
  try {
    const { DB: primary, TEXT_0: shard, TEXT_1: shardWithIndexFirst } = proxy.env;
    const rnd = prng(7);
    const text = new TextMaker(rnd, 3000);
    const start = Date.parse("2024-01-01T00:00:00Z");
    const docs = Array.from({ length: DOCUMENTS }, (_, i) => ({
      id: ulidAt(start + i * 60_000, rnd),
      title: `${text.title(5)} service manual`,
      description: text.text(12),
      pages: Array.from({ length: PAGES }, () => text.text(WORDS)),
    }));
    const pages = DOCUMENTS * PAGES;
    const textBytes = docs.reduce((n, d) => n + d.pages.reduce((m, p) => m + Buffer.byteLength(p), 0), 0);
    const words = DOCUMENTS * PAGES * WORDS;

    // The primary: metadata rows only (as now), then the same pages in its old page table (as before the shards).
    await primary.prepare("insert into users (id, username, name, created_at) values (1, 'tech', 'Tech', '2024-01-01T00:00:00Z')").run();
    const emptyPrimary = await size(primary);
    for (const d of docs) {
      await primary.batch([
        primary
          .prepare(
            "insert into documents (id, title, type, status, visibility, owner_id, description, tags, created_at, updated_at, page_count, has_text, text_shard) values (?, ?, 'service_manual', 'available', 'public', 1, ?, '[\"repair\"]', ?, ?, ?, 1, 'TEXT_0')",
          )
          .bind(d.id, d.title, d.description, new Date(start).toISOString(), new Date(start).toISOString(), PAGES),
        primary
          .prepare(
            "insert into document_versions (document_id, version, filename, extension, content_type, size_bytes, sha256, r2_key, created_at) values (?, 1, 'manual.pdf', 'pdf', 'application/pdf', 5000000, ?, ?, ?)",
          )
          .bind(d.id, "0".repeat(64), `documents/${d.id}/v1`, new Date(start).toISOString()),
      ]);
    }
    const primaryMeta = (await size(primary)) - emptyPrimary;
    for (const d of docs) {
      await primary.batch(
        d.pages.map((p, i) => primary.prepare("insert into document_pages (document_id, page, text) values (?, ?, ?)").bind(d.id, i + 1, p)),
      );
    }
    const primaryWithText = (await size(primary)) - emptyPrimary - primaryMeta;

    // A text shard: pages without the index, then the index built over them (table and index apart).
    await shard.batch(dropPageIndexStatements().map((s) => shard.prepare(s)));
    const emptyShard = await size(shard);
    for (const d of docs) {
      const statements = writeTextStatements(d.id, "service_manual", d.pages);
      await shard.batch(statements.map((s) => shard.prepare(s.sql).bind(...s.params)));
    }
    const shardTable = (await size(shard)) - emptyShard;
    await shard.batch(rebuildPageIndexStatements().map((s) => shard.prepare(s)));
    const shardIndex = (await size(shard)) - emptyShard - shardTable;
    // The same pages written the way writers write them (index kept by triggers, page by page), unoptimized.
    const emptyLive = await size(shardWithIndexFirst);
    for (const d of docs) {
      const statements = writeTextStatements(d.id, "service_manual", d.pages);
      await shardWithIndexFirst.batch(statements.map((s) => shardWithIndexFirst.prepare(s.sql).bind(...s.params)));
    }
    const shardLive = (await size(shardWithIndexFirst)) - emptyLive;
    const indexed = await count(shard, "select count(*) as n from document_pages");

    const perPageTable = shardTable / pages;
    const perPageIndex = shardIndex / pages;
    const perPageShard = shardLive / pages;
    const perDocPrimary = primaryMeta / DOCUMENTS;
    const perPagePrimary = primaryWithText / pages;
    const fill = FILL_TARGET * D1_MAX_BYTES;
    const plan = [10_000, 100_000, 1_000_000].map((n) => {
      const text = n * 30 * perPageShard;
      return { n, text, primary: n * perDocPrimary, shards: Math.max(1, Math.ceil(text / fill)) };
    });
    const gb = (b: number) => (b / 1000 ** 3).toFixed(2);
    const lines = [
      "| measured | bytes |",
      "|---|---|",
      `| page text as written (UTF-8), per page | ${(textBytes / pages).toFixed(0)} |`,
      `| shard: page table, per page | ${perPageTable.toFixed(0)} |`,
      `| shard: FTS5 index built in one go (rebuild, optimized), per page / per word | ${perPageIndex.toFixed(0)} / ${(shardIndex / words).toFixed(2)} |`,
      `| shard: table and index as writers leave them (page by page), per page | ${perPageShard.toFixed(0)} |`,
      `| primary before the shards: page table + its two FTS copies (whole index and recent tier), per page | ${perPagePrimary.toFixed(0)} |`,
      `| primary: one document's metadata, versions and index rows (all it keeps now) | ${perDocPrimary.toFixed(0)} |`,
      "",
      `| library (30 pages a document) | page text on the shards | primary | text databases at ${FILL_TARGET * 100}% of 10 GB each |`,
      "|---|---|---|---|",
      ...plan.map((p) => `| ${p.n.toLocaleString("en")} documents | ${gb(p.text)} GB | ${gb(p.primary)} GB | ${p.shards} |`),
    ];
    console.log(lines.join("\n"));
    if (indexed !== pages) throw new Error(`expected ${pages} pages on the shard, found ${indexed}`);
    writeResultsSection(
      "capacity",
      [
        "## Capacity: bytes per page on a text database and on the primary (issue 24)",
        "",
        `Run ${new Date().toISOString()} by \`npm run bench:capacity\` (bench/capacity/run.ts) on ${cpus().length} cores: ${DOCUMENTS} documents of ${PAGES} pages of ${WORDS} words ` +
          `(bench/search/data.ts: repair vocabulary, Zipf-distributed) in a local D1 state; sizes are D1's meta.size_after. Projections use the per-page figure as writers leave it ` +
          `and fill each text database to ${FILL_TARGET * 100}% of 10 GB (docs/capacity.md).`,
        "",
        ...lines,
        "",
      ].join("\n"),
    );
    console.log("written to bench/RESULTS.md");
  } finally {
    await proxy.dispose();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
