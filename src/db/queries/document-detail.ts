// Library reads: one document's DocumentDetail (its row, details and versions), through the visibility rule.
import { storedIn } from "../../core/messages/text";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { documentVisible } from "../visibility";
import type { DocumentDetailSchema } from "../../schemas/documents";
import { documents, documentVersions, users } from "../schema";
import { batchRead, type QueryContext } from "./runtime";
import { parseSummary } from "../../boardview/nets";
import { type ListRow, listQuery, toDocument } from "./documents";

export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;

const VIEWERS: Record<string, string> = {
  pdf: "pdf",
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  txt: "text",
  md: "text",
  csv: "text",
  log: "text",
};

/** One round trip: the row (through the visibility rule), its details and its versions, batched. */
export async function getDocument(ctx: QueryContext, id: string): Promise<DocumentDetail | undefined> {
  const [rows, details, versionRows] = await batchRead(ctx, [
    listQuery(ctx).where(and(eq(documents.id, id), documentVisible(ctx.viewer))),
    ctx.db
      .select({
        description: documents.description,
        chipset: documents.chipset,
        boardRevision: documents.boardRevision,
        language: documents.language,
        sourceNote: documents.sourceNote,
        owner: users.username,
        tags: documents.tags,
        executable: documents.executable,
        hasText: documents.hasText,
        boardview: documents.boardview,
        statusReason: documents.statusReason,
      })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.ownerId))
      .where(and(eq(documents.id, id), documentVisible(ctx.viewer))),
    ctx.db
      .select()
      .from(documentVersions)
      .where(
        and(
          eq(documentVersions.documentId, id),
          sql`exists (select 1 from ${documents} where ${documents.id} = ${id} and ${documentVisible(ctx.viewer)})`,
        ),
      )
      .orderBy(desc(documentVersions.version)),
  ]);
  const [row] = rows as ListRow[];
  const [detail] = details as {
    description: string | null;
    chipset: string | null;
    boardRevision: string | null;
    language: string | null;
    sourceNote: string | null;
    owner: string | null;
    tags: string[];
    executable: boolean;
    hasText: boolean;
    boardview: string | null;
    statusReason: string | null;
  }[];
  if (!row || !detail) return undefined;
  const versions = versionRows as (typeof documentVersions.$inferSelect)[];
  const current = versions[0];
  return {
    ...toDocument(row, ctx),
    description: detail.description,
    chipset: detail.chipset,
    board_revision: detail.boardRevision,
    language: detail.language,
    source_note: detail.sourceNote,
    owner: detail.owner,
    tags: detail.tags,
    has_text: Boolean(detail.hasText),
    viewer: (row.extension && VIEWERS[row.extension]) || null,
    executable: detail.executable,
    sha256: current?.sha256 ?? null,
    versions: versions.map((v) => ({
      version: v.version,
      filename: v.filename,
      size_bytes: v.sizeBytes,
      changelog: v.changelog,
      created_at: v.createdAt,
      is_current: v === current,
    })),
    boardview: parseSummary(detail.boardview),
    status_reason: storedIn(detail.statusReason, ctx.urls.lang),
  };
}
