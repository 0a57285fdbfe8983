// The change feed (GET /changes, MCP list_recent with since; docs/lists-and-changes.md). The log
// (migrations/0011_changes.sql) holds facts written by triggers: "this item changed", in commit order
// (seq). What a caller is told is computed when it reads, against what it can see now, through the one
// visibility rule (src/db/visibility.ts):
//   - upsert, when the caller can see the item now (with its current address);
//   - delete, when it cannot, but the feed once told this caller (or every caller) about it as an upsert
//     (change_readers): only then can a mirror built from the feed hold it, and only then is its id no secret;
//   - nothing otherwise (an item the caller could never see is never named, as an upsert or a delete).
// Applying the feed from the start to an empty mirror therefore gives exactly what the caller can see now.
import { lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { blogPostVisible, caseVisible, documentVisible, threadVisible } from "../db/visibility";
import type { Db } from "../db/client";
import { batchRead, type QueryContext } from "../db/queries/runtime";
import { changeReaders, changes, changesDue } from "../db/schema";
import { boardUrl, pageUrl } from "../core/urls";
import type { ChangeKind } from "../schemas/changes";
import { msg } from "../core/messages/errors";

export type { ChangeKind } from "../schemas/changes";

export interface Change {
  kind: ChangeKind;
  id: string;
  change: "upsert" | "delete";
  at: string;
  url: string | null;
}

/** How long the feed keeps every change: a `since` older than this must start over (the log may be compacted). */
export const RETENTION_DAYS = 90;
/** Log rows one read looks at, at most: a caller who may see few of them gets a short page that goes on. */
export const SCAN_ROWS = 200;
/**
 * Log rows one read of a single kind looks at, at most (MCP list_recent with since): changes of one kind can be
 * rare (a blog post among thousands of forum changes), so the read goes further, over the log's primary key,
 * and only rows of the kind are checked for visibility.
 */
export const KIND_SCAN_ROWS = 5000;

// ---- the position: `since` in, `meta.next` out ----
// base64url JSON [version, seq, readAtMs]: the last log row a reader was given (seq) and when it read
// (readAtMs). An idle feed keeps answering a fresh time, so a position only expires when its reader
// stopped reading for RETENTION_DAYS. Not signed: a forged position only skips or repeats changes.

export interface FeedPosition {
  seq: number;
  readAtMs: number;
}

const POSITION_VERSION = 1;
const Position = z.tuple([z.literal(POSITION_VERSION), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.number().int().min(0).max(8.64e15)]);

export function encodePosition(p: FeedPosition): string {
  return btoa(JSON.stringify([POSITION_VERSION, p.seq, p.readAtMs]))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function decodePosition(text: string): FeedPosition | undefined {
  if (text.length > 100 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const parsed = Position.safeParse(JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/"))));
    return parsed.success ? { seq: parsed.data[1], readAtMs: parsed.data[2] } : undefined;
  } catch {
    return undefined;
  }
}

/** True when a position is older than the retention: its reader must start over (read without since). */
export function positionExpired(p: FeedPosition, nowMs: number): boolean {
  return p.readAtMs < nowMs - RETENTION_DAYS * 86_400_000;
}

/** What a reader of an expired position must do, in both languages (the API problem and the MCP tool say it). */
export const START_OVER = msg.startOver({ days: RETENTION_DAYS });

// ---- reading ----

/** The current title of an item if the viewer may see it now (one rule per kind), else null. */
function titleIfVisible(ctx: QueryContext): SQL {
  return sql`case c.kind
    when 'document' then (select title from documents where documents.id = c.item_id and (${documentVisible(ctx.viewer)}) = 1)
    when 'thread' then (select title from threads where threads.id = c.item_id and (${threadVisible}) = 1)
    when 'post' then (select title from blog_posts where blog_posts.id = c.item_id and (${blogPostVisible(ctx.now)}) = 1)
    when 'case' then (select title from repair_cases where repair_cases.id = c.item_id and (${caseVisible(ctx.now)}) = 1)
    when 'board' then (select norm from boards where boards.number = c.item_id)
  end`;
}

/** Who the caller is to change_readers: 0 for an anonymous read (every caller), else the key's user. */
function readerOf(ctx: QueryContext): number {
  return ctx.viewer?.userId ?? 0;
}

/** Publications that were set for later and whose time has come join the log (one statement each, in the read's batch). */
function moveDue(db: Db, now: string) {
  return [
    db.insert(changes).select(sql`select null, kind, item_id, due_at from changes_due where due_at <= ${now} order by due_at, kind, item_id`),
    db.delete(changesDue).where(lte(changesDue.dueAt, now)),
  ] as const;
}

interface Row {
  seq: number;
  kind: ChangeKind;
  item_id: string;
  at: string;
  title: string | null;
  seen: number;
}

/**
 * One page of the feed for the caller: up to `perPage` changes after `since` (absent: the beginning), in
 * the order they were made (`only`: of that kind only, looking further), and the position to continue from. One round trip to read (which also moves
 * due publications into the log), one more to note which items this caller was told about.
 */
export async function readChanges(
  ctx: QueryContext,
  since: FeedPosition | undefined,
  perPage: number,
  nowMs: number,
  only?: ChangeKind,
): Promise<{ data: Change[]; next: FeedPosition; hasMore: boolean }> {
  const after = since?.seq ?? 0;
  const reader = readerOf(ctx);
  const scanRows = only ? KIND_SCAN_ROWS : SCAN_ROWS;
  const ofKind = only ? sql`kind = ${only}` : sql`1`;
  const window = sql`(select seq, kind, item_id, at from changes where seq > ${after} order by seq limit ${scanRows})`;
  const [, , rowsRaw, edgeRaw] = await batchRead(ctx, [
    ...moveDue(ctx.db, ctx.now),
    // Built with select(), not db.all(): drizzle's D1 batch cannot bind the parameters of a raw statement.
    ctx.db
      .select({
        seq: sql<number>`seq`,
        kind: sql<ChangeKind>`kind`,
        item_id: sql<string>`item_id`,
        at: sql<string>`at`,
        title: sql<string | null>`title`,
        seen: sql<number>`seen`,
      })
      .from(
        sql`(select c.seq, c.kind, c.item_id, c.at, ${titleIfVisible(ctx)} as title,
          exists (select 1 from change_readers r where r.kind = c.kind and r.item_id = c.item_id and r.reader in (0, ${reader})) as seen
        from ${window} c where ${ofKind})`,
      )
      .where(sql`title is not null or seen = 1`)
      .orderBy(sql`seq`)
      .limit(perPage + 1),
    // The window's last row when it is full (else null), and the log's last row: one walk of the window.
    ctx.db
      .select({
        windowEnd: sql<number | null>`(select seq from changes where seq > ${after} order by seq limit 1 offset ${scanRows - 1})`,
        logEnd: sql<number | null>`(select max(seq) from changes)`,
      })
      .from(sql`(select 1)`),
  ]);
  const rows = rowsRaw as Row[];
  const { windowEnd, logEnd } = (edgeRaw as { windowEnd: number | null; logEnd: number | null }[])[0] ?? { windowEnd: null, logEnd: null };
  const page = rows.slice(0, perPage);
  const full = rows.length > perPage;
  // Past a full page the next read starts after its last change; else after every row this read looked at.
  const scannedTo = windowEnd ?? Math.max(after, logEnd ?? 0);
  const lastSeq = full ? page[page.length - 1].seq : scannedTo;
  const hasMore = full || (logEnd ?? 0) > scannedTo;
  // Rows of one item in one page all get the same answer (it is computed now): the item is named once, at its
  // last row's place (an import writes an item, its versions and its links: several rows for one item).
  const lastOf = new Map(page.map((r, i) => [`${r.kind}:${r.item_id}`, i]));
  const data = page
    .filter((r, i) => lastOf.get(`${r.kind}:${r.item_id}`) === i)
    .map((r): Change => {
      const visible = r.title !== null;
      const url = !visible ? null : r.kind === "board" ? boardUrl(ctx.urls, r.title!) : pageUrl(ctx.urls, r.kind, r.item_id, r.title!);
      return { kind: r.kind, id: r.item_id, change: visible ? "upsert" : "delete", at: r.at, url };
    });
  await noteTold(
    ctx,
    page.filter((r) => r.title !== null).map((r) => ({ kind: r.kind, id: r.item_id })),
  );
  return { data, next: { seq: lastSeq, readAtMs: nowMs }, hasMore };
}

/**
 * Notes that these items were given to the caller (every caller, for an anonymous read): from then on a
 * removal of one of them is told to this caller as a delete. The Atom feeds note their entries too.
 */
export async function noteTold(ctx: QueryContext, items: { kind: ChangeKind; id: string }[]): Promise<void> {
  if (items.length) await noteToldQuery(ctx, items);
}

function noteToldQuery(ctx: QueryContext, items: { kind: ChangeKind; id: string }[]) {
  return (
    ctx.db
      .insert(changeReaders)
      // `where true`: SQLite reads `on conflict` after a bare `from json_each(?)` as a join constraint.
      .select(
        sql`select value->>'$[0]', value->>'$[1]', ${readerOf(ctx)} from json_each(${JSON.stringify(items.map((i) => [i.kind, i.id]))}) where true`,
      )
      .onConflictDoNothing()
  );
}

/** Log rows a tombstone list looks at, at most (newest first). */
const TOMBSTONE_SCAN = 200;

/**
 * Items of one kind removed for the caller since a time (RFC 6721 tombstones of the Atom feeds): changed
 * since then, not visible to the caller now, and once given to it (or to everyone); newest removal first.
 * In the same round trip, notes `shown` as given to the caller (see noteTold).
 */
export async function removedSince(
  ctx: QueryContext,
  kind: ChangeKind,
  since: string,
  limit: number,
  shown: { kind: ChangeKind; id: string }[],
): Promise<{ id: string; at: string }[]> {
  const reader = readerOf(ctx);
  const removed = ctx.db
    .select({ id: sql<string>`t.item_id`, at: sql<string>`max(t.at)` })
    // Who was told first (one index probe), the item's visibility only then.
    .from(
      sql`(select c.item_id, c.at from (select kind, item_id, at from changes where kind = ${kind} and at >= ${since} order by at desc limit ${TOMBSTONE_SCAN}) c
        where exists (select 1 from change_readers r where r.kind = c.kind and r.item_id = c.item_id and r.reader in (0, ${reader})) and ${titleIfVisible(ctx)} is null) as t`,
    )
    .groupBy(sql`t.item_id`)
    .orderBy(sql`max(t.at) desc`)
    .limit(limit);
  const [rows] = await batchRead(ctx, [removed, shown.length ? noteToldQuery(ctx, shown) : undefined]);
  return rows as { id: string; at: string }[];
}

/** The scheduled sweep's part: due publications join the log, and changes older than the retention that a later change of the same item supersedes are dropped. */
export async function maintainChanges(db: Db, now: Date): Promise<void> {
  const horizon = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
  await db.batch([
    ...moveDue(db, now.toISOString()),
    db
      .delete(changes)
      .where(
        sql`${changes.at} < ${horizon} and exists (select 1 from changes later where later.kind = changes.kind and later.item_id = changes.item_id and later.seq > changes.seq)`,
      ),
  ]);
}
