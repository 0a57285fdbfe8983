// The text databases' generation (migrations/0022): one number on the primary, raised by every writer of page
// text in the primary batch that makes the new text count, always after the text is on its text database (the
// queue consumer marking a document available, an import batch recording its documents' shards), and by deleting a
// document, after its text has left its database. Search trusts a remembered "this text database has no page with
// this word" only from before the current generation, and a text database's answer it kept only under the same
// generation; it checks the generation in the ranking's own batch whenever it skipped a text database or took a kept
// answer (src/search/understand/shard-absence.ts, src/search/rank/kept-rankings.ts).

/** Raises the generation: run in the writer's primary batch, after its text is stored. */
export const RAISE_TEXT_GENERATION = "update text_generation set generation = generation + 1 where id = 1";

/** The current generation (one row). */
export const TEXT_GENERATION_SQL = "select generation from text_generation where id = 1";
