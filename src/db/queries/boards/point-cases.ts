// Which visible cases a point answer lists, by the one name rule (src/boardview/name-match.ts). Rows are read by the
// coarse key (normalizePoint: `+5V` and `-5V`, `USB_D-` and `USB_D` share it); a case is the point's when a point
// it wrote spells the asked name: exactly, or folded (case, spaces, `_`, `.`, a joining `-`) when the board's files
// hold at most one name of that folded spelling. Signs are never folded, so `+5V` never lists a `-5V` case.
import { sql, type SQL } from "drizzle-orm";
import { foldName } from "../../../boardview/name-match";
import { pointSpelling } from "../../../content/board-values";
import type { QueryContext } from "../runtime";

/** Written points of the coarse key read per answer (newest cases first): the cases read, a few points each. */
export const POINT_SPELLING_ROWS = 200;

/** The coarse key's written points of visible cases (measured or changed), newest case first. */
export function caseSpellingsRead(ctx: QueryContext, boardId: SQL, norm: string) {
  const visible = sql`pc.board_id = ${boardId} and pc.norm = ${norm} and pc.n > 0 and c.published = 1 and (c.published_at is null or c.published_at <= ${ctx.now})`;
  return ctx.db
    .select({ id: sql<string>`id`, point: sql<string>`point` })
    .from(
      sql`(select c.id as id, m.point as point, coalesce(c.published_at, c.created_at) as at
           from board_point_cases pc cross join repair_cases c on c.id = pc.case_id cross join case_measurements m on m.case_id = c.id
           where ${visible} and m.point_norm = ${norm}
         union
         select c.id, x.designator, coalesce(c.published_at, c.created_at)
           from board_point_cases pc cross join repair_cases c on c.id = pc.case_id cross join case_components x on x.case_id = c.id
           where ${visible} and x.designator_norm = ${norm})`,
    )
    .orderBy(sql`at desc, id desc`)
    .limit(POINT_SPELLING_ROWS);
}

/** What the rule makes of a point's case rows: the name they wrote, and each row's verdict. */
export interface CaseNames {
  /**
   * The name as the cases write it, one for every spelling of it (the answer's name, the site's canonical url): the
   * coarse key's first spelling when it is this name, else the least of the name's spellings.
   */
  written: string | undefined;
  /** Whether a written point is the asked name, given the names each of the board's files holds at the coarse key. */
  spells: (written: string, files: readonly (readonly string[])[]) => boolean;
}

/** The rule over a point's case rows; `asked` are the asked spellings, `first` the coarse key's first spelling. */
export function caseNames(rows: readonly { id: string; point: string }[], asked: readonly string[], first: string | undefined): CaseNames {
  const names = asked.map((a) => pointSpelling(a)).filter(Boolean);
  const folded = new Set(names.map(foldName));
  const folds = (written: string) => folded.has(foldName(pointSpelling(written)));
  const exact = (written: string) => names.includes(pointSpelling(written));
  const mine = rows
    .filter((r) => folds(r.point))
    .map((r) => pointSpelling(r.point))
    .sort();
  return {
    written: first !== undefined && folds(first) ? pointSpelling(first) : mine[0],
    spells: (written, files) => {
      if (exact(written)) return true;
      if (!folds(written)) return false;
      // Two names of one file fold alike (`PP3V3_S5`, `PP3V3-S5`): a folded spelling names neither.
      const key = foldName(pointSpelling(written));
      return files.every((names) => new Set(names.filter((n) => foldName(n) === key)).size < 2);
    },
  };
}

/** Cases whose written points spell the name (the rule above), in their loaded order. */
export function casesSpelling<T extends { id: string }>(
  cases: readonly T[],
  rows: readonly { id: string; point: string }[],
  names: CaseNames,
  files: readonly (readonly string[])[],
): T[] {
  const kept = new Set(rows.filter((r) => names.spells(r.point, files)).map((r) => r.id));
  return cases.filter((c) => kept.has(c.id));
}

/** A value and how often the point's rows report it, expected (`e`) or measured (`m`). */
export type CountedValue = { kind: "e" | "m"; value: string; n: number };

/** Values counted from the point's own measurement rows (a row a count, as the counters count). */
export function countedRows(words: readonly { expected: string | null; measured: string }[]): CountedValue[] {
  const counts = new Map<string, CountedValue>();
  for (const w of words)
    for (const [kind, value] of [["e", w.expected] as const, ["m", w.measured] as const]) {
      if (value === null) continue;
      const row = counts.get(`${kind}\u0000${value}`) ?? { kind, value, n: 0 };
      row.n++;
      counts.set(`${kind}\u0000${value}`, row);
    }
  return [...counts.values()];
}

/** The names of each document's rows. */
export function namesPerDocument(rows: readonly { name: string; document: string }[]): string[][] {
  const byDocument = new Map<string, Set<string>>();
  for (const r of rows) byDocument.set(r.document, (byDocument.get(r.document) ?? new Set()).add(r.name));
  return [...byDocument.values()].map((names) => [...names]);
}
