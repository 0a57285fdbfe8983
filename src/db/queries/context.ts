import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { VisibilityViewer } from "../../auth/visibility";
import type { UrlContext } from "../../http/urls";
import type { Db } from "../client";

/** What every read query needs: the database, who asks (for visibility), and how to write urls. */
export interface QueryContext {
  db: Db;
  viewer: VisibilityViewer;
  urls: UrlContext;
  /** ISO time used for "published by now" checks. */
  now: string;
}

/** JSON array text from json_group_array → string[] (null when the subquery had no rows). */
export function parseJsonArray(text: string | null | undefined): string[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** `column in (ids…)` with one bound parameter, whatever the number of ids (D1 allows 100 per statement). */
export function inList(column: SQLWrapper, ids: readonly (string | number)[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** Items in the order of `ids`, skipping ids with no item (not found or not visible). */
export function inOrder<K, T>(ids: readonly K[], items: T[], keyOf: (item: T) => K): T[] {
  const byKey = new Map(items.map((item) => [keyOf(item), item]));
  return ids.flatMap((id) => byKey.get(id) ?? []);
}
