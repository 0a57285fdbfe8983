// Expected log lines out of the test output: a test that provokes an error the Worker logs (a 500, a failed queue
// delivery) captures those lines and asserts them, so a green run prints only its per-file lines. The Worker runs
// in the tests' isolate, so its console is this one; lines that do not match print as usual.
import { afterAll, beforeAll, expect, vi } from "vitest";

type Method = "error" | "warn" | "log";

/** Runs `fn` with the console lines whose first argument matches `expected` kept back; returns them. */
export async function captureConsole<T>(expected: RegExp, fn: () => Promise<T>): Promise<{ value: T; lines: string[] }> {
  const lines: string[] = [];
  const spies = (["error", "warn", "log"] as Method[]).map((method) => {
    const original = console[method].bind(console);
    return vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      const first = args[0] instanceof Error ? args[0].message : String(args[0]);
      if (expected.test(first)) lines.push(first);
      else original(...args);
    });
  });
  try {
    return { value: await fn(), lines };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/**
 * For a whole file whose tests provoke logged failures (a bad queue message, a missing binding): lines matching
 * one of `expected` are kept back from the output while the file runs, and each pattern must have been logged.
 */
export function keepBackLogs(expected: RegExp[]): void {
  const seen = new Set<RegExp>();
  let spies: { mockRestore(): void }[] = [];
  beforeAll(() => {
    spies = (["error", "warn", "log"] as Method[]).map((method) => {
      const original = console[method].bind(console);
      return vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        // The first argument, or the text arguments together ("mcp", error.message).
        const text = (a: unknown) => (a instanceof Error ? a.message : typeof a === "string" ? a : "");
        const first = text(args[0]);
        const joined = args.map(text).filter(Boolean).join(" ");
        const match = expected.find((pattern) => pattern.test(first) || pattern.test(joined));
        if (match) seen.add(match);
        else original(...args);
      });
    });
  });
  afterAll(() => {
    for (const spy of spies) spy.mockRestore();
    expect(expected.filter((pattern) => !seen.has(pattern)).map(String), "expected log lines not logged").toEqual([]);
  });
}
