// A board's detail: the spec's fields and, as a hub (issue 31), its newest threads and cases, counts and points.
import { eq, sql } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import type { BoardDetailSchema } from "../../../schemas/board-detail";
import { boardAliases, boards, manufacturers } from "../../schema";
import { qualified } from "../../qualified";
import { boardCases, boardCounts, boardPoints, boardThreads, unseenOf, unseenRows } from "./board-hub";
import { boardFields, boardIdOf, toBoard } from "../board-lookup";
import { batchRead, type QueryContext } from "../runtime";
import { documentListLoader } from "../documents";
import { boardNotes, boardReferencePoints } from "../board-reference";

export type BoardDetail = z.infer<typeof BoardDetailSchema>;

type BoardRow = { id: number; number: string; norm: string; manufacturer: string | null };

/** The most documents a board's detail lists. */
export const BOARD_DOCUMENTS = 1000;

/**
 * One round trip: the board (any spelling), its aliases, its visible documents and, as a hub (issue 31), its
 * newest threads and cases, its counts and its most measured points, batched.
 */
export async function getBoard(ctx: QueryContext, anySpelling: string): Promise<BoardDetail | undefined> {
  const id = boardIdOf(anySpelling);
  if (!id) return undefined;
  const docs = documentListLoader(ctx, { boardId: id }, { offset: 0, limit: BOARD_DOCUMENTS, reverse: false });
  const threadList = boardThreads(ctx, id);
  const caseList = boardCases(ctx, id);
  const counts = boardCounts(ctx, id);
  const points = boardPoints(ctx, id);
  const referencePoints = boardReferencePoints(ctx, id);
  const notes = boardNotes(ctx, id);
  const [rows, aliases, docRows, threadRows, caseRows, countRows, pointRows, unseenRowList, referenceRows, noteRows] = await batchRead(ctx, [
    ctx.db
      .select({ ...boardFields, status: boards.status, boardCode: boards.boardCode, platform: boards.platform, codename: boards.codename })
      .from(boards)
      .leftJoin(manufacturers, eq(manufacturers.id, boards.manufacturerId))
      .where(sql`${qualified(boards.id)} = ${id}`),
    ctx.db
      .select({ alias: boardAliases.alias })
      .from(boardAliases)
      .where(sql`${qualified(boardAliases.boardId)} = ${id}`)
      .orderBy(boardAliases.alias),
    docs.query,
    threadList.query,
    caseList.query,
    counts.query,
    points.query,
    unseenRows(ctx, id),
    referencePoints.query,
    notes.query,
  ]);
  const [row] = rows as (BoardRow & { status: string; boardCode: string | null; platform: string | null; codename: string | null })[];
  if (!row) return undefined;
  return {
    ...toBoard(row, ctx.urls),
    status: row.status,
    board_code: row.boardCode,
    platform: row.platform,
    codename: row.codename,
    aliases: (aliases as { alias: string }[]).map((a) => a.alias),
    documents: docs.map(docRows),
    threads: threadList.map(threadRows),
    cases: caseList.map(caseRows),
    counts: counts.map(countRows),
    points: withReference(points.map(pointRows, unseenOf(unseenRowList)), referencePoints.map(referenceRows)),
    notes: notes.map(noteRows),
  };
}

/** The measured points, each with its count of reference values, then the nets only reference values name. */
function withReference(measured: BoardDetail["points"], reference: { norm: string; point: string; n: number }[]): BoardDetail["points"] {
  // A case's point is keyed by its norm: it counts the reference values of every net of that norm.
  const counts = new Map<string, number>();
  for (const r of reference) counts.set(r.norm, (counts.get(r.norm) ?? 0) + r.n);
  const listed = new Set(measured.map((p) => p.norm));
  return [
    ...measured.map((p) => ({ ...p, reference: counts.get(p.norm) ?? 0 })),
    ...reference
      .filter((r) => !listed.has(r.norm))
      .map((r) => ({ point: r.point, norm: r.norm, measurements: 0, components: 0, expected: null, reference: r.n })),
  ];
}
