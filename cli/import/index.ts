// The importer's entry point for content already in memory (the dev seeder, the tests): the same
// pipeline as the CLI's streamed files (cli/import/run.ts), writing through the Worker's bindings.
import { runImport, type ImportOutcome, type RunOptions } from "./run";
import { objectSource } from "./source";
import { bindingTarget } from "./target";

export type { ImportOutcome };

export function importContent(
  bindings: { DB: D1Database; FILES: R2Bucket; TEXT_SHARDS?: string },
  raw: unknown,
  options: Omit<RunOptions, "checkRecord"> = {},
): Promise<ImportOutcome> {
  return runImport(objectSource(raw), bindingTarget(bindings), options);
}
