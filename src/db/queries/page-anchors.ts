// Deep pages from anchors: the sort position of every Nth row of a list, read in one walk of the list's index and
// kept in the isolate per stamp of the list (migrations/0025_list_stamps.sql: a new value whenever a write moves a
// row into, out of or within the list). A page seeks past the nearest anchor before it and skips fewer than N index
// entries, in one round trip: its rows are read in the same batch (one transaction) as the stamp, and answered only
// when the stamp is the anchors' own; otherwise the anchors are made again once, then the caller walks as before.
import { sql, type SQL } from "drizzle-orm";
import { pageMeta, type Page, type PageRequest, type SortPosition } from "../../core/pagination";
import { IsolateCache } from "../../core/isolate-cache";
import { batchRead, type Loader, type PageWindow, type QueryContext } from "./runtime";

/**
 * Rows between two anchors at least: the default page size, so a page of 20 starts right at an anchor and skips
 * nothing. A longer list spaces them wider so it keeps at most MAX_ANCHORS (about 100 bytes each).
 */
export const ANCHOR_SPACING = 20;
const MAX_ANCHORS = 2500;

/** A list whose deep pages may start from anchors: its name and stamp, which rows it holds, and its total. */
export interface AnchoredList {
  /** The list's name in the isolate's cache (one per list and filter). */
  key: string;
  /** The list's row in list_stamps: its stamp changes with every write that moves a row of `where`. */
  stamped: "documents";
  /** The table and condition of the list's rows, over columns `created_at` and `id` (newest first, ties by id). */
  from: SQL;
  where: SQL;
  total: SQL<number>;
}

/** The anchors of one list at one stamp: `rowNumbers[j]` (1-based, ascending) is the row at `positions[j]`. */
export interface AnchorSet {
  stamp: number;
  /** The list's total at this stamp (the stamp changes with every write that could move it). */
  total: number;
  rowNumbers: number[];
  positions: SortPosition[];
}

/**
 * Per isolate: a list's set, or the time its build started. Requests never wait on another request's build (a
 * promise tied to another request's I/O): while one builds, the others walk. A build that never ended or failed
 * is tried again once its mark expires.
 */
type Kept = { set: AnchorSet } | { buildingSinceMs: number };
const BUILD_GIVEN_UP_MS = 10_000;
const anchorCache = new IsolateCache<string, Kept>({
  maxEntries: 64,
  expired: (kept, nowMs) => "buildingSinceMs" in kept && nowMs - kept.buildingSinceMs > BUILD_GIVEN_UP_MS,
});

/** Every kept set forgotten (a test that needs anchors made from the list as it is now). */
export function forgetAnchors(): void {
  anchorCache.clear();
}

function stampOf(list: AnchoredList): SQL<number | null> {
  return sql<number | null>`(select stamp from list_stamps where list = ${list.stamped})`;
}

/**
 * One walk of the list's index: every Nth row's position, with the stamp read in the same transaction. Each anchor
 * is found from the one before by an index range that skips N - 1 entries, so the walk reads each index entry
 * once (a row_number() window over the list read every row about three times, through its temporary table).
 */
async function buildAnchors(ctx: QueryContext, list: AnchoredList): Promise<AnchorSet | undefined> {
  // D1 binds numbers as reals: the cast keeps the spacing a whole number (an OFFSET must be one).
  const spacing = sql`(select cast(max(${ANCHOR_SPACING}, ((${list.total}) + ${MAX_ANCHORS - 1}) / ${MAX_ANCHORS}) as integer))`;
  const nth = sql`order by created_at desc, id desc limit 1 offset ${spacing} - 1`;
  const [stampRows, anchorRows] = await batchRead(ctx, [
    ctx.db.select({ stamp: stampOf(list), total: list.total }).from(sql`(select 1)`),
    ctx.db
      .select({ rn: sql<number>`rn`, createdAt: sql<string>`created_at`, id: sql<string>`id` })
      .from(
        sql`(with recursive anchors(rn, created_at, id) as (
          select ${spacing}, created_at, id from (select created_at, id from ${list.from} where ${list.where} ${nth})
          union all
          select anchors.rn + ${spacing}, next.created_at, next.id from anchors join ${list.from} next on next.id = (
            select id from ${list.from} where ${list.where} and created_at <= anchors.created_at
              and (created_at < anchors.created_at or id < anchors.id) ${nth})
        ) select rn, created_at, id from anchors)`,
      )
      .orderBy(sql`rn`),
  ]);
  const head = (stampRows as { stamp: number | null; total: number }[])[0];
  if (head?.stamp == null) return undefined;
  const rows = anchorRows as { rn: number; createdAt: string; id: string }[];
  return {
    stamp: head.stamp,
    total: Number(head.total),
    rowNumbers: rows.map((r) => r.rn),
    positions: rows.map((r) => ({ createdAt: r.createdAt, id: r.id })),
  };
}

/** The list's anchors at the stamp this isolate last saw, made when it has none (undefined while another builds). */
async function anchorsOf(ctx: QueryContext, list: AnchoredList): Promise<AnchorSet | undefined> {
  const nowMs = Date.now();
  const kept = anchorCache.use(list.key, nowMs);
  if (kept) return "set" in kept ? kept.set : undefined;
  anchorCache.set(list.key, { buildingSinceMs: nowMs }, nowMs);
  const set = await buildAnchors(ctx, list).catch(() => undefined);
  // A build that failed leaves its mark until it expires: meanwhile pages walk instead of failing again.
  if (set) anchorCache.set(list.key, { set });
  return set;
}

/** Forgets a set found stale (unless another request has already put a newer one in its place). */
function forgetStale(list: AnchoredList, set: AnchorSet): void {
  const kept = anchorCache.get(list.key);
  if (kept && "set" in kept && kept.set === set) anchorCache.delete(list.key);
}

/** Where a page that skips `offset` rows starts: after the last anchor at or before it, skipping the rest. */
export function seek(set: AnchorSet, offset: number): { after?: SortPosition; skip: number } {
  let lo = 0;
  let hi = set.rowNumbers.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (set.rowNumbers[mid] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? { skip: offset } : { after: set.positions[lo - 1], skip: offset - set.rowNumbers[lo - 1] };
}

/**
 * One page of an anchored list, in one round trip, or undefined when its anchors cannot be trusted twice in a row
 * (the list keeps changing), are not there, or the page lies past the list's end: the caller then reads the page by
 * walking the list. `rows` reads the page's rows after a sort position, in the list's order.
 */
export async function readAnchoredPage<T>(
  ctx: QueryContext,
  req: PageRequest,
  list: AnchoredList,
  rows: (window: PageWindow, after: SortPosition | undefined) => Loader<T>,
): Promise<Page<T> | undefined> {
  const offset = (req.page - 1) * req.perPage;
  for (let attempt = 0; attempt < 2; attempt++) {
    const set = await anchorsOf(ctx, list);
    if (!set) return undefined;
    // Past the end: the caller's walk reads only the total.
    if (offset >= set.total) return undefined;
    const { after, skip } = seek(set, offset);
    const loader = rows({ offset: skip, limit: req.perPage, reverse: false }, after);
    const [heads, pageRows] = await batchRead(ctx, [ctx.db.select({ stamp: stampOf(list), total: list.total }).from(sql`(select 1)`), loader.query]);
    const head = (heads as { stamp: number | null; total: number }[])[0];
    if (head?.stamp === set.stamp) {
      return { data: loader.map(pageRows), meta: pageMeta(req, Number(head.total)), last: loader.last?.(pageRows) };
    }
    // Made before a write that moved the list: made again from the list as it is now (once).
    forgetStale(list, set);
  }
  return undefined;
}
