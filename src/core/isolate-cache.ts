// What an isolate remembers between requests (edge-cached answers, refused callers, leases, completions, signing
// keys) lives in caches bounded in entries, and optionally in weight (bytes), so a flood of new keys cannot grow
// its memory: once full, expired entries go first, then the least recently set or used. Per isolate: another
// isolate, or this one after eviction, simply does not have the entry, so nothing kept here may be the only copy.

export interface IsolateCacheOptions<V> {
  /** Entries kept at most. */
  maxEntries: number;
  /** Total weight kept at most (with `weigh`), e.g. bytes of bodies. */
  maxWeight?: number;
  weigh?: (value: V) => number;
  /** An entry that no longer matters at `nowMs`: never returned, dropped first when room is needed. */
  expired?: (value: V, nowMs: number) => boolean;
}

export class IsolateCache<K, V> {
  /** The map's order is the age order: set (and a `use`) re-inserts an entry last. */
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(private readonly options: IsolateCacheOptions<V>) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry, unless it has expired at `nowMs` (then it is dropped). Does not change its age. */
  get(key: K, nowMs?: number): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined || nowMs === undefined || !this.options.expired?.(value, nowMs)) return value;
    this.delete(key);
    return undefined;
  }

  /** `get`, and the entry becomes the newest (least recently used go first). */
  use(key: K, nowMs?: number): V | undefined {
    const value = this.get(key, nowMs);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Every entry dropped. */
  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined && !this.entries.has(key)) return;
    this.entries.delete(key);
    this.weight -= this.weighOf(value as V);
  }

  /**
   * Sets `key` as the newest entry. With `nowMs`, entries expired then are dropped first when room is needed; then
   * the oldest go. A value heavier than the whole cache is not kept.
   */
  set(key: K, value: V, nowMs?: number): void {
    this.delete(key);
    const weight = this.weighOf(value);
    const maxWeight = this.options.maxWeight ?? Infinity;
    if (weight > maxWeight) return;
    const full = () => this.entries.size >= this.options.maxEntries || this.weight + weight > maxWeight;
    if (full() && nowMs !== undefined && this.options.expired) {
      for (const [k, v] of this.entries) if (this.options.expired(v, nowMs)) this.delete(k);
    }
    while (full() && this.entries.size > 0) this.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
    this.weight += weight;
  }

  private weighOf(value: V): number {
    return this.options.weigh?.(value) ?? 0;
  }
}
