// Bindings that only the tests have (vitest.config.ts adds them to the Worker under test).
declare namespace Cloudflare {
  interface Env {
    /** The migrations read by vitest.config.ts, applied by test/setup/apply-migrations.ts. */
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** migrations-text/, applied to every TEXT_* database. */
    TEST_TEXT_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
