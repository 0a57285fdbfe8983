// What a text database answered for a ranking statement, kept per isolate with the text generation the search knew
// when it asked (src/text/generation.ts): every writer of page text, adding, replacing or removing it, raises the
// generation after its text is on (or off) its database, so under an unchanged generation the database gives the
// same answer. A search that takes a kept answer reads the generation in its ranking's own batch and, when it has
// moved, runs again, as after skipping a text database (src/search/rank/rank.ts). A repeated query then costs one
// round trip (the primary's) instead of one more per text database. Bounded in entries, bytes and time.
import { IsolateCache } from "../../core/isolate-cache";

/** A row of a text database's ranking (src/search/rank/page-match.ts). */
export interface KeptRow {
  id: string;
  score: number;
  page: number;
  exact: number;
  text: string | null;
}

interface Kept {
  rows: KeptRow[];
  generation: number;
  until: number;
}

const KEPT_MS = 10 * 60_000;

const newCache = () =>
  new IsolateCache<string, Kept>({
    maxEntries: 1000,
    maxWeight: 4_000_000,
    weigh: (kept) => kept.rows.reduce((n, r) => n + 64 + r.id.length + (r.text?.length ?? 0) * 2, 64),
    expired: (kept, now) => kept.until <= now,
  });

// Per text database binding: an isolate serving another database (tests, a second deployment) never reads another's.
let kept = new WeakMap<object, IsolateCache<string, Kept>>();

/** Forgets every kept answer (with the rest of the search's memory: `forgetSearchMemory`, src/search/index.ts). */
export function forgetKeptRankings(): void {
  kept = new WeakMap();
}

const keyOf = (sql: string, params: readonly unknown[]) => `${sql}\u0000${JSON.stringify(params)}`;

/** The answer kept for this statement under `generation`, if any. */
export function keptRanking(db: object, sql: string, params: readonly unknown[], generation: number): KeptRow[] | undefined {
  const entry = kept.get(db)?.get(keyOf(sql, params), Date.now());
  return entry && entry.generation === generation ? entry.rows : undefined;
}

/** Keeps an answer read when the search knew `generation` (asked after it was read, so never older than it). */
export function keepRanking(db: object, sql: string, params: readonly unknown[], generation: number, rows: KeptRow[]): void {
  let cache = kept.get(db);
  if (!cache) kept.set(db, (cache = newCache()));
  const now = Date.now();
  cache.set(keyOf(sql, params), { rows, generation, until: now + KEPT_MS }, now);
}
