import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
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

/**
 * Rows by key that pass a visibility condition. The condition is wrapped as `(…) = 1` (same truth)
 * so the query planner looks the few keys up instead of walking a visibility index: without
 * statistics it chose the index, 16 ms instead of 0 ms on 100 000 documents.
 */
export function byKeys(column: SQLWrapper, ids: readonly (string | number)[], visible: SQL): SQL {
  return sql`${inList(column, ids)} and (${visible}) = 1`;
}

/** Items in the order of `ids`, skipping ids with no item (not found or not visible). */
export function inOrder<K, T>(ids: readonly K[], items: T[], keyOf: (item: T) => K): T[] {
  const byKey = new Map(items.map((item) => [keyOf(item), item]));
  return ids.flatMap((id) => byKey.get(id) ?? []);
}

/** A read that can run alone or inside one D1 batch with others: the query, and its rows → items. */
export interface Loader<T> {
  query: BatchItem<"sqlite">;
  map(rows: unknown): T[];
}

/** Runs one loader. */
export async function load<T>(loader: Loader<T>): Promise<T[]> {
  return loader.map(await loader.query);
}

/** Runs several loaders in one D1 round trip; undefined loaders (nothing to load) answer []. */
export async function loadAll<T extends unknown[]>(ctx: QueryContext, loaders: { [K in keyof T]: Loader<T[K]> | undefined }): Promise<{ [K in keyof T]: T[K][] }> {
  const present = loaders.flatMap((l, i) => (l ? [[i, l] as const] : []));
  const results = present.length ? await ctx.db.batch(present.map(([, l]) => l.query) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) : [];
  const out = loaders.map(() => [] as unknown[]);
  present.forEach(([i, l], j) => (out[i] = l.map(results[j])));
  return out as { [K in keyof T]: T[K][] };
}
