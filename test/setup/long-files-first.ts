// The order test files start in (each vitest worker runs its files one after another in one workerd):
// - The two small files that take long (a generated sweep of every operation; PDF deflate bombs under budgets)
//   first: vitest runs the files it has no timings for largest first, and these, started late, set the end.
// - Then the files that give the Worker their own limits or edge cache (test/helpers/settings.ts), before any
//   other file in their worker: limit counters outlive a file, and a file whose fake clock runs ahead of theirs
//   would leave counts in their window (a window counts what lies ahead of it too).
// - The others in vitest's order (longest or largest first).
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { LONG_FILES, OWN_SETTINGS_FOLDERS } from "./file-order.ts";

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longIndex = (f: TestSpecification) => LONG_FILES.findIndex((path) => f.moduleId.endsWith(path));
    const ownSettings = (f: TestSpecification) => OWN_SETTINGS_FOLDERS.some((folder) => f.moduleId.includes(`/${folder}`));
    const long = sorted.filter((f) => longIndex(f) >= 0).sort((a, b) => longIndex(a) - longIndex(b));
    const rest = sorted.filter((f) => longIndex(f) < 0);
    return [...long, ...rest.filter(ownSettings), ...rest.filter((f) => !ownSettings(f))];
  }
}
