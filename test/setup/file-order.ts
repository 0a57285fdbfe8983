// Which test files start first (test/setup/long-files-first.ts), as data both the sequencer and
// test/structure.test.ts read.

/**
 * Two small files that take long: a generated sweep of every operation, and PDF deflate bombs under their budgets
 * (pdf.js's first start in a workerd included). Started late, as vitest starts small files, they would set the end.
 */
export const LONG_FILES = ["test/contract/sweep.test.ts", "test/ingest/pdf-budget.test.ts"];

/** The folders of the files that give the Worker their own settings (test/helpers/settings.ts), and no other. */
export const OWN_SETTINGS_FOLDERS = ["test/limits/", "test/tight-limits/", "test/edge/", "test/accounts/"];
