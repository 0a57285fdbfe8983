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
