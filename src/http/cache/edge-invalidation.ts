// How the edge cache forgets at once: every edge cache key carries the generation in `edge_generation`
// (migrations/0018), which the operator commands that hide or show a document again raise (documents:takedown,
// documents:restore, documents:delete; cli/admin/documents.ts). After a raise no location, no isolate's memory
// copy and no Cache API entry made before it is reachable: lists, searches and the item itself are read afresh.
// Each isolate reads the generation at most once a second (one indexed row, while the request waits), so a
// takedown leaves every cache within about a second, with no purge call to any location.

/** How long an isolate trusts the generation it read. */
export const GENERATION_READ_EVERY_MS = 1000;

interface Known {
  value: number;
  readAtMs: number;
}

let known: Known | undefined;
let reading: Promise<number> | undefined;

async function readGeneration(db: D1Database, nowMs: number): Promise<number> {
  let value = known?.value ?? 0;
  try {
    const row = await db.prepare("select generation from edge_generation where id = 1").first<{ generation: number }>();
    value = row?.generation ?? 0;
  } catch (error) {
    // The database unreachable: the cache keeps its keys (the request's own data work will say what is wrong).
    console.error("edge generation not read", error instanceof Error ? error.message : String(error));
  } finally {
    reading = undefined;
  }
  known = { value, readAtMs: nowMs };
  return value;
}

/** The current generation: the isolate's copy while fresh, else read once for every request waiting on it. */
export function edgeGeneration(db: D1Database, nowMs: number): Promise<number> {
  if (known && nowMs - known.readAtMs < GENERATION_READ_EVERY_MS && nowMs >= known.readAtMs) return Promise.resolve(known.value);
  reading ??= readGeneration(db, nowMs);
  return reading;
}

/** The statement that raises the generation (run by the operator commands, beside their own change). */
export const RAISE_EDGE_GENERATION = "update edge_generation set generation = generation + 1 where id = 1";
