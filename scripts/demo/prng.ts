// A seeded PRNG (mulberry32) and the helpers the demo generator draws everything from, so the same
// seed always writes the same dataset, byte for byte.
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items (fewer when there are not enough). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }

  /** A ULID whose time part is `ms` and whose random part comes from this generator. */
  ulid(ms: number): string {
    let time = "";
    let rest = ms;
    for (let i = 0; i < 10; i++) {
      time = CROCKFORD[rest % 32] + time;
      rest = Math.floor(rest / 32);
    }
    let random = "";
    for (let i = 0; i < 16; i++) random += CROCKFORD[this.int(0, 31)];
    return time + random;
  }

  /** An instant between `from` and `to` (ms), whole seconds. */
  between(from: number, to: number): number {
    return Math.floor((from + this.next() * (to - from)) / 1000) * 1000;
  }
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
