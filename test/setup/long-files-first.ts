// The order test files start in. vitest runs the files it has no timings for largest first (a fresh clone has
// none), so two small files that wait on purpose (a 20 s processing budget; a generated sweep of every
// operation) started last and set the end of the run. They start first; the rest keep vitest's order.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export const LONG_FILES = ["test/ingest/pdf-budget.test.ts", "test/contract/sweep.test.ts"];

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG_FILES.some((path) => f.moduleId.endsWith(path));
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}
