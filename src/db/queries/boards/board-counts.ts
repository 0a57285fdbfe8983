// What a caller may see of a board, counted from the counters of migrations/0020_board_knowledge.sql: the
// public part (board_content), the caller's own-only and shared documents (board_keyed_documents, per user as
// migrations/0013 keeps list totals per user) and the published cases whose date is still ahead (subtracted,
// read through repair_cases_board_scheduled_idx: only those few rows). Never a count over a board's content.
import { sql, type SQL } from "drizzle-orm";
import type { VisibilityViewer } from "../../visibility";

/** The documents of board `boardId` (an SQL expression) the viewer may see, beyond the public ones counted in `publicCount`. */
export function documentsSeen(viewer: VisibilityViewer, publicCount: SQL, boardId: SQL): SQL<number> {
  if (!viewer) return sql<number>`${publicCount}`;
  return sql<number>`(${publicCount} + coalesce((select n from board_keyed_documents where user_id = ${viewer.userId} and board_id = ${boardId}), 0))`;
}

/** Published cases of the board whose publication date is still ahead: counted by the triggers, seen by nobody yet. */
export function scheduledCases(boardId: SQL, now: string): SQL<number> {
  return sql<number>`(select count(*) from repair_cases where board_id = ${boardId} and published = 1 and published_at > ${now})`;
}

/** Whether a board_content row (alias `bc`) has something everyone may see. Same expression as the partial indexes. */
export const LISTED_FOR_EVERYONE = sql.raw("bc.documents + bc.threads + bc.cases > 0");

/** A board's counts for the viewer, from its board_content row (alias `bc`). */
export function countsOf(viewer: VisibilityViewer, now: string) {
  return {
    documents: documentsSeen(viewer, sql`bc.documents`, sql`bc.board_id`),
    threads: sql<number>`bc.threads`,
    cases: sql<number>`(bc.cases - ${scheduledCases(sql`bc.board_id`, now)})`,
  };
}
