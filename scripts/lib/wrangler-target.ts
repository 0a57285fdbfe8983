// The import target for `--remote` (and `--rehearse`, the same path against the local state):
// each batch becomes one SQL script run by `wrangler d1 execute --file`, its files one
// `wrangler r2 object put` each. No Worker code is deployed for it and no S3 credentials are needed.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { D1_LIMITS, DEFER_FOREIGN_KEYS, type Batch } from "../../cli/import/batch";
import { RESET_SQL } from "../../cli/import/load";
import { inlined } from "../../cli/import/limits";
import { renderSqlScript } from "../../cli/import/sql-script";
import { planTextWrites, recordedShards } from "../../cli/import/text";
import { RESET_BOARDVIEW_SQL } from "../../src/boardview/rows";
import { RESET_TEXT_SQL } from "../../src/text/page-rows";
import { wranglerTextShards } from "./text-shards";
import { COUNT_KEYS_SQL, dropStatements, rebuildStatements, searchIndexSize } from "../../src/search/index/rebuild";
import { chunks, EXISTING_SQL, KEYS_PER_LOOKUP, REFERENCED_KEYS_SQL, type ImportTarget } from "../../cli/import/target";
import { deleteObjects, putObjects } from "./r2-objects";
import { WranglerD1, type WranglerLocation } from "./wrangler-d1";
import { runWrangler } from "./wrangler";

/** One statement with its values written in; validation refused larger ones, this guards the rest. */
function inlineStatement(sql: string, params: readonly unknown[], where: string): string {
  const { text, bytes } = inlined(sql, params);
  if (bytes > D1_LIMITS.statementBytes)
    throw new Error(`${where}: a statement is ${bytes} bytes with its values written in; D1 accepts ${D1_LIMITS.statementBytes}`);
  return text;
}

export function wranglerTarget(location: WranglerLocation): ImportTarget {
  const d1 = new WranglerD1(location);
  const shards = wranglerTextShards(location);
  const dir = join(".wrangler", "import");
  /** Runs one SQL script file against a database (DB or a text shard); the file is kept only when it fails. */
  const runScript = async (database: string, name: string, statements: string[]) => {
    mkdirSync(dir, { recursive: true });
    const script = join(dir, name);
    writeFileSync(script, renderSqlScript(statements));
    await runWrangler(["d1", "execute", database, `--${location}`, "--file", script, "--yes"], { capture: true });
    rmSync(script);
  };
  /** R2 keys the database pointed at before a reset: the only files a reset run may remove. */
  let keysBeforeReset: string[] = [];

  return {
    async existing(kind, keys) {
      const found = new Set<string>();
      const { sql, params } = EXISTING_SQL[kind];
      for (const part of chunks(keys, KEYS_PER_LOOKUP)) {
        const rows = await d1
          .prepare(sql)
          .bind(...Array(params).fill(JSON.stringify(part)))
          .all<{ k: string }>();
        for (const row of rows.results) found.add(String(row.k));
      }
      return found;
    },
    async reset() {
      keysBeforeReset = (await d1.prepare("select r2_key as k from document_versions").all<{ k: string }>()).results.map((r) => r.k);
      for (const shard of shards) await new WranglerD1(location, shard.name).execute([...RESET_TEXT_SQL, ...RESET_BOARDVIEW_SQL]);
      await d1.execute([...RESET_SQL]);
    },
    async write(batch: Batch) {
      // Files first: rows never point at a file that is not stored yet.
      if (batch.objects.length) await putObjects(location, batch.objects, () => {});
      // Page text first, one script per text shard; then the primary's, which records each new document's shard.
      const texts = batch.texts.length
        ? planTextWrites(
            shards,
            batch.texts,
            await recordedShards(
              d1.asD1Database(),
              batch.texts.map((t) => t.documentId),
            ),
          )
        : undefined;
      for (const [shard, statements] of texts?.perShard ?? []) {
        await runScript(
          shard,
          `batch-${process.pid}-${batch.number}-${shard}.sql`,
          statements.map((s, i) => inlineStatement(s.sql, s.params, `batch ${batch.number}, ${shard} statement ${i + 1}`)),
        );
      }
      const statements = [...batch.statements, ...(texts?.record ?? []), ...(texts?.raise ?? [])];
      if (!statements.length) return 0;
      await runScript("DB", `batch-${process.pid}-${batch.number}.sql`, [
        DEFER_FOREIGN_KEYS,
        ...statements.map((s, i) => inlineStatement(s.sql, s.params, `batch ${batch.number}, statement ${i + 1}`)),
      ]);
      return 0; // wrangler does not report rows written for a script file
    },
    async removeUnreferencedFiles() {
      let removed = 0;
      for (const part of chunks(keysBeforeReset, KEYS_PER_LOOKUP)) {
        const kept = new Set((await d1.prepare(REFERENCED_KEYS_SQL).bind(JSON.stringify(part)).all<{ k: string }>()).results.map((r) => r.k));
        const stale = part.filter((k) => !kept.has(k));
        if (stale.length) await deleteObjects(location, stale);
        removed += stale.length;
      }
      return removed;
    },
    searchIndexSize: () => searchIndexSize(d1.asD1Database()),
    async dropSearchIndex() {
      await d1.execute(dropStatements());
    },
    async rebuildSearchIndex() {
      // One script file: the fills are thousands of keys each (FILL_CHUNK), inside D1's per-statement time limit.
      const keys = Number((await d1.prepare(COUNT_KEYS_SQL).first<{ total: number }>())?.total ?? 0);
      mkdirSync(dir, { recursive: true });
      const script = join(dir, `search-rebuild-${process.pid}.sql`);
      writeFileSync(script, renderSqlScript(rebuildStatements(keys)));
      await runWrangler(["d1", "execute", "DB", `--${location}`, "--file", script, "--yes"], { capture: true });
      rmSync(script);
      return 0; // wrangler does not report rows written for a script file
    },
  };
}
