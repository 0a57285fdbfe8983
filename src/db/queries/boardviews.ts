// Boardview reads, always through the visibility rule: a document's summary (on its primary row), one part or
// net of it (on its text database), and which of a board's boardviews hold a part or net of a given name.
// A document the caller cannot see answers exactly as one that does not exist.
import { and, eq, sql } from "drizzle-orm";
import { documentVisible } from "../visibility";
import { boardviewUrl, pageUrl } from "../../core/urls";
import { coarseNameKey, parseSummary } from "../../boardview/nets";
import { type NameMatch, resolveAmong } from "../../boardview/name-match";
import { msg } from "../../core/messages/errors";
import { DomainError } from "../../errors";
import { buildLayout, type LayoutBoardRow, type LayoutPartRow } from "../../boardview/layout";
import {
  BOARD_SQL,
  boxOf,
  HOLDERS_SQL,
  LAYOUT_PARTS_SQL,
  NET_NAMES_SQL,
  NET_SQL,
  PART_NAMES_SQL,
  PART_SQL,
  pinOf,
  type StoredPin,
} from "../../boardview/rows";
import type { BoardviewLayout, BoardviewNet, BoardviewPart, BoardviewSummary } from "../../schemas/boardviews";
import type { VISIBILITIES } from "../../schemas/common";
import { shardOf } from "../../text/shards";
import { documents } from "../schema";
import { boardIdOf } from "./board-lookup";
import type { QueryContext } from "./runtime";

type Visibility = (typeof VISIBILITIES)[number];

type Side = "top" | "bottom";

interface VisibleBoardview {
  id: string;
  shard: string | null;
  summary: BoardviewSummary | null;
  visibility: Visibility;
  /** The current version and the row's last change: what the layout's ETag is made of. */
  version: number;
  updatedAt: string;
}

/** The document's boardview summary and text database when the caller can see it; undefined when not. */
export async function visibleBoardview(ctx: QueryContext, id: string): Promise<VisibleBoardview | undefined> {
  const [row] = await ctx.db
    .select({
      id: documents.id,
      shard: documents.textShard,
      boardview: documents.boardview,
      visibility: documents.visibility,
      version: documents.currentVersion,
      updatedAt: documents.updatedAt,
    })
    .from(documents)
    .where(and(eq(documents.id, id), documentVisible(ctx.viewer)));
  return row
    ? {
        id: row.id,
        shard: row.shard,
        summary: parseSummary(row.boardview),
        visibility: row.visibility as Visibility,
        version: row.version,
        updatedAt: row.updatedAt,
      }
    : undefined;
}

function shardDb(ctx: QueryContext, doc: VisibleBoardview): D1Database | undefined {
  return doc.shard ? shardOf(ctx.shards, doc.id, doc.shard).db : undefined;
}

/** Candidates listed when a spelling names several names: enough to choose from, short enough to read. */
export const CANDIDATES_LISTED = 20;

/** The error of a spelling that names several names of a board (problem ambiguous-name, 404): they are listed. */
export function ambiguousName(name: string, candidates: readonly string[]): DomainError {
  const listed = candidates.slice(0, CANDIDATES_LISTED);
  return new DomainError("ambiguous", msg.ambiguousName({ name: quoted(name), candidates: listed }), { candidates: listed });
}

const quoted = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text);

/**
 * Which row of a document's parts (or nets) `name` names by the name rule (name-match.ts): its coarse key's
 * candidates read, the rule applied; the row's ord, or undefined. Raises ambiguousName when the spelling names several.
 */
async function namedRow(db: D1Database, sql: string, doc: VisibleBoardview, name: string): Promise<{ key: string; ord: number } | undefined> {
  if (!name.trim()) return undefined;
  const key = coarseNameKey(name);
  const { results } = await db.prepare(sql).bind(doc.id, key, name.trim()).all<{ name: string; ord: number }>();
  const match = resolveAmong(
    name,
    results.map((r) => r.name),
  );
  if (match.kind === "ambiguous") throw ambiguousName(name, match.candidates);
  if (match.kind === "none") return undefined;
  const row = results.find((r) => r.name === match.name);
  return row && { key, ord: row.ord };
}

/**
 * One part of a visible boardview by its name (the name rule: the exact name, else an unambiguous folded
 * spelling); undefined when it holds none; raises ambiguousName when the spelling names several parts.
 */
export async function boardviewPart(ctx: QueryContext, doc: VisibleBoardview, name: string): Promise<BoardviewPart | undefined> {
  const db = shardDb(ctx, doc);
  const found = db && (await namedRow(db, PART_NAMES_SQL, doc, name));
  if (!db || !found) return undefined;
  const row = await db.prepare(PART_SQL).bind(doc.id, found.key, found.ord).first<LayoutPartRow>();
  if (!row) return undefined;
  const pins = (JSON.parse(row.pins) as StoredPin[]).map(pinOf);
  const part: BoardviewPart = { name: row.name, side: row.side, mounting: row.mounting, x: row.x, y: row.y, pins };
  if (row.value) part.value = row.value;
  const box = boxOf(row.box);
  if (box) part.box = box;
  return part;
}

/** One net of a visible boardview by its name (the name rule, as boardviewPart); undefined when it holds none. */
export async function boardviewNet(ctx: QueryContext, doc: VisibleBoardview, name: string): Promise<BoardviewNet | undefined> {
  const db = shardDb(ctx, doc);
  const found = db && (await namedRow(db, NET_NAMES_SQL, doc, name));
  if (!db || !found) return undefined;
  const row = await db
    .prepare(NET_SQL)
    .bind(doc.id, found.key, found.ord)
    .first<{ name: string; pins: string; parts: string; test_points: string }>();
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

/** The whole drawing of a readable boardview (its summary names a format): every part, pin and net in one answer. */
export async function boardviewLayout(ctx: QueryContext, doc: VisibleBoardview): Promise<BoardviewLayout | undefined> {
  const db = shardDb(ctx, doc);
  const format = doc.summary?.format;
  if (!db || !format) return undefined;
  const [parts, board] = await db.batch([db.prepare(LAYOUT_PARTS_SQL).bind(doc.id), db.prepare(BOARD_SQL).bind(doc.id)]);
  return buildLayout(
    { document: doc.id, visibility: doc.visibility, format, unit: doc.summary?.unit },
    parts.results as unknown as LayoutPartRow[],
    (board.results[0] as LayoutBoardRow | undefined) ?? null,
  );
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
  /** The document's page opened at its viewer with this part or net selected. */
  url: string;
}

/** Neighbours kept per holding: enough to tell a page drawing the point from one listing it. */
const NEIGHBOURS = 64;

function neighboursOf(kind: "part" | "net", stored: string | null): string[] {
  const parsed = JSON.parse(stored ?? "[]") as unknown[];
  const names = kind === "part" ? (parsed as StoredPin[]).map((p) => p[2]) : (parsed as string[]);
  return [...new Set(names.filter((n) => typeof n === "string" && n))].slice(0, NEIGHBOURS);
}

/** Boardviews looked through per call: a board has a handful; the bound keeps the shard reads small. */
const HOLDERS_DOCUMENTS = 50;

/** What the board's boardviews say of a point: where each holds it, and the names a spelling matched ambiguously. */
export interface PointHolders {
  /** Each with its neighbours (a part's nets, a net's parts): what ranks the point's schematic pages. */
  holding: (BoardviewHolding & { neighbours: string[] })[];
  /** Names of boardviews where the spelling named several (none exact): empty when every boardview was clear. */
  ambiguous: string[];
  /** Per boardview, the names it holds at the spellings' coarse keys (the rule's names, for the point's cases). */
  files: string[][];
}

type HolderRow = {
  id: string;
  kind: "part" | "net";
  name: string;
  side: Side | null;
  x: number | null;
  y: number | null;
  pin: string | null;
  point: string | null;
  neighbours: string | null;
};

/**
 * The boardviews of a board (by number or alias, any spelling) visible to the caller that hold a part or net
 * that `spellings` name (the first spelling that names something in a boardview, by the name rule applied to each
 * boardview's parts and nets together), each with its side and position. For the board point answer.
 */
export async function boardviewsHoldingPoint(ctx: QueryContext, boardNumber: string, ...spellings: string[]): Promise<PointHolders> {
  const boardId = boardIdOf(boardNumber);
  const asked = [...new Set(spellings.map((s) => s.trim()).filter(Boolean))];
  if (!boardId || !asked.length) return { holding: [], ambiguous: [], files: [] };
  // The board's links drive the read (a cross join keeps that order): filtering documents by visibility first
  // and probing the board's links walked every public document (87,771 rows at 100,000 documents).
  const docs = await ctx.db
    .select({
      id: sql<string>`${documents.id}`,
      shard: sql<string | null>`${documents.textShard}`,
      boardview: sql<string | null>`${documents.boardview}`,
      title: sql<string>`${documents.title}`,
    })
    .from(sql`document_boards cross join documents on documents.id = document_boards.document_id`)
    .where(and(sql`document_boards.board_id = ${boardId}`, sql`${documents.boardview} is not null`, documentVisible(ctx.viewer)))
    .orderBy(sql`document_boards.document_id`)
    .limit(HOLDERS_DOCUMENTS);
  const byShard = new Map<string, string[]>();
  for (const d of docs) if (d.shard) byShard.set(d.shard, [...(byShard.get(d.shard) ?? []), d.id]);
  const formats = new Map(docs.map((d) => [d.id, parseSummary(d.boardview)?.format ?? null]));
  const pages = new Map(docs.map((d) => [d.id, pageUrl(ctx.urls, "document", d.id, d.title)]));
  const keys = JSON.stringify([...new Set(asked.map(coarseNameKey))]);
  const rows = (
    await Promise.all(
      [...byShard].map(async ([shard, ids]) => {
        const db = shardOf(ctx.shards, ids[0], shard).db;
        return (await db.prepare(HOLDERS_SQL).bind(JSON.stringify(ids), keys).all<HolderRow>()).results;
      }),
    )
  ).flat();
  const byDocument = new Map<string, HolderRow[]>();
  for (const r of rows) byDocument.set(r.id, [...(byDocument.get(r.id) ?? []), r]);
  const holding: PointHolders["holding"] = [];
  const ambiguous = new Set<string>();
  for (const [id, candidates] of byDocument) {
    const match = firstMatch(
      asked,
      candidates.map((r) => r.name),
    );
    if (match.kind === "ambiguous") for (const name of match.candidates) ambiguous.add(name);
    if (match.kind !== "exact" && match.kind !== "folded") continue;
    for (const kind of ["part", "net"] as const) {
      const r = candidates.find((c) => c.kind === kind && c.name === match.name);
      const where = r && (kind === "part" ? { side: r.side as Side, x: r.x ?? 0, y: r.y ?? 0 } : netPosition(r.pin, r.point));
      if (!r || !where) continue;
      const url = boardviewUrl(pages.get(id) ?? "", kind === "part" ? { part: r.name } : { net: r.name });
      holding.push({
        document: id,
        format: formats.get(id) ?? null,
        kind,
        name: r.name,
        ...where,
        url,
        neighbours: neighboursOf(kind, r.neighbours),
      });
    }
  }
  holding.sort((a, b) => a.document.localeCompare(b.document) || a.kind.localeCompare(b.kind));
  const files = [...byDocument.values()].map((candidates) => [...new Set(candidates.map((r) => r.name))]);
  return { holding, ambiguous: [...ambiguous], files };
}

/** The name rule over several spellings of one query: the first that names a name, else the first ambiguity. */
export function firstMatch(spellings: readonly string[], names: readonly string[]): NameMatch {
  let first: NameMatch = { kind: "none" };
  for (const spelling of spellings) {
    const match = resolveAmong(spelling, names);
    if (match.kind === "exact" || match.kind === "folded") return match;
    if (first.kind === "none") first = match;
  }
  return first;
}

function netPosition(pin: string | null, point: string | null): { side: Side; x: number; y: number } | undefined {
  const p = point ? (JSON.parse(point) as [string, number, number, Side]) : undefined;
  if (p) return { x: p[1], y: p[2], side: p[3] };
  const q = pin ? (JSON.parse(pin) as [string, number, number, Side]) : undefined;
  return q ? { x: q[1], y: q[2], side: q[3] } : undefined;
}
