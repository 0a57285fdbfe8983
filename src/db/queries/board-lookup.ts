// A board in any spelling (number or alias) as a subquery, and the Board shape every read answers: below the
// reads of boards/ and the reads that name a board (forum, boardviews).
import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { boardUrl, normalizeBoardNumber, type UrlContext } from "../../core/urls";
import type { BoardSchema } from "../../schemas/boards";
import { boards, manufacturers } from "../schema";

export type Board = z.infer<typeof BoardSchema>;

export const MAX_BOARD_SPELLING = 100;

/**
 * The id of the board whose number or alias has this spelling, as a subquery (null in SQL when no
 * board has it), so a filter by board needs no lookup round trip of its own. Null here when the
 * spelling cannot name any board.
 */
export function boardIdOf(anySpelling: string): SQL | null {
  // Stored norms come from board numbers and aliases; nothing longer than this can match.
  if (anySpelling.length > MAX_BOARD_SPELLING) return null;
  const norm = normalizeBoardNumber(anySpelling);
  if (!norm) return null;
  return sql`coalesce((select id from boards where norm = ${norm}), (select board_id from board_aliases where norm = ${norm}))`;
}

export function toBoard(row: { number: string; norm: string; manufacturer: string | null }, urls: UrlContext): Board {
  return { number: row.number, norm: row.norm, manufacturer: row.manufacturer, url: boardUrl(urls, row.norm) };
}

export const boardFields = { id: boards.id, number: boards.number, norm: boards.norm, manufacturer: manufacturers.name };
