// Page/per_page handling shared by every list endpoint.
import { z } from "@hono/zod-openapi";
import { ID_PATTERN } from "./ids";
import { msg } from "./messages/errors";
import type { Localized } from "./messages/text";
import { fieldMsg, fieldText } from "./messages/fields";

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

// Only plain decimal digits count as a number here: "1e3", "0x10", " 5" or "1.0" are 422, not coerced.
// The maximum is checked first and stops there: a number too large is "at most …", not "not a whole number".
function pageNumber(max: number) {
  const n = z
    .number({ error: fieldText(fieldMsg.wholeNumber()) })
    .max(max, { error: fieldText(fieldMsg.atMost({ max })), abort: true })
    .int(fieldText(fieldMsg.wholeNumber()))
    .min(1, fieldText(fieldMsg.atLeast({ min: 1 })));
  return z.preprocess((raw) => (typeof raw === "string" && /^[0-9]+$/.test(raw) ? Number(raw) : raw), n);
}

/**
 * The largest page number (any a client can name as a safe integer): every page answers. A page within
 * last_page is read from the nearer end of its list's index (src/db/queries/runtime.ts, readPage), a page
 * past it reads only the total.
 */
export const MAX_PAGE = Number.MAX_SAFE_INTEGER;

export const PageParam = pageNumber(MAX_PAGE)
  .default(1)
  .openapi({
    param: { name: "page", in: "query" },
    example: 1,
    description:
      'Page number, from 1. A page past meta.last_page answers an empty data array with the true meta. To walk a whole list, follow the Link header (rel="next") instead: it cannot skip or repeat an item when the list changes between pages.',
  });
export const PerPageParam = pageNumber(MAX_PER_PAGE)
  .default(DEFAULT_PER_PAGE)
  .openapi({
    param: { name: "per_page", in: "query" },
    example: DEFAULT_PER_PAGE,
    description: `Items per page, 1 to ${MAX_PER_PAGE} (default ${DEFAULT_PER_PAGE}).`,
  });

export interface PageRequest {
  page: number;
  perPage: number;
  /** A keyset page (from a cursor): the rows after this sort position, instead of skipping an offset. */
  after?: SortPosition;
}

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export function pageMeta(req: PageRequest, total: number): PageMeta {
  return { page: req.page, per_page: req.perPage, total, last_page: Math.max(1, Math.ceil(total / req.perPage)) };
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
  /** The sort position of the page's last item, for the next page's cursor (not part of the answer: see listBody). */
  last?: SortPosition;
}

/** What a list answers: data and meta only. */
export function listBody<T>(page: Page<T>): { data: T[]; meta: PageMeta } {
  return { data: page.data, meta: page.meta };
}

// ---- keyset continuation: the `cursor` parameter and the `Link: <…>; rel="next"` header ----
//
// A cursor reaches any depth at the cost of one page and never skips or repeats an item when the list changes:
// it carries the last item's sort position, its page number and a fingerprint of the list it was made for
// (filters, per_page, caller), so it is refused on any other list. Base64url JSON with a check value, not signed:
// an edited cursor is a 422; recomputing the check only moves where a list the caller may see anyway starts.

/**
 * Where a list continues: the sort value and id of the last item served. `createdAt` is the list's sort
 * value as text (a document's created_at; each list module reads and writes its own, see
 * src/db/queries/keyset.ts).
 */
export interface SortPosition {
  createdAt: string;
  id: string;
}

export interface Cursor extends SortPosition {
  page: number;
  scope: string;
}

const CURSOR_VERSION = 2;
export const MAX_CURSOR_LENGTH = 300;

const CursorPayload = z.tuple([
  z.literal(CURSOR_VERSION),
  z.number().int().min(2).max(Number.MAX_SAFE_INTEGER),
  z.string().min(1).max(100), // a list's sort value as text (a stored created_at, a board's norm, …)
  z.string().regex(ID_PATTERN),
  z.string().regex(/^[0-9a-z]{1,13}$/),
  z.string().regex(/^[0-9a-z]{1,7}$/), // the check value (cursorCheck)
]);

/** The cursor's check value: a fingerprint of its fields, so an edited field no longer matches it. */
function cursorCheck(cursor: Cursor): string {
  return cursorScope(["cursor", cursor.page, cursor.createdAt, cursor.id, cursor.scope]);
}

function toBase64Url(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify([CURSOR_VERSION, cursor.page, cursor.createdAt, cursor.id, cursor.scope, cursorCheck(cursor)]));
}

export function decodeCursor(text: string): Cursor | undefined {
  const json = fromBase64Url(text);
  if (json === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = CursorPayload.safeParse(raw);
  if (!parsed.success) return undefined;
  const [, page, createdAt, id, scope, check] = parsed.data;
  const cursor = { page, createdAt, id, scope };
  return check === cursorCheck(cursor) ? cursor : undefined;
}

/** What a cursor was made for, as a short fingerprint (FNV-1a, 32 bits): filters, per_page, caller. */
export function cursorScope(parts: readonly (string | number | boolean | undefined | null)[]): string {
  let hash = 0x811c9dc5;
  for (const ch of JSON.stringify(parts)) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export const CURSOR_REFUSED = msg.cursorRefused();

/** A cursor as text, decoded (undefined when it is not one this service made); the API and MCP both read it so. */
export function readCursor(text: string): Cursor | undefined {
  return text.length <= MAX_CURSOR_LENGTH ? decodeCursor(text) : undefined;
}

/** A query parameter the service made (a cursor, a feed position): decoded, or refused with `refused`, in both languages. */
export function tokenParam<T>(name: string, decode: (text: string) => T | undefined, refused: Localized, description: string) {
  return z
    .string()
    .transform((text, ctx) => {
      const value = decode(text);
      if (value === undefined) {
        ctx.addIssue({ code: "custom", message: refused.en, params: { message: refused } });
        return z.NEVER;
      }
      return value;
    })
    .optional()
    .openapi({ param: { name, in: "query" }, type: "string", description });
}

export const CursorParam = tokenParam(
  "cursor",
  readCursor,
  CURSOR_REFUSED,
  `Continue a list after the last item of a previous page: the opaque value from the \`Link: <…>; rel="next"\` header of that page. Reaches any depth at the cost of one page; the other parameters must be the ones the cursor was made with (the Link address repeats them). Not combined with page.`,
);

/** The next page's cursor when the page was full and the list goes on (from the page's last position). */
export function nextCursor(page: Page<unknown>, scope: string): string | undefined {
  const last = page.last;
  if (!last || page.data.length < page.meta.per_page || page.meta.page >= page.meta.last_page) return undefined;
  return encodeCursor({ page: page.meta.page + 1, createdAt: last.createdAt, id: last.id, scope });
}

/**
 * The RFC 8288 `Link` value of the next page: the list's address with the parameters the handler
 * validated (never a parameter it did not read: a cached answer is served to everyone asking with the
 * same validated parameters) and the next cursor.
 */
export function nextLink(listUrl: string, validated: Record<string, string | number | boolean | undefined>, cursor: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(validated))
    if (value !== undefined && name !== "page" && name !== "cursor") params.set(name, String(value));
  params.set("cursor", cursor);
  return `<${listUrl}?${params}>; rel="next"`;
}
