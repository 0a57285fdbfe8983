// One D1 round trip for everything a search reads after its understanding stage: each group's ranking and
// loading statement (the read API's loader, its ranking run once as a CTE) with the hit's texts for the
// highlight read beside each loaded row (correlated columns over the loader's own rows), plus any plain
// statements (word counts to remember for the next search). Drizzle's batch cannot add columns to a loader's
// rows, so the statements are sent through D1 directly and each loader's rows go back through drizzle's own
// mapping.
import type { SQL } from "drizzle-orm";
import type { QueryContext } from "../../db/queries/runtime";
import type { LoadStatement } from "./load-template";
import { sqlText } from "../../db/sql-text";
import { EXTRA_PREFIX } from "../present/highlight";

/** The extra columns a loaded row carries (named `hl_*`), over the loader's rows as `l` (its `id` column). */
export type ExtraColumns = SQL;

/** A loader's statement (src/search/rank/load-template.ts), optionally with extra columns read beside each row. */
export interface LoadItem {
  kind: "load";
  query: LoadStatement;
  extra?: ExtraColumns;
}

/** A plain statement: its rows as objects. */
export interface PlainItem {
  kind: "plain";
  query: SQL;
}

export interface LoadResult {
  /** What drizzle answers for the loader's statement (the loader's `map` takes it). */
  rows: unknown;
  /** The extra columns of each row, by the row's id. */
  extra: Map<string, Record<string, unknown>>;
}

/** Runs the items in one D1 round trip; an undefined item answers undefined. */
export async function foldedBatch(
  ctx: QueryContext,
  items: readonly (LoadItem | PlainItem | undefined)[],
): Promise<(LoadResult | Record<string, unknown>[] | undefined)[]> {
  const d1 = ctx.db.$client;
  const present = items.flatMap((item, i) => (item ? [{ item, i }] : []));
  if (!present.length) return items.map(() => undefined);
  const built = present.map(({ item }) => {
    if (item.kind === "plain") {
      const q = sqlText(item.query);
      return { statement: d1.prepare(q.sql).bind(...q.params) };
    }
    const prepared = item.query;
    const q = prepared.getQuery();
    if (!item.extra) return { statement: d1.prepare(q.sql).bind(...q.params), prepared };
    const extra = sqlText(item.extra);
    // The loader's statement as a subquery keeps its order (no join, no order of its own outside).
    const text = `select l.*, ${extra.sql} from (${q.sql}) l`;
    return { statement: d1.prepare(text).bind(...extra.params, ...q.params), prepared };
  });
  const results = await d1.batch(built.map((b) => b.statement));
  const out: (LoadResult | Record<string, unknown>[] | undefined)[] = items.map(() => undefined);
  for (const [j, { i }] of present.entries()) {
    const result = results[j];
    const prepared = built[j].prepared;
    if (!prepared) {
      out[i] = result.results as Record<string, unknown>[];
      continue;
    }
    const extra = new Map<string, Record<string, unknown>>();
    for (const row of result.results as Record<string, unknown>[]) {
      const own: Record<string, unknown> = {};
      for (const key of Object.keys(row)) {
        if (!key.startsWith(EXTRA_PREFIX)) continue;
        own[key.slice(EXTRA_PREFIX.length)] = row[key];
        delete row[key];
      }
      if (Object.keys(own).length) extra.set(String(row.id), own);
    }
    out[i] = { rows: prepared.mapResult(result, true), extra };
  }
  return out;
}
