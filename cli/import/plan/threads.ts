// A thread and its replies, replies first when the thread fits one batch.
// One of the section planners of the importer (../load.ts); record-plan.ts says what a plan holds.
import { sql } from "drizzle-orm";
import * as t from "../../../src/db/schema";
import { renderMarkdown } from "../../../src/content/markdown";
import type { Item, PlanContext, RecordPlanBuilder } from "./record-plan";
import { ATOMIC_RECORD_STATEMENTS, boardIdSql, categoryId, derivedId, ifChanged, iso, userId, withGivenTime } from "./values";

export async function planThread(plan: RecordPlanBuilder, ctx: PlanContext, th: Item<"threads">): Promise<void> {
  const { db, now } = ctx;
  const id = th.id?.toUpperCase() ?? (await derivedId("thread", `${th.author}\n${th.title}`, th.created_at));
  const createdAt = th.created_at ? new Date(th.created_at).toISOString() : now;
  const replies = await Promise.all(
    (th.posts ?? []).map(async (p, i) => ({
      id: p.id?.toUpperCase() ?? (await derivedId("reply", `${id}\n${i}\n${p.author}`, p.created_at ?? th.created_at)),
      threadId: id,
      authorId: userId(p.author)!,
      body: p.body,
      bodyHtml: renderMarkdown(p.body),
      isSolution: p.is_solution,
      score: p.score,
      hidden: p.hidden,
      createdAt: p.created_at ? iso(p.created_at) : now,
      givenCreatedAt: p.created_at,
    })),
  );
  const lastActivityAt = th.last_activity_at
    ? new Date(th.last_activity_at).toISOString()
    : [createdAt, ...replies.filter((r) => !r.hidden).map((r) => r.createdAt)].sort().pop()!;
  const values = {
    categoryId: categoryId(th.category),
    title: th.title,
    status: th.status,
    sticky: th.sticky,
    published: th.published,
    authorId: userId(th.author)!,
    body: th.body,
    bodyHtml: renderMarkdown(th.body),
    boardId: boardIdSql(th.board),
    documentId: th.document?.toUpperCase() ?? null,
    lastActivityAt,
  };
  const threadRow = db
    .insert(t.threads)
    .values({ ...values, id, createdAt })
    .onConflictDoUpdate({
      target: t.threads.id,
      set: withGivenTime(values, "createdAt", th.created_at),
      setWhere: ifChanged(t.threads, withGivenTime(values, "createdAt", th.created_at), th.last_activity_at ? [] : ["lastActivityAt"]),
    });
  // Each reply written while its thread is indexed re-indexes the whole thread (search triggers):
  // written before a new thread, they are indexed once, with it. That needs the thread's
  // statements in one batch (foreign keys are checked at its end, DEFER_FOREIGN_KEYS), so only
  // threads small enough to be one batch go replies-first.
  const repliesFirst = replies.length + 4 <= ATOMIC_RECORD_STATEMENTS;
  if (!repliesFirst) plan.push(threadRow);
  // Replies are updated in place (keeping their first import time when the file gives none); those gone from the file are removed.
  plan.push(
    db
      .delete(t.threadReplies)
      .where(
        sql`${t.threadReplies.threadId} = ${id} and ${t.threadReplies.id} not in (select value from json_each(${JSON.stringify(replies.map((r) => r.id))}))`,
      ),
  );
  for (const { givenCreatedAt, createdAt: replyCreatedAt, ...r } of replies) {
    plan.push(
      db
        .insert(t.threadReplies)
        .values({ ...r, createdAt: replyCreatedAt })
        .onConflictDoUpdate({
          target: t.threadReplies.id,
          set: withGivenTime(r, "createdAt", givenCreatedAt),
          setWhere: ifChanged(t.threadReplies, withGivenTime(r, "createdAt", givenCreatedAt)),
        }),
    );
  }
  if (repliesFirst) {
    plan.push(threadRow);
    plan.markAtomic();
  }
  if (!th.last_activity_at) {
    // Derived from the stored times, which may be older than this import's defaults.
    plan.push(
      db
        .update(t.threads)
        .set({
          lastActivityAt: sql`(select max(at) from (select created_at as at from threads where id = ${id} union all select created_at from thread_replies where thread_id = ${id} and hidden = 0))`,
        })
        // Only when it moves: an unchanged thread is not written again.
        .where(
          sql`${t.threads.id} = ${id} and ${t.threads.lastActivityAt} is not (select max(at) from (select created_at as at from threads where id = ${id} union all select created_at from thread_replies where thread_id = ${id} and hidden = 0))`,
        ),
    );
  }
  plan.count("threads");
  plan.count("replies", replies.length);
}
