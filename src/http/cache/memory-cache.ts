// The isolate's own copy of small edge-cached answers, in front of the Cache API: a reader who asks again, or
// another reader of the same page served by the same isolate, gets the answer without a Cache API round trip.
// Each entry expires when the Cache API copy it mirrors does (stored time + EDGE_CACHE_TTL_SECONDS), so
// staleness stays bounded by the same lifetime. Bounded in bytes; least recently used entries go first
// (core/isolate-cache.ts).
import { IsolateCache } from "../../core/isolate-cache";

/** Answers larger than this are left to the Cache API alone (sitemaps, long pages). */
export const MEMORY_ENTRY_MAX_BYTES = 256 * 1024;
const MEMORY_MAX_BYTES = 8 * 1024 * 1024;

/**
 * A kept answer, ready to send: its bytes, the headers a reader gets (one Headers object, copied by each Response
 * made from it, so never changed after it is kept), its ETag and the language it is written in.
 */
export interface KeptAnswer {
  body: Uint8Array;
  headers: Headers;
  etag: string | null;
  lang: string | null;
  expiresAt: number;
}

const entries = new IsolateCache<string, KeptAnswer>({
  maxEntries: 10_000,
  maxWeight: MEMORY_MAX_BYTES,
  weigh: (entry) => entry.body.byteLength,
  expired: (entry, nowMs) => entry.expiresAt <= nowMs,
});

/** The kept answer for `key` while it is fresh, else undefined. Read only: a Response made from it copies it. */
export function memoryLookup(key: string, nowMs: number): KeptAnswer | undefined {
  return entries.use(key, nowMs);
}

/**
 * Keeps a copy until `expiresAt` (epoch ms) when it is small enough; evicts the least recently used to fit.
 * `headers` are kept as given (a copy): what a reader gets; `lang`, the language the answer is written in.
 */
export function memoryPut(key: string, body: Uint8Array, headers: Headers, expiresAt: number, lang: string | null = null): void {
  if (body.byteLength > MEMORY_ENTRY_MAX_BYTES) return;
  const kept = new Headers(headers);
  entries.set(key, { body, headers: kept, etag: kept.get("ETag"), lang, expiresAt });
}

/**
 * Reads a body up to `max` bytes. Whole: its bytes. Longer: a stream that replays what was read, then the
 * rest, so the caller can still store the full answer elsewhere.
 */
export async function readUpTo(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<{ bytes: Uint8Array } | { stream: ReadableStream<Uint8Array> }> {
  if (body === null) return { bytes: new Uint8Array() };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
    if (length > max) {
      const rest = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel(reason) {
          return reader.cancel(reason);
        },
      });
      return { stream: rest };
    }
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes };
}
