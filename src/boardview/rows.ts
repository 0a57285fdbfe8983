// A board's rows on its document's text database (migrations-text/0002_boardviews.sql, 0003): one row per part
// (its pins as a JSON array, its value and box) and one per net (its pins, parts and test points), keyed by the
// document and the name's coarse key (nets.ts coarseNameKey: the name rule picks among its rows), and one per board (unit, outline, readings). Rows are written as JSON payloads expanded by json_each: a few statements per board however
// many parts it has (D1 counts statements per invocation and binds at most 100 parameters per statement).
import type { TextStatement } from "../text/page-rows";
import type { Net } from "./nets";
import { coarseNameKey } from "./nets";
import type { Board, BoardPin, Box } from "../boardview-formats/types";

/** The text databases' boardview tables, in creation order (migrations-text/0002_boardviews.sql is this). */
export const BOARDVIEW_SCHEMA: readonly string[] = [
  "create table boardview_parts (document_id text not null, norm text not null, ord integer not null, name text not null, side text not null, mounting text not null, x real not null, y real not null, pins text not null, primary key (document_id, norm, ord))",
  "create table boardview_nets (document_id text not null, norm text not null, ord integer not null, name text not null, pins text not null, parts text not null, test_points text not null, primary key (document_id, norm, ord))",
];

/** migrations-text/0003_boardview_layout.sql: a part's value and box, and the board's own row. */
export const BOARDVIEW_LAYOUT_SCHEMA: readonly string[] = [
  "alter table boardview_parts add column value text",
  "alter table boardview_parts add column box text",
  "create table boardview_boards (document_id text primary key, unit text not null, outline text not null, readings text not null)",
];

/** Bytes of JSON per statement: far below D1's 2 MB per value, a few statements even for the largest board. */
const PAYLOAD_BYTES = 900_000;

export function deleteBoardviewStatements(documentId: string): TextStatement[] {
  return [
    { sql: "delete from boardview_parts where document_id = ?", params: [documentId] },
    { sql: "delete from boardview_nets where document_id = ?", params: [documentId] },
    { sql: "delete from boardview_boards where document_id = ?", params: [documentId] },
  ];
}

/** Empties every board of a text database (an import --reset). */
export const RESET_BOARDVIEW_SQL: readonly string[] = ["delete from boardview_parts", "delete from boardview_nets", "delete from boardview_boards"];

const col = (i: number) => `json_extract(j.value, '$[${i}]')`;

const INSERT_PARTS = `insert into boardview_parts (document_id, norm, ord, name, side, mounting, x, y, pins, value, box)
select ?1, ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(col).join(", ")} from json_each(?2) j`;
const INSERT_BOARD = "insert into boardview_boards (document_id, unit, outline, readings) values (?, ?, ?, ?)";

/**
 * A pin as stored in a part row's JSON: [x, y, net], then [number, name] when the file has either ("" for the
 * one it lacks). Read back with pinOf.
 */
export type StoredPin = [number, number, string] | [number, number, string, string, string];

export function storedPin(pin: BoardPin): StoredPin {
  return pin.number || pin.name ? [pin.x, pin.y, pin.net, pin.number ?? "", pin.name ?? ""] : [pin.x, pin.y, pin.net];
}

export function pinOf(stored: StoredPin): BoardPin {
  const pin: BoardPin = { x: stored[0], y: stored[1], net: stored[2] };
  if (stored[3]) pin.number = stored[3];
  if (stored[4]) pin.name = stored[4];
  return pin;
}

/** A box as stored ([x1, y1, x2, y2] JSON), or undefined. */
export function boxOf(text: string | null | undefined): Box | undefined {
  if (!text) return undefined;
  const [x1, y1, x2, y2] = JSON.parse(text) as number[];
  return { x1, y1, x2, y2 };
}
const INSERT_NETS = `insert into boardview_nets (document_id, norm, ord, name, pins, parts, test_points)
select ?1, ${[0, 1, 2, 3, 4, 5].map(col).join(", ")} from json_each(?2) j`;

/** Rows as JSON arrays, cut into payloads of at most PAYLOAD_BYTES. */
function payloads(rows: unknown[][]): string[] {
  const out: string[] = [];
  let chunk: string[] = [];
  let bytes = 2;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (chunk.length && bytes + text.length + 1 > PAYLOAD_BYTES) {
      out.push(`[${chunk.join(",")}]`);
      chunk = [];
      bytes = 2;
    }
    chunk.push(text);
    bytes += text.length + 1;
  }
  if (chunk.length) out.push(`[${chunk.join(",")}]`);
  return out;
}

/** Statements that make the text database hold exactly this board for the document (none: remove it). */
export function writeBoardviewStatements(documentId: string, board: Board | null, nets: readonly Net[]): TextStatement[] {
  const statements = deleteBoardviewStatements(documentId);
  if (!board) return statements;
  const parts = board.parts.map((p, ord) => [
    coarseNameKey(p.name),
    ord,
    p.name,
    p.side,
    p.mounting,
    p.x,
    p.y,
    JSON.stringify(p.pins.map(storedPin)),
    p.value ?? null,
    p.box ? JSON.stringify([p.box.x1, p.box.y1, p.box.x2, p.box.y2]) : null,
  ]);
  const netRows = nets.map((n, ord) => [
    coarseNameKey(n.name),
    ord,
    n.name,
    JSON.stringify(n.pins.map((p) => [p.part, p.x, p.y, p.side])),
    JSON.stringify(n.parts),
    JSON.stringify(n.testPoints.map((t) => [t.name, t.x, t.y, t.side])),
  ]);
  for (const payload of payloads(parts)) statements.push({ sql: INSERT_PARTS, params: [documentId, payload] });
  for (const payload of payloads(netRows)) statements.push({ sql: INSERT_NETS, params: [documentId, payload] });
  const outline = JSON.stringify(board.outline.map((line) => line.flatMap((p) => [p.x, p.y])));
  statements.push({ sql: INSERT_BOARD, params: [documentId, board.unit, outline, JSON.stringify(board.readings)] });
  return statements;
}

// ---- reading ----

/** Rows read per lookup that share a name's coarse key: the name rule chooses among them (the exact name first). */
export const NAME_CANDIDATES = 200;
const candidates = (table: string) =>
  `select name, ord from ${table} where document_id = ?1 and norm = ?2 order by name = ?3 desc, ord limit ${NAME_CANDIDATES}`;
/** A document's parts (nets) sharing a key (?2), the one named exactly ?3 first: the candidates of a name. */
export const PART_NAMES_SQL = candidates("boardview_parts");
export const NET_NAMES_SQL = candidates("boardview_nets");
export const PART_SQL = "select name, side, mounting, x, y, pins, value, box from boardview_parts where document_id = ? and norm = ? and ord = ?";
export const NET_SQL = "select name, pins, parts, test_points from boardview_nets where document_id = ? and norm = ? and ord = ?";
/**
 * The parts and nets of these documents (?1 JSON array of ids) whose key is one of ?2 (JSON array): the
 * candidates the name rule picks from per document, each with its place (a net's first pin and test point) and
 * its neighbours (a part's pins, a net's parts: what ranks the schematic pages naming it).
 */
export const HOLDERS_SQL = `select document_id as id, 'part' as kind, name, ord, side, x, y, null as pin, null as point, pins as neighbours from boardview_parts
  where document_id in (select value from json_each(?1)) and norm in (select value from json_each(?2))
union all
select document_id as id, 'net' as kind, name, ord, null, null, null, json_extract(pins, '$[0]'), json_extract(test_points, '$[0]'), parts from boardview_nets
  where document_id in (select value from json_each(?1)) and norm in (select value from json_each(?2))
order by id, kind, ord limit ${NAME_CANDIDATES * 10}`;

/** Every part of a board in file order (the layout answer), and the board's own row. */
export const LAYOUT_PARTS_SQL = "select name, side, mounting, x, y, pins, value, box from boardview_parts where document_id = ? order by ord";
/** outline: JSON array of polylines, each [x0, y0, x1, y1, …]; readings: JSON NetReading[]. */
export const BOARD_SQL = "select unit, outline, readings from boardview_boards where document_id = ?";
