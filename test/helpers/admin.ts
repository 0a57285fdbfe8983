// Operator commands from tests: the command-line path (cli/admin) against the test's own bindings.
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { runAdmin } from "../../cli/admin";
import { textShards } from "../../src/text/shards";

/** The bindings an admin command runs against, as `npm run admin` gives them. */
export function adminContext() {
  return { db: env.DB, files: env.FILES, shards: textShards(env), now: new Date() };
}

/** Runs an admin command, its printed lines silenced, and expects it to succeed. */
export async function adminOk(...argv: string[]): Promise<void> {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    const result = await runAdmin(adminContext(), argv);
    expect(result.code, result.output.join("\n")).toBe(0);
  } finally {
    log.mockRestore();
  }
}
