// What a board's detail adds to the spec's fields (newest threads and cases, counts, points), each one bounded
// statement of the detail's batch.
import { sql, type SQL } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { BOARD_NEWEST } from "../../../schemas/board-detail";
import type { BoardCountsSchema, BoardPointSchema } from "../../../schemas/boards";
import { countsOf } from "./board-counts";
import { kindOfValue, pointSpelling } from "../../../content/board-values";
import { casesLoader } from "../cases";
import { Keys, type QueryContext } from "../runtime";
import { threadsLoader } from "../forum";

export type BoardCounts = z.infer<typeof BoardCountsSchema>;
export type BoardPoint = z.infer<typeof BoardPointSchema>;

/** Points a board's detail lists: the most measured ones. */
export const BOARD_POINTS = 50;

/** The newest visible threads about the board (threads_board_newest_idx). */
export function boardThreads(ctx: QueryContext, boardId: SQL) {
  return threadsLoader(
    ctx,
    Keys.ranked(
      ctx.db,
      sql`select id from threads where board_id = ${boardId} and published = 1 order by created_at desc, id desc limit ${BOARD_NEWEST}`,
    ),
  )!;
}

/** A case of the board visible now: published, its date reached (the rule of src/db/visibility.ts, caseVisible, on raw columns). */
export const caseVisibleNow = (now: string) => sql`published = 1 and (published_at is null or published_at <= ${now})`;

/** The newest visible cases of the board. */
export function boardCases(ctx: QueryContext, boardId: SQL) {
  return casesLoader(
    ctx,
    Keys.ranked(
      ctx.db,
      // The board's own cases, then sorted: without the hint SQLite walks repair_cases_newest_idx (every case on
      // the site, newest first) to skip the sort (bench:cost at 20,000 cases: 19,759 rows instead of a few dozen).
      sql`select id from repair_cases indexed by repair_cases_board_scheduled_idx where board_id = ${boardId} and ${caseVisibleNow(ctx.now)}
        order by coalesce(published_at, created_at) desc, id desc limit ${BOARD_NEWEST}`,
    ),
  )!;
}

export function boardCounts(ctx: QueryContext, boardId: SQL) {
  const counts = countsOf(ctx.viewer, ctx.now);
  return {
    query: ctx.db
      .select({ documents: counts.documents, threads: counts.threads, cases: counts.cases })
      .from(sql`board_content bc`)
      .where(sql`bc.board_id = ${boardId}`),
    map: (rows: unknown): BoardCounts => {
      const [r] = rows as BoardCounts[];
      return r ? { documents: r.documents, threads: r.threads, cases: Math.max(0, r.cases) } : { documents: 0, threads: 0, cases: 0 };
    },
  };
}

// ---- what published cases whose date is still ahead contributed: the triggers counted them, nobody sees them yet ----

export interface Unseen {
  measurements: Map<string, number>;
  components: Map<string, number>;
  /** `${norm}\u0000${kind}\u0000${value}` → reports */
  values: Map<string, number>;
  cases: Set<string>;
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
export const valueKey = (norm: string, kind: "e" | "m", value: string) => `${norm}\u0000${kind}\u0000${value}`;

/**
 * The measurement and component rows of the board's scheduled cases: those cases first (cross join keeps the
 * order; repair_cases_board_scheduled_idx finds only them), then their rows by primary key.
 */
export function unseenRows(ctx: QueryContext, boardId: SQL, norm?: string) {
  const scheduled = sql`c.board_id = ${boardId} and c.published = 1 and c.published_at > ${ctx.now}`;
  const onePoint = (column: string) => (norm === undefined ? sql`` : sql` and ${sql.raw(column)} = ${norm}`);
  return ctx.db
    .select({ caseId: sql<string>`case_id`, norm: sql<string>`norm`, expected: sql<string | null>`expected`, measured: sql<string | null>`measured` })
    .from(
      sql`(select m.case_id, m.point_norm as norm, m.expected_norm as expected, m.measured_norm as measured from repair_cases c cross join case_measurements m on m.case_id = c.id where ${scheduled}${onePoint("m.point_norm")}
        union all
        select x.case_id, x.designator_norm, null, null from repair_cases c cross join case_components x on x.case_id = c.id where ${scheduled}${onePoint("x.designator_norm")})`,
    );
}

export function unseenOf(rows: unknown): Unseen {
  const unseen: Unseen = { measurements: new Map(), components: new Map(), values: new Map(), cases: new Set() };
  for (const r of rows as { caseId: string; norm: string; expected: string | null; measured: string | null }[]) {
    unseen.cases.add(`${r.norm}\u0000${r.caseId}`);
    if (r.measured === null) {
      bump(unseen.components, r.norm);
      continue;
    }
    bump(unseen.measurements, r.norm);
    bump(unseen.values, valueKey(r.norm, "m", r.measured));
    if (r.expected !== null) bump(unseen.values, valueKey(r.norm, "e", r.expected));
  }
  return unseen;
}

// ---- the board's points ----

type PointRow = { point: string; norm: string; measurements: number; components: number; expected: string | null };

/** The most measured points, each with its expected values (JSON [[value, n], …], most reported first). */
export function boardPoints(ctx: QueryContext, boardId: SQL) {
  return {
    query: ctx.db
      .select({
        point: sql<string>`p.point`,
        norm: sql<string>`p.norm`,
        measurements: sql<number>`p.measurements`,
        components: sql<number>`p.components`,
        expected: sql<string | null>`(select json_group_array(json_array(value, n)) from (select value, n from board_point_values v
          where v.board_id = p.board_id and v.norm = p.norm and v.kind = 'e' and v.n > 0 order by n desc, value limit 5))`,
      })
      .from(sql`board_points p`)
      .where(sql`p.board_id = ${boardId} and p.measurements + p.components > 0`)
      .orderBy(sql`p.measurements desc, p.components desc, p.norm`)
      .limit(BOARD_POINTS),
    map: (rows: unknown, unseen: Unseen): BoardPoint[] =>
      (rows as PointRow[])
        .map((r) => {
          const expected = (JSON.parse(r.expected ?? "[]") as [string, number][])
            .map(([value, n]) => ({ value, count: n - (unseen.values.get(valueKey(r.norm, "e", value)) ?? 0), kind: kindOfValue(value) ?? null }))
            .filter((v) => v.count > 0)
            .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
          return {
            point: pointSpelling(r.point),
            norm: r.norm,
            measurements: r.measurements - (unseen.measurements.get(r.norm) ?? 0),
            components: r.components - (unseen.components.get(r.norm) ?? 0),
            expected: expected[0] ?? null,
          };
        })
        .filter((p) => p.measurements + p.components > 0)
        .sort((a, b) => b.measurements - a.measurements || b.components - a.components || (a.norm < b.norm ? -1 : 1)),
  };
}
