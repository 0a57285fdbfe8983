// Which test files start first (test/setup/long-files-first.ts), as data both the sequencer and
// test/structure.test.ts read.

/** The two files that wait on purpose: a generated sweep of every operation, the real 20 s processing budget. */
export const LONG_FILES = ["test/contract/sweep.test.ts", "test/ingest/pdf-budget.test.ts"];

/** The folders of the files that give the Worker their own settings (test/helpers/settings.ts), and no other. */
export const OWN_SETTINGS_FOLDERS = ["test/limits/", "test/tight-limits/", "test/edge/"];
