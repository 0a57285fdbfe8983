// Where a diagnosis note's part link leads: the board's readable boardview (visible to the caller) that holds the
// part, for the viewer's deep link (?part=), else nothing (the link goes to the part's point). One statement on the
// primary and one per text database however many parts the notes name.
import { and, sql } from "drizzle-orm";
import { documentVisible } from "../visibility";
import { nameKey, parseSummary } from "../../boardview/nets";
import { shardOf } from "../../text/shards";
import { documents } from "../schema";
import { boardIdOf } from "./board-lookup";
import type { QueryContext } from "./runtime";

/** Parts looked up per page: a file's notes name a few dozen. */
export const NOTE_PARTS = 200;

export interface PartHolder {
  document: string;
  title: string;
}

/** For each part name (any spelling) the first readable boardview of the board that holds it, by name key. */
export async function boardviewsHoldingParts(ctx: QueryContext, boardNumber: string, names: readonly string[]): Promise<Map<string, PartHolder>> {
  const boardId = boardIdOf(boardNumber);
  const keys = [...new Set(names.map(nameKey).filter(Boolean))].slice(0, NOTE_PARTS);
  const found = new Map<string, PartHolder>();
  if (!boardId || !keys.length) return found;
  const docs = (
    await ctx.db
      .select({
        id: sql<string>`${documents.id}`,
        title: sql<string>`${documents.title}`,
        shard: sql<string | null>`${documents.textShard}`,
        boardview: sql<string | null>`${documents.boardview}`,
      })
      .from(sql`document_boards cross join documents on documents.id = document_boards.document_id`)
      .where(and(sql`document_boards.board_id = ${boardId}`, sql`${documents.boardview} is not null`, documentVisible(ctx.viewer)))
      .orderBy(sql`document_boards.document_id`)
      .limit(50)
  ).filter((d) => d.shard && parseSummary(d.boardview)?.format);
  const byShard = new Map<string, typeof docs>();
  for (const d of docs) byShard.set(d.shard!, [...(byShard.get(d.shard!) ?? []), d]);
  const titles = new Map(docs.map((d) => [d.id, d.title]));
  const rows = (
    await Promise.all(
      [...byShard].map(async ([shard, list]) => {
        const db = shardOf(ctx.shards, list[0].id, shard).db;
        const { results } = await db
          .prepare(
            "select document_id as id, norm from boardview_parts where document_id in (select value from json_each(?1)) and norm in (select value from json_each(?2))",
          )
          .bind(JSON.stringify(list.map((d) => d.id)), JSON.stringify(keys))
          .all<{ id: string; norm: string }>();
        return results;
      }),
    )
  ).flat();
  rows.sort((a, b) => a.id.localeCompare(b.id));
  for (const r of rows) if (!found.has(r.norm)) found.set(r.norm, { document: r.id, title: titles.get(r.id) ?? "" });
  return found;
}
