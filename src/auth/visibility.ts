// The visibility rule (DESIGN.md §3), once. Every query of every surface (API, search, MCP, pages,
// feeds) filters through these conditions; a key never sees more than its owner as an ordinary member.
import { and, eq, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { qualified } from "../db/qualified";
import { blogPosts, documents, repairCases, threadReplies, threads } from "../db/schema";

/** The part of a Viewer the rule needs; null means anonymous. */
export type VisibilityViewer = { userId: number } | null;

export function documentVisible(viewer: VisibilityViewer): SQL {
  const publicAvailable = and(eq(documents.visibility, "public"), eq(documents.status, "available"))!;
  if (!viewer) return publicAvailable;
  return or(
    publicAvailable,
    eq(documents.ownerId, viewer.userId),
    and(
      eq(documents.visibility, "shared"),
      eq(documents.status, "available"),
      sql`exists (select 1 from document_shares s where s.document_id = ${qualified(documents.id)} and s.user_id = ${viewer.userId})`,
    ),
  )!;
}

export const threadVisible: SQL = eq(threads.published, true);
export const replyVisible: SQL = eq(threadReplies.hidden, false);

export function blogPostVisible(now: string): SQL {
  return and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now))!;
}

export function caseVisible(now: string): SQL {
  return and(eq(repairCases.published, true), or(sql`${repairCases.publishedAt} is null`, lte(repairCases.publishedAt, now)))!;
}
