// The `Link: <…>; rel="next"` header of a list answer, as the next path to ask.
import { expect } from "vitest";
import { ORIGIN } from "./app";

/** The next address of an answer's Link header, as a path under /api/v1 (undefined on the last page). */
export function nextPath(res: Response, listPath?: string): string | undefined {
  const link = res.headers.get("Link");
  if (!link) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(match, link).not.toBeNull();
  const url = new URL(match![1]);
  expect(url.origin).toBe(ORIGIN);
  if (listPath) expect(url.pathname).toBe(`/api/v1${listPath}`);
  return url.pathname.slice("/api/v1".length) + url.search;
}
