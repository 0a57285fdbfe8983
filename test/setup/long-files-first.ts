// The order test files start in. Each project runs in a workerd of its own per vitest worker, started afresh
// whenever a worker moves to another project's file, and starting one (loading the Worker) costs seconds.
// - The two files that wait on purpose (a generated sweep of every operation; a 20 s processing budget) start
//   first: vitest runs the files it has no timings for largest first, and these small files then set the end.
// - The small projects' files (limit and edge-cache settings) run next, beside those two, project after project;
//   run last, as vitest orders projects by name, each cost all three workers a start with little to run after it.
// - The main project's other files follow, in vitest's order (longest or largest first).
import { BaseSequencer, type TestSpecification } from "vitest/node";

export const LONG_FILES = ["test/contract/sweep.test.ts", "test/ingest/pdf-budget.test.ts"];

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longIndex = (f: TestSpecification) => LONG_FILES.findIndex((path) => f.moduleId.endsWith(path));
    const long = sorted.filter((f) => longIndex(f) >= 0).sort((a, b) => longIndex(a) - longIndex(b));
    const filesOf = new Map<string, number>();
    for (const f of sorted) filesOf.set(f.project.name, (filesOf.get(f.project.name) ?? 0) + 1);
    const main = [...filesOf].sort((a, b) => b[1] - a[1])[0]?.[0];
    const rest = sorted.filter((f) => longIndex(f) < 0);
    return [...long, ...rest.filter((f) => f.project.name !== main), ...rest.filter((f) => f.project.name === main)];
  }
}
