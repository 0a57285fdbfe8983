// search:rebuild and search:drop: the search index is derived from the base tables, so an operator can
// drop it (D1 refuses `wrangler d1 export` while FTS5 tables exist), export, and rebuild it.
import { z } from "zod";
import { dropPageIndex, dropStatements, rebuildPageIndex, rebuildSearchIndex } from "../../src/search/index/rebuild";
import { defineCommand } from "./command";

const rebuildCommand = defineCommand({
  name: "search:rebuild",
  summary:
    "Drop and rebuild the search index from the base tables (documents, threads, posts, cases, boards), and each text database's page index from its pages.",
  usage: "",
  input: z.strictObject({}),
  async run({ db, shards }) {
    // The text databases' page indexes first: the primary's rebuild then feeds their words to the vocabulary.
    const lines: string[] = [];
    for (const shard of shards) {
      const shardStarted = Date.now();
      const pages = await rebuildPageIndex(shard.db);
      lines.push(`Page index of ${shard.name} rebuilt: ${pages} pages (${((Date.now() - shardStarted) / 1000).toFixed(1)} s).`);
    }
    const started = Date.now();
    const { keys, statements } = await rebuildSearchIndex(db, undefined, shards);
    return [`Search index rebuilt: ${keys} items indexed in ${statements} statements (${((Date.now() - started) / 1000).toFixed(1)} s).`, ...lines];
  },
});

const dropCommand = defineCommand({
  name: "search:drop",
  summary:
    "Drop the search index and every text database's page index only (before `wrangler d1 export`); /search answers 503 with Retry-After until search:rebuild.",
  usage: "",
  input: z.strictObject({}),
  async run({ db, shards }) {
    await db.batch(dropStatements().map((s) => db.prepare(s)));
    for (const shard of shards) await dropPageIndex(shard.db);
    return ["Search index dropped. Run search:rebuild to restore it."];
  },
});

export const SEARCH_COMMANDS = [rebuildCommand, dropCommand];
