// Page text in an import: each document record's pages go to the document's text shard, not into the
// primary's batch. A batch carries its documents' texts; the target writes them to their shards first and
// then runs the primary batch, which records each new document's shard. Both halves are idempotent, so a
// batch that failed half-way is simply written again (a resumed run does the same).
import { writeTextStatements, type TextStatement } from "../../src/text/page-rows";
import { RAISE_TEXT_GENERATION } from "../../src/text/generation";
import { shardOf } from "../../src/text/shards";

export { recordedShards } from "../../src/text/store";

/** One document's pages, numbered from 1 (none: the document keeps no text). */
export interface DocumentText {
  documentId: string;
  type: string;
  pages: string[];
  /** Where each page's words stand (src/text/places.ts), read from a PDF's file; absent or "" for none. */
  places?: Uint8Array[];
  /** A boardview's rows (src/boardview/rows.ts), written with the pages; absent for other documents. */
  boardRows?: TextStatement[];
}

/** What one batch's texts write: statements per shard (by binding name), and the primary's records of them. */
export interface TextWrites {
  perShard: Map<string, TextStatement[]>;
  /** Records each document's shard (only where none is recorded yet); run after the document's own row. */
  record: TextStatement[];
  /**
   * Raises the text generation (src/text/generation.ts) when any text is written: search forgets which words it
   * remembered missing from a text database. Run with `record`, after the shards; a writer that can tell no text
   * changed (every statement wrote nothing: a re-run) leaves it out.
   */
  raise: TextStatement[];
}

/**
 * Where each text goes (its recorded shard, else the placement rule's) and the statements that put it
 * there. A document with no pages and no shard yet touches no shard.
 */
export function planTextWrites(
  shards: readonly { name: string; open: boolean }[],
  texts: readonly DocumentText[],
  recorded: ReadonlyMap<string, string | null>,
): TextWrites {
  const perShard = new Map<string, TextStatement[]>();
  const record: TextStatement[] = [];
  for (const text of texts) {
    const known = recorded.get(text.documentId) ?? null;
    if (!known && !text.pages.length && !text.boardRows?.length) continue;
    const shard = shardOf(shards, text.documentId, known);
    const list = perShard.get(shard.name) ?? [];
    list.push(...writeTextStatements(text.documentId, text.type, text.pages, text.places), ...(text.boardRows ?? []));
    perShard.set(shard.name, list);
    if (!known)
      record.push({ sql: "update documents set text_shard = ? where id = ? and text_shard is null", params: [shard.name, text.documentId] });
  }
  return { perShard, record, raise: perShard.size ? [{ sql: RAISE_TEXT_GENERATION, params: [] }] : [] };
}
