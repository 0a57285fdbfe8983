// What an isolate remembers per counter (refusals, leases, demand) lives in maps bounded in entries, so a flood of
// new addresses cannot grow its memory: once full, entries that no longer matter go first, then the oldest.

/** Entries one such map keeps at most. */
const MAX_ENTRIES = 10_000;

/** Sets `key` (as the newest entry) in a map of at most MAX_ENTRIES; `stale` names entries to drop first. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, stale: (value: V) => boolean = () => false): void {
  if (map.size >= MAX_ENTRIES && !map.has(key)) {
    for (const [k, v] of map) if (stale(v)) map.delete(k);
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as K);
  }
  map.delete(key); // re-inserted last: the map's order is the age order
  map.set(key, value);
}
