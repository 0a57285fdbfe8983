// Correlated subqueries written with sql`` must name the outer row's column with its table:
// drizzle drops the table qualifier of columns in a single-table select (drizzle-orm#5734),
// so `${categories.id}` inside `(select count(*) from threads where … = ${categories.id})`
// silently became the subquery's own `id`. Every reference to an outer column goes through here.
import { getTableName, sql, type Column, type SQL } from "drizzle-orm";

export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
