// The generated benchmark catalogue (bench/search/data.ts), loaded into a LOCAL D1 state of its own:
// shared by bench:search and bench:cost so both measure the same data.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { dropStatements, rebuildPageIndex, rebuildSearchIndex } from "../../src/search/index/rebuild";
import { dropPageIndexStatements } from "../../src/text/shard-schema";
import { placeDocument } from "../../src/text/shards";
import { normalizePoint, normalizeValue } from "../../src/content/board-values";
import { boardNumber, DESIGNATORS, DOCUMENT_TYPES, PART_NUMBERS, prng, TextMaker, ulidAt, type Sizes } from "./data";

/** The text databases of wrangler.toml the catalogue's page text is placed over (the hash rule, src/text/shards.ts). */
export const TEXT_DATABASES = ["TEXT_0", "TEXT_1"];
const TEXT_SHARDS = TEXT_DATABASES.map((name) => ({ name, open: true }));

/** The read key of user 1 (scope api:read) in every generated catalogue. */
export const BENCH_KEY = "bds_benchReadKey000000000000000000001";

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const log = (msg: string) => console.log(`[bench] ${msg}`);

type Row = (string | number | null)[];

/** Bulk insert: rows travel as one JSON parameter per chunk (D1 allows 100 bound parameters). */
class Loader {
  private pending = new Map<string, { columns: string[]; rows: Row[]; bytes: number }>();
  rowsWritten = 0;
  constructor(private readonly db: D1Database) {}

  async add(table: string, columns: string[], row: Row): Promise<void> {
    let entry = this.pending.get(table);
    if (!entry) this.pending.set(table, (entry = { columns, rows: [], bytes: 0 }));
    entry.rows.push(row);
    entry.bytes += row.reduce<number>((n, v) => n + (typeof v === "string" ? v.length + 3 : 8), 2);
    // Flush every table (parents were registered first), so no child row arrives before its parent.
    if (entry.bytes > 600_000) await this.flush();
  }

  async flush(table?: string): Promise<void> {
    for (const name of table ? [table] : [...this.pending.keys()]) {
      const entry = this.pending.get(name);
      if (!entry || entry.rows.length === 0) continue;
      const select = entry.columns.map((_, i) => `value->>'$[${i}]'`).join(", ");
      await this.db
        .prepare(`insert into ${name} (${entry.columns.join(", ")}) select ${select} from json_each(?)`)
        .bind(JSON.stringify(entry.rows))
        .run();
      this.rowsWritten += entry.rows.length;
      entry.rows = [];
      entry.bytes = 0;
    }
  }
}

async function generate(db: D1Database, shards: Record<string, D1Database>, sizes: Sizes): Promise<void> {
  const rnd = prng(1);
  const text = new TextMaker(rnd, sizes.boards);
  const L = new Loader(db);
  const shardLoaders = Object.fromEntries(Object.entries(shards).map(([name, shard]) => [name, new Loader(shard)]));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const user = () => 1 + Math.floor(rnd() * sizes.users);
  const board = () => 1 + Math.floor(rnd() * sizes.boards);
  const iso = (ms: number) => new Date(ms).toISOString();
  const start = Date.parse("2023-01-01T00:00:00Z");
  const span = Date.parse("2026-06-01T00:00:00Z") - start;

  for (let i = 1; i <= sizes.users; i++)
    await L.add("users", ["id", "username", "name", "created_at"], [i, `tech${i}`, `Technician ${i}`, iso(start)]);
  await L.flush();
  const tokenHash = createHash("sha256").update(BENCH_KEY).digest("hex");
  await L.add(
    "api_keys",
    ["user_id", "name", "token_hash", "display_prefix", "scopes", "created_at"],
    [1, "bench", tokenHash, BENCH_KEY.slice(0, 10), '["api:read"]', iso(start)],
  );
  const makers = ["Apple", "Lenovo", "Dell", "HP", "Asus", "Acer", "Samsung", "MSI", "Gigabyte", "Toshiba"];
  for (let i = 0; i < makers.length; i++) await L.add("manufacturers", ["id", "name"], [i + 1, makers[i]]);
  for (const [i, slug] of ["laptops", "phones", "desktops", "consoles", "general"].entries())
    await L.add("categories", ["id", "slug", "name", "position"], [i + 1, slug, slug, i]);
  await L.flush();
  for (let i = 1; i <= sizes.boards; i++) {
    const number = boardNumber(i - 1);
    const norm = number.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
    await L.add("boards", ["id", "number", "norm", "manufacturer_id", "codename"], [i, number, norm, 1 + (i % makers.length), `X${i}`]);
    if (i % 3 === 0) await L.add("board_aliases", ["norm", "board_id", "alias"], [`${norm}ALT`, i, `${number}-ALT`]);
  }
  await L.flush();

  let t = Date.now();
  for (let i = 0; i < sizes.documents; i++) {
    const created = start + Math.floor((span * i) / sizes.documents);
    const id = ulidAt(created, rnd);
    const roll = rnd();
    const visibility = roll < 0.9 ? "public" : roll < 0.97 ? "private" : "shared";
    const status = rnd() < 0.97 ? "available" : "processing";
    const type = pick(DOCUMENT_TYPES);
    const owner = user();
    const title = `${text.title(5)} ${type.replace("_", " ")}`;
    await L.add(
      "documents",
      [
        "id",
        "title",
        "type",
        "status",
        "visibility",
        "owner_id",
        "manufacturer_id",
        "description",
        "tags",
        "downloads",
        "current_version",
        "page_count",
        "text_shard",
        "has_text",
        "created_at",
        "updated_at",
      ],
      [
        id,
        title,
        type,
        status,
        visibility,
        owner,
        1 + (i % makers.length),
        text.text(12),
        JSON.stringify([text.word(), text.word()]),
        Math.floor(rnd() * 500),
        1,
        1,
        placeDocument(TEXT_SHARDS, id).name,
        1,
        iso(created),
        iso(created),
      ],
    );
    await L.add(
      "document_versions",
      ["document_id", "version", "filename", "extension", "content_type", "size_bytes", "sha256", "r2_key", "created_at"],
      [id, 1, `${id}.pdf`, "pdf", "application/pdf", 100_000 + Math.floor(rnd() * 5e6), "0".repeat(64), `documents/${id}/v1`, iso(created)],
    );
    if (rnd() < 0.7) await L.add("document_boards", ["document_id", "board_id", "position"], [id, board(), 0]);
    if (visibility === "shared") await L.add("document_shares", ["document_id", "user_id"], [id, 1 + ((owner + 1) % sizes.users)]);
    // The page on the document's text database (its key first: the page index joins on it).
    const shard = shardLoaders[placeDocument(TEXT_SHARDS, id).name];
    await shard.add("page_keys", ["document_id", "type"], [id, type]);
    await shard.add("document_pages", ["document_id", "page", "text"], [id, 1, text.text(sizes.pageWords)]);
    if ((i + 1) % 20000 === 0) log(`documents ${i + 1}/${sizes.documents} (${seconds(Date.now() - t)} s)`);
  }
  await L.flush();
  for (const loader of Object.values(shardLoaders)) await loader.flush();

  t = Date.now();
  for (let i = 0; i < sizes.threads; i++) {
    const created = start + Math.floor((span * i) / sizes.threads);
    const id = ulidAt(created, rnd);
    const body = text.text(60);
    const replies = Math.floor(rnd() * 6);
    await L.add(
      "threads",
      ["id", "category_id", "title", "status", "sticky", "published", "author_id", "body", "body_html", "board_id", "created_at", "last_activity_at"],
      [
        id,
        1 + (i % 5),
        text.title(7),
        "open",
        0,
        rnd() < 0.98 ? 1 : 0,
        user(),
        body,
        `<p>${body}</p>`,
        rnd() < 0.5 ? board() : null,
        iso(created),
        iso(created + replies * 3600_000),
      ],
    );
    for (let r = 0; r < replies; r++) {
      const replyBody = text.text(35);
      await L.add(
        "thread_replies",
        ["id", "thread_id", "author_id", "body", "body_html", "is_solution", "score", "hidden", "created_at"],
        [
          ulidAt(created + (r + 1) * 3600_000, rnd),
          id,
          user(),
          replyBody,
          `<p>${replyBody}</p>`,
          0,
          0,
          rnd() < 0.03 ? 1 : 0,
          iso(created + (r + 1) * 3600_000),
        ],
      );
    }
  }
  await L.flush();
  log(`threads ${sizes.threads} (${seconds(Date.now() - t)} s)`);

  t = Date.now();
  for (let i = 0; i < sizes.cases; i++) {
    const created = start + Math.floor((span * i) / sizes.cases);
    const id = ulidAt(created, rnd);
    const diagnosis = text.text(70);
    const fix = text.text(20);
    await L.add(
      "repair_cases",
      [
        "id",
        "title",
        "outcome",
        "symptom",
        "device_model",
        "board_id",
        "manufacturer_id",
        "author_id",
        "published",
        "published_at",
        "diagnosis",
        "diagnosis_html",
        "fix",
        "fix_html",
        "created_at",
      ],
      [
        id,
        text.title(6),
        pick(["fixed", "partially_fixed", "not_fixed", "unknown"]),
        text.text(10),
        `Model A${1000 + (i % 900)}`,
        board(),
        1 + (i % makers.length),
        user(),
        rnd() < 0.97 ? 1 : 0,
        iso(created),
        diagnosis,
        `<p>${diagnosis}</p>`,
        fix,
        `<p>${fix}</p>`,
        iso(created),
      ],
    );
    const components = 1 + Math.floor(rnd() * 3);
    for (let c = 0; c < components; c++) {
      const designator = pick(DESIGNATORS);
      await L.add(
        "case_components",
        ["case_id", "position", "designator", "part_number", "action", "designator_norm"],
        [id, c, designator, pick(PART_NUMBERS), "replaced", normalizePoint(designator)],
      );
    }
    const point = pick(DESIGNATORS);
    // Normalised as the importer writes them, so board knowledge (migrations/0020) counts them.
    await L.add(
      "case_measurements",
      ["case_id", "position", "point", "expected", "measured", "point_norm", "expected_norm", "measured_norm"],
      [id, 0, point, "3.3 V", "0 V", normalizePoint(point), normalizeValue("3.3 V"), normalizeValue("0 V")],
    );
  }
  for (let i = 0; i < sizes.posts; i++) {
    const created = start + Math.floor((span * i) / sizes.posts);
    const id = ulidAt(created, rnd);
    const body = text.text(400);
    await L.add(
      "blog_posts",
      ["id", "title", "excerpt", "author_id", "body", "body_html", "published_at", "created_at"],
      [id, text.title(6), text.text(20), user(), body, `<p>${body}</p>`, iso(created), iso(created)],
    );
    await L.add("blog_post_tags", ["post_id", "tag", "slug", "position"], [id, "repair", "repair", 0]);
  }
  await L.flush();
  log(`cases ${sizes.cases} and posts ${sizes.posts} (${seconds(Date.now() - t)} s); ${L.rowsWritten} rows in all`);
}

async function databaseSize(db: D1Database): Promise<number> {
  const result = await db.prepare("select 1").run();
  return (result.meta as { size_after?: number }).size_after ?? 0;
}

export async function loadCatalogue(
  STATE: string,
  sizes: Sizes,
): Promise<{ loadMs: number; rebuildMs: number; baseBytes: number; indexedBytes: number; keys: number }> {
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  for (const database of ["DB", ...TEXT_DATABASES]) {
    execFileSync("npx", ["wrangler", "d1", "migrations", "apply", database, "--local", "--persist-to", STATE], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CI: "true" },
    });
  }
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<Record<string, D1Database>>({ configPath: "wrangler.toml", persist: { path: join(STATE, "v3") } });
  try {
    const db = proxy.env.DB;
    const shards = Object.fromEntries(TEXT_DATABASES.map((name) => [name, proxy.env[name]]));
    // Bulk load with the indexes dropped (no trigger work per row), then rebuild them from the base tables.
    await db.batch(dropStatements().map((s) => db.prepare(s)));
    for (const shard of Object.values(shards)) await shard.batch(dropPageIndexStatements().map((s) => shard.prepare(s)));
    let started = Date.now();
    await generate(db, shards, sizes);
    const loadMs = Date.now() - started;
    const baseBytes = await databaseSize(db);
    started = Date.now();
    // The text databases' page indexes first: the primary's rebuild then feeds their words to the vocabulary.
    for (const shard of Object.values(shards)) await rebuildPageIndex(shard);
    const { keys } = await rebuildSearchIndex(
      db,
      undefined,
      TEXT_DATABASES.map((name) => ({ name, db: shards[name] })),
    );
    const rebuildMs = Date.now() - started;
    const indexedBytes = await databaseSize(db);
    return { loadMs, rebuildMs, baseBytes, indexedBytes, keys };
  } finally {
    await proxy.dispose();
  }
}
