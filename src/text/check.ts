// What the text databases hold beside the primary: orphaned text (pages no document on the primary points
// at) and each database's size against D1's 10 GB. Read-only; used by the admin commands text:check and
// text:sizes (cli/admin/text.ts).
import { KEYLESS_PAGES_SQL, TEXT_DOCUMENTS_SQL } from "./page-rows";
import { recordedShards } from "./store";
import type { TextShard } from "./shards";

/** D1's maximum database size (Workers Paid), which no request can raise. */
export const D1_MAX_BYTES = 10 * 1000 ** 3;
const IDS_PER_PAGE = 500;

export interface OrphanReport {
  shard: string;
  /** Documents this shard holds text for that the primary does not place here (deleted, or recorded elsewhere). */
  documents: string[];
  /** Page rows without a key on the shard. */
  keylessPages: number;
}

/** Every shard's text whose document is gone from the primary or recorded on another shard. */
export async function findOrphanedText(primary: D1Database, shards: readonly TextShard[]): Promise<OrphanReport[]> {
  const reports: OrphanReport[] = [];
  for (const shard of shards) {
    const report: OrphanReport = { shard: shard.name, documents: [], keylessPages: 0 };
    let after = "";
    for (;;) {
      const ids = (await shard.db.prepare(TEXT_DOCUMENTS_SQL).bind(after, IDS_PER_PAGE).all<{ id: string }>()).results.map((r) => r.id);
      if (!ids.length) break;
      const recorded = await recordedShards(primary, ids);
      for (const id of ids) if (recorded.get(id) !== shard.name) report.documents.push(id);
      after = ids[ids.length - 1];
    }
    report.keylessPages = Number((await shard.db.prepare(KEYLESS_PAGES_SQL).first<{ n: number }>())?.n ?? 0);
    reports.push(report);
  }
  return reports;
}

export interface DatabaseSize {
  name: string;
  bytes: number;
  /** Share of D1_MAX_BYTES, 0..1. */
  share: number;
  pages?: number;
}

/** A database's size in bytes, as D1 reports it after any statement (meta.size_after). */
async function sizeOf(db: D1Database): Promise<number> {
  const result = await db.prepare("select 1").all();
  return Number((result.meta as { size_after?: number }).size_after ?? 0);
}

/** The primary's and every text database's size and share of 10 GB, with each shard's page count. */
export async function databaseSizes(primary: D1Database, shards: readonly TextShard[]): Promise<DatabaseSize[]> {
  const out: DatabaseSize[] = [];
  const bytes = await sizeOf(primary);
  out.push({ name: "DB", bytes, share: bytes / D1_MAX_BYTES });
  for (const shard of shards) {
    const size = await sizeOf(shard.db);
    const pages = Number((await shard.db.prepare("select count(*) as n from document_pages").first<{ n: number }>())?.n ?? 0);
    out.push({ name: shard.name, bytes: size, share: size / D1_MAX_BYTES, pages });
  }
  return out;
}
