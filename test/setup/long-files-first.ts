// The order test files start in: the two files that wait on purpose (a generated sweep of every operation; a 20 s
// processing budget) first, then the others in vitest's order (longest or largest first). Vitest runs the files it
// has no timings for largest first, and these two small files, started late, then set the end of the run.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export const LONG_FILES = ["test/contract/sweep.test.ts", "test/ingest/pdf-budget.test.ts"];

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longIndex = (f: TestSpecification) => LONG_FILES.findIndex((path) => f.moduleId.endsWith(path));
    const long = sorted.filter((f) => longIndex(f) >= 0).sort((a, b) => longIndex(a) - longIndex(b));
    return [...long, ...sorted.filter((f) => longIndex(f) < 0)];
  }
}
