// Reading page text where it lives: on the document's text shard (documents.text_shard), and anywhere else
// it should not be (the primary, the other shards).
import { env } from "cloudflare:workers";
import { textShards } from "../../src/text/shards";

export const shards = () => textShards(env);

/** The shard recorded on the document (null: none yet, or no such document). */
export async function recordedShard(documentId: string): Promise<string | null> {
  return (
    (await env.DB.prepare("select text_shard as shard from documents where id = ?").bind(documentId).first<{ shard: string | null }>())?.shard ?? null
  );
}

/** The document's pages on its recorded shard, in order. */
export async function shardPages(documentId: string): Promise<{ page: number; text: string }[]> {
  const name = await recordedShard(documentId);
  const shard = shards().find((s) => s.name === name);
  if (!shard) return [];
  return (
    await shard.db
      .prepare("select page, text from document_pages where document_id = ? order by page")
      .bind(documentId)
      .all<{ page: number; text: string }>()
  ).results;
}

/** Page rows of a document in every database: the primary and each shard, by name. */
export async function pageRowsEverywhere(documentId: string): Promise<Record<string, number>> {
  const count = async (db: D1Database) =>
    Number((await db.prepare("select count(*) as n from document_pages where document_id = ?").bind(documentId).first<{ n: number }>())?.n ?? 0);
  const out: Record<string, number> = { DB: await count(env.DB) };
  for (const s of shards()) out[s.name] = await count(s.db);
  return out;
}

/** Page rows of a document summed over every database. */
export async function pageRows(documentId: string): Promise<number> {
  return Object.values(await pageRowsEverywhere(documentId)).reduce((a, b) => a + b, 0);
}
