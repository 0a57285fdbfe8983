// A fake clock for limit tests: each test runs an hour after the one before, so every counter's window
// (a minute, or a day for download caps at most) starts empty again without waiting.
import { afterEach, beforeEach, vi } from "vitest";

export function hourApartEachTest(startMs: number): { now: () => number } {
  let now = startMs;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    now += 3_600_000;
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());
  return { now: () => now };
}
