// Where a diagnosis note's part link leads: the board's readable boardview (visible to the caller) that holds the
// part, for the viewer's deep link (?part=), else nothing (the link goes to the part's point). One statement on the
// primary and one per text database however many parts the notes name.
import { and, sql } from "drizzle-orm";
import { documentVisible } from "../visibility";
import { coarseNameKey, parseSummary } from "../../boardview/nets";
import { resolveAmong } from "../../boardview/name-match";
import { shardOf } from "../../text/shards";
import { documents } from "../schema";
import { boardIdOf } from "./board-lookup";
import type { QueryContext } from "./runtime";

/** Parts looked up per page: a file's notes name a few dozen. */
export const NOTE_PARTS = 200;

export interface PartHolder {
  document: string;
  title: string;
  /** The part's name in that boardview (the name rule's answer to the note's spelling). */
  name: string;
}

/**
 * For each part name as the notes write it, the first readable boardview of the board whose parts the name rule
 * (name-match.ts) finds it among, with the part's name there; an ambiguous spelling finds none.
 */
export async function boardviewsHoldingParts(ctx: QueryContext, boardNumber: string, names: readonly string[]): Promise<Map<string, PartHolder>> {
  const boardId = boardIdOf(boardNumber);
  const written = [...new Set(names.filter((n) => n.trim()))].slice(0, NOTE_PARTS);
  const keys = [...new Set(written.map(coarseNameKey))];
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
            "select document_id as id, norm, name from boardview_parts where document_id in (select value from json_each(?1)) and norm in (select value from json_each(?2)) limit 10000",
          )
          .bind(JSON.stringify(list.map((d) => d.id)), JSON.stringify(keys))
          .all<{ id: string; norm: string; name: string }>();
        return results;
      }),
    )
  ).flat();
  const byDocument = new Map<string, typeof rows>();
  for (const r of rows) byDocument.set(r.id, [...(byDocument.get(r.id) ?? []), r]);
  for (const id of [...byDocument.keys()].sort()) {
    for (const name of written) {
      if (found.has(name)) continue;
      const key = coarseNameKey(name);
      const match = resolveAmong(
        name,
        (byDocument.get(id) ?? []).filter((r) => r.norm === key).map((r) => r.name),
      );
      if (match.kind === "exact" || match.kind === "folded") found.set(name, { document: id, title: titles.get(id) ?? "", name: match.name });
    }
  }
  return found;
}
