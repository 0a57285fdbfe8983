/** `X-Bench-Uncached: 1`: bench/edge/worker.ts runs this request with EDGE_CACHE_TTL_SECONDS=0 (no edge cache). */
export const UNCACHED_HEADER = "X-Bench-Uncached";
