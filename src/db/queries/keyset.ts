// The sort order of a list, written once per list and used three ways: the page's order, the same order
// reversed (a deep page read from the nearer end, see readPage in ./runtime.ts) and the keyset condition
// of a cursor (the rows after a sort position, src/core/pagination.ts).
import { sql, type SQL } from "drizzle-orm";

export interface SortOrder {
  /** The sort columns, most significant first, ending with the id (so no two rows tie). */
  columns: SQL[];
  /** One direction for all of them (a row value compares them together): newest or largest first when true. */
  descending: boolean;
}

/** A sort column's direction keyword: `desc`, or none for ascending (SQL's default). */
export const sortDirection = (descending: boolean): SQL => sql.raw(descending ? "desc" : "");

/** `order by a desc, b desc, id desc` (or its reverse). */
export function orderClause(order: SortOrder, reverse = false): SQL {
  const dir = sortDirection(order.descending !== reverse);
  return sql`order by ${sql.join(
    order.columns.map((c) => sql`${c} ${dir}`),
    sql`, `,
  )}`;
}

/**
 * The rows after a sort position in the list's order: one row-value comparison, `(a, b, id) < (?, ?, ?)`
 * for a list sorted descending. SQLite starts an index range scan from it when the index holds the
 * columns in this order, so a cursor page reads about one page of index entries wherever it starts.
 */
export function afterClause(order: SortOrder, values: readonly (string | number)[]): SQL {
  const op = order.descending ? sql.raw("<") : sql.raw(">");
  return sql`(${sql.join(order.columns, sql`, `)}) ${op} (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}
