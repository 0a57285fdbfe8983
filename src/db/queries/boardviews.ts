// Boardview reads, always through the visibility rule: a document's summary (on its primary row), one part or
// net of it (on its text database), and which of a board's boardviews hold a part or net of a given name.
// A document the caller cannot see answers exactly as one that does not exist.
import { and, eq, sql } from "drizzle-orm";
import { documentVisible } from "../../auth/visibility";
import { nameKey, parseSummary } from "../../boardview/nets";
import { boxOf, HOLDERS_SQL, NET_SQL, PART_SQL, pinOf, type StoredPin } from "../../boardview/rows";
import type { BoardviewNet, BoardviewPart, BoardviewSummary } from "../../schemas/boardviews";
import { shardOf } from "../../text/shards";
import { documents } from "../schema";
import { boardIdOf } from "./boards";
import type { QueryContext } from "./runtime";

type Side = "top" | "bottom";

interface VisibleBoardview {
  id: string;
  shard: string | null;
  summary: BoardviewSummary | null;
}

/** The document's boardview summary and text database when the caller can see it; undefined when not. */
export async function visibleBoardview(ctx: QueryContext, id: string): Promise<VisibleBoardview | undefined> {
  const [row] = await ctx.db
    .select({ id: documents.id, shard: documents.textShard, boardview: documents.boardview })
    .from(documents)
    .where(and(eq(documents.id, id), documentVisible(ctx.viewer)));
  return row ? { id: row.id, shard: row.shard, summary: parseSummary(row.boardview) } : undefined;
}

function shardDb(ctx: QueryContext, doc: VisibleBoardview): D1Database | undefined {
  return doc.shard ? shardOf(ctx.shards, doc.id, doc.shard).db : undefined;
}

/** One part of a visible boardview by its name in any spelling; undefined when it holds none. */
export async function boardviewPart(ctx: QueryContext, doc: VisibleBoardview, name: string): Promise<BoardviewPart | undefined> {
  const db = shardDb(ctx, doc);
  const key = nameKey(name);
  if (!db || !key) return undefined;
  const row = await db.prepare(PART_SQL).bind(doc.id, key).first<{
    name: string;
    side: Side;
    mounting: "smd" | "through_hole";
    x: number;
    y: number;
    pins: string;
    value: string | null;
    box: string | null;
  }>();
  if (!row) return undefined;
  const pins = (JSON.parse(row.pins) as StoredPin[]).map(pinOf);
  const part: BoardviewPart = { name: row.name, side: row.side, mounting: row.mounting, x: row.x, y: row.y, pins };
  if (row.value) part.value = row.value;
  const box = boxOf(row.box);
  if (box) part.box = box;
  return part;
}

/** One net of a visible boardview by its name in any spelling; undefined when it holds none. */
export async function boardviewNet(ctx: QueryContext, doc: VisibleBoardview, name: string): Promise<BoardviewNet | undefined> {
  const db = shardDb(ctx, doc);
  const key = nameKey(name);
  if (!db || !key) return undefined;
  const row = await db.prepare(NET_SQL).bind(doc.id, key).first<{ name: string; pins: string; parts: string; test_points: string }>();
  if (!row) return undefined;
  const pins = JSON.parse(row.pins) as [string, number, number, Side][];
  const points = JSON.parse(row.test_points) as [string, number, number, Side][];
  return {
    name: row.name,
    pins: pins.map(([part, x, y, side]) => ({ part, x, y, side })),
    parts: JSON.parse(row.parts) as string[],
    test_points: points.map(([n, x, y, side]) => ({ name: n, x, y, side })),
  };
}

/** A boardview of a board that holds a point (a part or a net of that name), where it sits. */
export interface BoardviewHolding {
  document: string;
  format: string | null;
  kind: "part" | "net";
  name: string;
  side: Side;
  /** The part's position; for a net, its first test point, else its first pin. */
  x: number;
  y: number;
}

/** Boardviews looked through per call: a board has a handful; the bound keeps the shard reads small. */
const HOLDERS_DOCUMENTS = 50;

/**
 * The boardviews of a board (by number or alias, any spelling) visible to the caller that hold a part or net
 * named `point` (any spelling), each with its side and position. For the board point answer
 * (/boards/{number}/points/{point}).
 */
export async function boardviewsHoldingPoint(ctx: QueryContext, boardNumber: string, point: string): Promise<BoardviewHolding[]> {
  const boardId = boardIdOf(boardNumber);
  const key = nameKey(point);
  if (!boardId || !key) return [];
  // The board's links drive the read (a cross join keeps that order): filtering documents by visibility first
  // and probing the board's links walked every public document (87,771 rows at 100,000 documents).
  const docs = await ctx.db
    .select({
      id: sql<string>`${documents.id}`,
      shard: sql<string | null>`${documents.textShard}`,
      boardview: sql<string | null>`${documents.boardview}`,
    })
    .from(sql`document_boards cross join documents on documents.id = document_boards.document_id`)
    .where(and(sql`document_boards.board_id = ${boardId}`, sql`${documents.boardview} is not null`, documentVisible(ctx.viewer)))
    .orderBy(sql`document_boards.document_id`)
    .limit(HOLDERS_DOCUMENTS);
  const byShard = new Map<string, string[]>();
  for (const d of docs) if (d.shard) byShard.set(d.shard, [...(byShard.get(d.shard) ?? []), d.id]);
  const formats = new Map(docs.map((d) => [d.id, parseSummary(d.boardview)?.format ?? null]));
  const rows = (
    await Promise.all(
      [...byShard].map(async ([shard, ids]) => {
        const db = shardOf(ctx.shards, ids[0], shard).db;
        const result = await db.prepare(HOLDERS_SQL).bind(JSON.stringify(ids), key).all<{
          id: string;
          kind: "part" | "net";
          name: string;
          side: Side | null;
          x: number | null;
          y: number | null;
          pins: string | null;
          test_points: string | null;
        }>();
        return result.results;
      }),
    )
  ).flat();
  const out: BoardviewHolding[] = [];
  for (const r of rows) {
    const where = r.kind === "part" ? { side: r.side as Side, x: r.x ?? 0, y: r.y ?? 0 } : netPosition(r.pins, r.test_points);
    if (where) out.push({ document: r.id, format: formats.get(r.id) ?? null, kind: r.kind, name: r.name, ...where });
  }
  return out.sort((a, b) => a.document.localeCompare(b.document) || a.kind.localeCompare(b.kind));
}

function netPosition(pins: string | null, testPoints: string | null): { side: Side; x: number; y: number } | undefined {
  const [point] = JSON.parse(testPoints ?? "[]") as [string, number, number, Side][];
  if (point) return { x: point[1], y: point[2], side: point[3] };
  const [pin] = JSON.parse(pins ?? "[]") as [string, number, number, Side][];
  return pin ? { x: pin[1], y: pin[2], side: pin[3] } : undefined;
}
