// search:rebuild and search:drop: the search index is derived from the base tables, so an operator can
// drop it (D1 refuses `wrangler d1 export` while FTS5 tables exist), export, and rebuild it.
import { z } from "zod";
import { dropStatements, rebuildSearchIndex } from "../search/rebuild";
import { defineCommand } from "./command";

const rebuildCommand = defineCommand({
  name: "search:rebuild",
  summary: "Drop and rebuild the search index from the base tables (documents, pages, threads, posts, cases, boards).",
  usage: "",
  input: z.strictObject({}),
  async run({ db }) {
    const started = Date.now();
    const { keys, statements } = await rebuildSearchIndex(db);
    return [`Search index rebuilt: ${keys} items indexed in ${statements} statements (${((Date.now() - started) / 1000).toFixed(1)} s).`];
  },
});

const dropCommand = defineCommand({
  name: "search:drop",
  summary: "Drop the search index only (before `wrangler d1 export`); /search answers 503 with Retry-After until search:rebuild.",
  usage: "",
  input: z.strictObject({}),
  async run({ db }) {
    await db.batch(dropStatements().map((s) => db.prepare(s)));
    return ["Search index dropped. Run search:rebuild to restore it."];
  },
});

export const SEARCH_COMMANDS = [rebuildCommand, dropCommand];
