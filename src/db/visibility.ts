// The visibility rule (docs/design.md §3), once. Every query of every surface (API, search, MCP, pages,
// feeds) filters through these conditions; a key never sees more than its owner as an ordinary member.
// The document rule is built from three named parts, disjoint for a given user: what everyone sees, the
// user's own documents everyone else does not see, and the documents shared with the user. Totals and the
// index walks of a key's list read the parts one by one; everything else asks documentVisible, their union.
// The counter triggers (migrations/0002_list_counts.sql) count the first part, `forEveryone`.
import { and, eq, isNotNull, isNull, lte, ne, not, or, sql, type SQL } from "drizzle-orm";
import { qualified } from "./qualified";
import { blogPosts, documents, repairCases, threadReplies, threads } from "./schema";

/** The part of a Viewer the rule needs; null means anonymous. */
export type VisibilityViewer = { userId: number } | null;

/** Public and available: what anonymous callers, and so everyone, see. */
function forEveryone(): SQL {
  return and(eq(documents.visibility, "public"), eq(documents.status, "available"))!;
}

/** The user's own documents that everyone else cannot see (any status or visibility but public and available). */
function ownOnly(userId: number): SQL {
  return and(eq(documents.ownerId, userId), not(forEveryone()))!;
}

/**
 * The document's side of "shared with the user": shared, available, not the user's own (those are ownOnly).
 * The share row itself is the other side: `sharedWith` tests it, or a caller walks the user's share rows.
 */
function sharedState(userId: number): SQL {
  return and(eq(documents.visibility, "shared"), eq(documents.status, "available"), or(isNull(documents.ownerId), ne(documents.ownerId, userId)))!;
}

function sharedWith(userId: number): SQL {
  return and(
    sharedState(userId),
    sql`exists (select 1 from document_shares s where s.document_id = ${qualified(documents.id)} and s.user_id = ${userId})`,
  )!;
}

/** The named parts of the document rule. */
export const documentRule = { forEveryone, ownOnly, sharedState, sharedWith } as const;

export function documentVisible(viewer: VisibilityViewer): SQL {
  if (!viewer) return forEveryone();
  return or(forEveryone(), ownOnly(viewer.userId), sharedWith(viewer.userId))!;
}

export const threadVisible: SQL = eq(threads.published, true);
export const replyVisible: SQL = eq(threadReplies.hidden, false);

export function blogPostVisible(now: string): SQL {
  return and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now))!;
}

export function caseVisible(now: string): SQL {
  return and(eq(repairCases.published, true), or(sql`${repairCases.publishedAt} is null`, lte(repairCases.publishedAt, now)))!;
}
