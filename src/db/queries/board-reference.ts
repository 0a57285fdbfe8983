// A board's reference values, parts and notes (migrations/0024_reference_values.sql), each read through its
// document: the visibility rule (src/db/visibility.ts) decides who sees them, so a private file's values answer
// its owner only and a takedown hides them at once. One path for every source (OpenBoardData files, boardviews'
// readings): the rows say which document they come from. Each read is one statement of its caller's batch.
import { sql, type SQL } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { documentVisible } from "../visibility";
import { pageUrl } from "../../core/urls";
import { foldName } from "../../boardview/name-match";
import { pointSpelling } from "../../content/board-values";
import type { ReferenceNoteSchema, ReferencePartSchema, ReferenceSourceSchema, ReferenceValueSchema } from "../../schemas/reference";
import type { QueryContext } from "./runtime";

export type ReferenceValue = z.infer<typeof ReferenceValueSchema>;
export type ReferencePart = z.infer<typeof ReferencePartSchema>;
export type ReferenceNote = z.infer<typeof ReferenceNoteSchema>;
type Source = z.infer<typeof ReferenceSourceSchema>;

/** Values, parts and notes read at most per answer. */
export const POINT_REFERENCE = 200;
export const BOARD_NOTES = 200;
/** Reference nets a board's detail lists (after the measured points). */
export const BOARD_REFERENCE_POINTS = 500;

/** The rows' documents joined, visible to the caller (a cross join keeps the board's index first). */
const visibleThrough = (table: string, alias: string, ctx: QueryContext) =>
  sql`${sql.raw(`${table} ${alias}`)} cross join documents on documents.id = ${sql.raw(alias)}.document_id and ${documentVisible(ctx.viewer)}`;

const sourceOf = (ctx: QueryContext, r: { document: string; title: string }): Source => ({
  document: r.document,
  title: r.title,
  url: pageUrl(ctx.urls, "document", r.document, r.title),
});

/** One net's (or designator's) visible reference values, in each document's order. */
export function pointReference(ctx: QueryContext, boardId: SQL, norm: string) {
  return {
    query: ctx.db
      .select({
        point: sql<string>`v.point`,
        kind: sql<ReferenceValue["kind"]>`v.kind`,
        value: sql<string>`v.value`,
        note: sql<string | null>`v.note`,
        document: sql<string>`v.document_id`,
        title: sql<string>`documents.title`.as("document_title"),
      })
      .from(visibleThrough("reference_values", "v", ctx))
      .where(sql`v.board_id = ${boardId} and v.norm = ${norm}`)
      .orderBy(sql`v.document_id, v.position`)
      .limit(POINT_REFERENCE),
    map: (rows: unknown): (ReferenceValue & { point: string })[] =>
      (rows as { point: string; kind: ReferenceValue["kind"]; value: string; note: string | null; document: string; title: string }[]).map((r) => ({
        point: r.point,
        kind: r.kind,
        value: r.value,
        note: r.note,
        source: sourceOf(ctx, r),
      })),
  };
}

/** One designator's visible component values. */
export function pointParts(ctx: QueryContext, boardId: SQL, norm: string) {
  return {
    query: ctx.db
      .select({
        designator: sql<string>`p.designator`,
        value: sql<string | null>`p.value`,
        package: sql<string | null>`p.package`,
        code: sql<string | null>`p.code`,
        fitted: sql<number>`p.fitted`,
        document: sql<string>`p.document_id`,
        title: sql<string>`documents.title`.as("document_title"),
      })
      .from(visibleThrough("reference_parts", "p", ctx))
      .where(sql`p.board_id = ${boardId} and p.norm = ${norm}`)
      .orderBy(sql`p.document_id`)
      .limit(POINT_REFERENCE),
    map: (rows: unknown): ReferencePart[] =>
      (
        rows as {
          designator: string;
          value: string | null;
          package: string | null;
          code: string | null;
          fitted: number;
          document: string;
          title: string;
        }[]
      ).map((r) => ({
        designator: r.designator,
        value: r.value,
        package: r.package,
        code: r.code,
        fitted: r.fitted === 1,
        source: sourceOf(ctx, r),
      })),
  };
}

/** The board's visible diagnosis notes, in each file's order. */
export function boardNotes(ctx: QueryContext, boardId: SQL) {
  return {
    query: ctx.db
      .select({
        section: sql<string | null>`n.section`,
        title: sql<string | null>`n.title`,
        body: sql<string>`n.body`,
        document: sql<string>`n.document_id`,
        documentTitle: sql<string>`documents.title`.as("document_title"),
      })
      .from(visibleThrough("reference_notes", "n", ctx))
      .where(sql`n.board_id = ${boardId}`)
      .orderBy(sql`n.document_id, n.position`)
      .limit(BOARD_NOTES),
    map: (rows: unknown): ReferenceNote[] =>
      (rows as { section: string | null; title: string | null; body: string; document: string; documentTitle: string }[]).map((r) => ({
        section: r.section,
        title: r.title,
        body: r.body,
        source: sourceOf(ctx, { document: r.document, title: r.documentTitle }),
      })),
  };
}

/**
 * The board's nets with visible reference values: norm, first spelling, how many values. Nets are told apart by
 * the boardview name rule's folded spelling (`PP3V3_S5` and `PP3V3 S5` are one; `+5V` and `-5V` two).
 */
export function boardReferencePoints(ctx: QueryContext, boardId: SQL) {
  return {
    query: ctx.db
      .select({ norm: sql<string>`min(v.norm)`, point: sql<string>`v.point`, n: sql<number>`count(*)` })
      .from(visibleThrough("reference_values", "v", ctx))
      .where(sql`v.board_id = ${boardId}`)
      .groupBy(sql`v.point`)
      .orderBy(sql`min(v.norm), v.point`)
      .limit(BOARD_REFERENCE_POINTS),
    map: (rows: unknown) => {
      const byFold = new Map<string, { norm: string; point: string; n: number }>();
      for (const r of rows as { norm: string; point: string; n: number }[]) {
        const key = foldName(r.point);
        const known = byFold.get(key);
        if (known) known.n += r.n;
        else byFold.set(key, { ...r });
      }
      return [...byFold.values()];
    },
  };
}

/**
 * Names a sitemap lists per coarse key at most (`+5V`, `-5V`, `5V`…): a file's 5,000 keys in two languages stay
 * within the protocol's 50,000 urls (test/boards/point-signs.test.ts checks).
 */
export const NAMES_PER_POINT_KEY = 4;

/**
 * Every board's points everyone may see, a page at a time (the sitemap): what published cases measured or changed
 * and the nets public reference documents name. Pages count coarse keys (board, norm); each key then lists its
 * names apart by the name rule's folded spelling (`+5V` and `-5V` two urls, `PP3V3_S5` and `pp3v3 s5` one).
 */
export async function listPointPages(ctx: QueryContext, page: { page: number; perPage: number }) {
  const points = sql`select board_id, norm, point, point as first from board_points where measurements + components > 0
    union all
    select v.board_id, v.norm, v.point, null from reference_values v cross join documents on documents.id = v.document_id and ${documentVisible(null)}`;
  const [keys, total] = await Promise.all([
    ctx.db
      // `first`: the cases' first spelling of the key, the name their point answers under (board-points.ts).
      .select({
        id: sql<number>`x.board_id`,
        board: sql<string>`b.norm`,
        norm: sql<string>`x.norm`,
        point: sql<string>`coalesce(max(x.first), min(x.point))`,
      })
      .from(sql`(${points}) x cross join boards b on b.id = x.board_id`)
      .groupBy(sql`x.board_id, x.norm`)
      .orderBy(sql`x.board_id, x.norm`)
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    ctx.db.select({ n: sql<number>`count(*)` }).from(sql`(select 1 from (${points}) group by board_id, norm)`),
  ]);
  const spelled = keys.length ? await keySpellings(ctx, keys) : [];
  const byKey = new Map<string, string[]>();
  for (const r of spelled) byKey.set(`${r.id}\u0000${r.norm}`, [...(byKey.get(`${r.id}\u0000${r.norm}`) ?? []), r.point]);
  const rows = keys.flatMap((k) => {
    const names = new Map<string, string>();
    for (const written of [k.point, ...(byKey.get(`${k.id}\u0000${k.norm}`) ?? [])]) {
      const name = pointSpelling(written);
      const fold = foldName(name);
      if (name && !names.has(fold) && names.size < NAMES_PER_POINT_KEY) names.set(fold, name);
    }
    return [...names.values()].map((point) => ({ board: k.board, point }));
  });
  return { rows, total: total[0]?.n ?? 0 };
}

/** The names published cases and public reference documents write at the page's coarse keys (each once). */
function keySpellings(ctx: QueryContext, keys: readonly { id: number; norm: string }[]) {
  const pairs = JSON.stringify(keys.map((k) => [k.id, k.norm]));
  const published = sql`c.published = 1 and (c.published_at is null or c.published_at <= ${ctx.now})`;
  return ctx.db
    .select({ id: sql<number>`board_id`, norm: sql<string>`norm`, point: sql<string>`point` })
    .from(
      sql`(with k as (select json_extract(value, '$[0]') as board_id, json_extract(value, '$[1]') as norm from json_each(${pairs}))
        select k.board_id, k.norm, m.point from k cross join board_point_cases pc on pc.board_id = k.board_id and pc.norm = k.norm and pc.n > 0
          cross join repair_cases c on c.id = pc.case_id and ${published} cross join case_measurements m on m.case_id = c.id and m.point_norm = k.norm
        union
        select k.board_id, k.norm, x.designator from k cross join board_point_cases pc on pc.board_id = k.board_id and pc.norm = k.norm and pc.n > 0
          cross join repair_cases c on c.id = pc.case_id and ${published} cross join case_components x on x.case_id = c.id and x.designator_norm = k.norm
        union
        select k.board_id, k.norm, v.point from k cross join reference_values v on v.board_id = k.board_id and v.norm = k.norm
          cross join documents on documents.id = v.document_id and ${documentVisible(null)})`,
    )
    .orderBy(sql`board_id, norm, point`)
    .limit(keys.length * NAMES_PER_POINT_KEY * 4);
}
