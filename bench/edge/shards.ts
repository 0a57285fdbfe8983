// The text-shard sweep of `npm run bench:edge`: search with 1, 2, 4 and 8 text databases, each a
// D1 binding behind the same latency model (a read in a session: one replica round trip). For each count, a
// wrangler config of its own (wrangler.toml with TEXT_0..TEXT_{n-1}), a fresh state seeded through the
// importer (the text spread over the shards by the placement rule), then search requests: the round trips on
// the critical path (`depth`: the shards are asked at once, so 8 shards cost one round trip as 1 does) and p50/p95.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, ROOT, seedState, startWorker, stopWorker } from "../lib/dev-worker";

export const SHARD_COUNTS = [1, 2, 4, 8];
/** Page text only (no title carries these), a title-and-page word, a word common on pages. */
export const SHARD_QUERIES = ["power", "buck converter", "PP3V42"];

/** wrangler.toml with `count` text databases and absolute paths (the file lives in bench/out/). */
function configWith(count: number): string {
  let toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  // Drop the text databases of wrangler.toml; add `count` of them.
  toml = toml
    .replace(/\n# Text databases[^\n]*\n/, "\n")
    .replace(/\[\[d1_databases\]\]\nbinding = "TEXT_\d+"[\s\S]*?migrations_dir = "migrations-text"\n\n?/g, "");
  toml = toml.replace(/^TEXT_SHARDS = .*$/m, `TEXT_SHARDS = "${Array.from({ length: count }, (_, i) => `TEXT_${i}`).join(" ")}"`);
  toml = toml
    .replace(/^main = "([^"]+)"/m, (_, p) => `main = "${join(ROOT, p)}"`)
    .replace(/^directory = "([^"]+)"/m, (_, p) => `directory = "${join(ROOT, p)}"`);
  toml = toml.replace(/migrations_dir = "migrations"/, `migrations_dir = "${join(ROOT, "migrations")}"`);
  const blocks = Array.from({ length: count }, (_, i) =>
    [
      `[[d1_databases]]`,
      `binding = "TEXT_${i}"`,
      `database_name = "board-docs-text-${i}"`,
      `database_id = "00000000-0000-0000-0000-0000000001${String(i).padStart(2, "0")}"`,
      `migrations_dir = "${join(ROOT, "migrations-text")}"`,
      "",
    ].join("\n"),
  );
  toml = toml.replace(/(\[\[r2_buckets\]\])/, `${blocks.join("\n")}\n$1`);
  const dir = join(ROOT, "bench/out");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `wrangler-text-${count}.toml`);
  writeFileSync(path, toml);
  return path;
}

export interface ShardRow {
  shards: number;
  query: string;
  trips: string;
  p50: number;
  p95: number;
}

/**
 * Every count of shards at once: its own state and Worker each, all started before the first request, then
 * the requests interleaved (sample i of every count and query before sample i + 1), so the machine's other
 * work weighs on every count alike (the benchmark host is shared; absolute figures vary, ratios hold).
 */
export async function shardSweep(
  vars: Record<string, string>,
  samples: number,
  send: (base: string, path: string) => Promise<{ ms: number; status: number; trips: string }>,
): Promise<{ rows: ShardRow[]; dataset: string }> {
  let dataset = "";
  const running: { count: number; base: string; worker: Awaited<ReturnType<typeof startWorker>> }[] = [];
  try {
    for (const count of SHARD_COUNTS) {
      const config = configWith(count);
      const state = join(ROOT, `bench/out/edge-shards-${count}`);
      dataset = await seedState(state, config);
      const port = await freePort();
      const worker = await startWorker({
        port,
        state,
        config,
        vars: { ...vars, EDGE_CACHE_TTL_SECONDS: "0" },
        entry: join(ROOT, "bench/edge/worker.ts"),
      });
      running.push({ count, base: `http://127.0.0.1:${port}`, worker });
    }
    const times = new Map<string, number[]>();
    const trips = new Map<string, Map<string, number>>();
    const key = (count: number, q: string) => `${count}\u0000${q}`;
    const path = (q: string) => `/api/v1/search?q=${encodeURIComponent(q)}`;
    for (const r of running) for (const q of SHARD_QUERIES) await send(r.base, path(q)); // warm-up: caches of word probes
    for (let i = 0; i < samples; i++) {
      for (const r of running) {
        for (const q of SHARD_QUERIES) {
          const answer = await send(r.base, path(q));
          if (answer.status !== 200) throw new Error(`${r.count} shards, ${q}: ${answer.status}`);
          const k = key(r.count, q);
          times.set(k, [...(times.get(k) ?? []), answer.ms]);
          const t = trips.get(k) ?? new Map<string, number>();
          t.set(answer.trips, (t.get(answer.trips) ?? 0) + 1);
          trips.set(k, t);
        }
      }
    }
    const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
    const rows = SHARD_COUNTS.flatMap((count) =>
      SHARD_QUERIES.map((q) => {
        const sorted = [...times.get(key(count, q))!].sort((a, b) => a - b);
        const trace = [...trips.get(key(count, q))!].sort((a, b) => b[1] - a[1])[0][0];
        return { shards: count, query: q, trips: trace, p50: pct(sorted, 50), p95: pct(sorted, 95) };
      }),
    );
    return { rows, dataset };
  } finally {
    for (const r of running) stopWorker(r.worker);
  }
}
