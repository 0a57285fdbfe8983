// The text shards: D1 databases that hold page text and its full-text index (shard-schema.ts),
// named by the TEXT_SHARDS var, e.g. "TEXT_0 TEXT_1 TEXT_2:full". Each name is a D1 binding of wrangler.toml;
// ":full" keeps a shard searchable and writable for the documents it holds but gives it no new ones.
//
// Placement: a hash of the document id over the open shards, chosen when its text is first stored and recorded
// on the document (documents.text_shard): no size lookup or shared counter on the write path, every writer (a
// retried message, the importer) picks the same shard, and the shards fill at one pace (docs/capacity.md).
// Adding a shard: a D1 binding in wrangler.toml, its name in TEXT_SHARDS, its migrations applied. No data moves.

export interface TextShard {
  /** The binding name: what documents.text_shard records. */
  name: string;
  db: D1Database;
  /** Takes new documents. */
  open: boolean;
}

export class TextShardConfigError extends Error {}

interface ShardName {
  name: string;
  open: boolean;
}

/** Parses TEXT_SHARDS: names separated by spaces or commas, each optionally followed by ":full". */
export function parseTextShards(value: string | undefined): ShardName[] {
  const names = (value ?? "").split(/[\s,]+/).filter(Boolean);
  const seen = new Set<string>();
  return names.map((entry) => {
    const [name, flag] = entry.split(":");
    if (!/^[A-Z][A-Z0-9_]*$/.test(name) || (flag !== undefined && flag !== "full"))
      throw new TextShardConfigError(`TEXT_SHARDS: "${entry}" is not BINDING or BINDING:full`);
    if (seen.has(name)) throw new TextShardConfigError(`TEXT_SHARDS names ${name} twice`);
    seen.add(name);
    return { name, open: flag === undefined };
  });
}

const parsedFor = new WeakMap<object, { value: string | undefined; shards: TextShard[] }>();

/** The configured shards with their bindings; refuses a name without a D1 binding, or no open shard. */
export function textShards(env: object & { TEXT_SHARDS?: string }): TextShard[] {
  const known = parsedFor.get(env);
  if (known && known.value === env.TEXT_SHARDS) return known.shards;
  const shards = parseTextShards(env.TEXT_SHARDS).map(({ name, open }) => {
    const db = (env as Record<string, unknown>)[name] as D1Database | undefined;
    if (!db || typeof db.prepare !== "function")
      throw new TextShardConfigError(`TEXT_SHARDS names ${name}, which is not a D1 binding of this Worker`);
    return { name, db, open };
  });
  if (!shards.length) throw new TextShardConfigError("TEXT_SHARDS names no text database");
  if (!shards.some((s) => s.open)) throw new TextShardConfigError("every text database in TEXT_SHARDS is :full; add one");
  parsedFor.set(env, { value: env.TEXT_SHARDS, shards });
  return shards;
}

/** FNV-1a, 32 bits: stable across runtimes and releases (placement must never change for a given input). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The shard a document's text goes to when it has none yet: a hash of its id over the open shards. */
export function placeDocument<S extends ShardName>(shards: readonly S[], documentId: string): S {
  const open = shards.filter((s) => s.open);
  if (!open.length) throw new TextShardConfigError("no text database takes new documents");
  return open[fnv1a(documentId.toUpperCase()) % open.length];
}

/** The shard a document's text lives on: the recorded one, or where it would be placed. */
export function shardOf<S extends ShardName>(shards: readonly S[], documentId: string, recorded: string | null | undefined): S {
  if (!recorded) return placeDocument(shards, documentId);
  const shard = shards.find((s) => s.name === recorded);
  if (!shard) throw new TextShardConfigError(`document ${documentId} has its text on ${recorded}, which TEXT_SHARDS does not name`);
  return shard;
}
