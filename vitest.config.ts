import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./test/setup/long-files-first.ts";
import { PREBUNDLED } from "./test/setup/prebundled.ts";

// wrangler, inside the plugin, would print "Using secrets defined in .dev.vars" once per test worker.
process.env.WRANGLER_LOG ??= "error";

const migrations = await readD1Migrations("./migrations");
// The text databases' own migrations (page text and its index), applied to each TEXT_* binding.
const textMigrations = await readD1Migrations("./migrations-text");

/**
 * The Worker of the test run: wrangler.toml's vars with `vars` over them. One setting for every file: a file that
 * needs other limits or the edge cache on gives the Worker its own vars per request (test/helpers/settings.ts),
 * so every vitest worker starts one workerd and keeps it.
 */
function worker(vars: Record<string, string>) {
  return cloudflareTest({
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: {
      bindings: {
        TEST_MIGRATIONS: migrations,
        TEST_TEXT_MIGRATIONS: textMigrations,
        FILES_SIGNING_KEY: "test-signing-key-not-secret-32-characters",
        ...vars,
      },
    },
  });
}

// Packages the Worker and the tests import, bundled once before the run (node_modules/.vite, rebuilt when the
// lockfile or this list changes). Without it every workerd fetched and ran their ~600 files one by one when it
// loaded the Worker (zod, drizzle, the MCP server, pdf.js, the WebAuthn stack): half of what starting one cost.
// The list (test/setup/prebundled.ts) names every entry point imported, checked by test/structure.test.ts.
// `node:` and `cloudflare:` modules are workerd's own, never bundled. `experimental.fsModuleCache` stays off: with a
// bundle per project, a transform cached by one project pointed another's workerd at the first one's copy, two
// hono's met in one Worker, and every HTTPException became a 500.
const prebundled = {
  enabled: true,
  rolldownOptions: { external: [/^node:/, /^cloudflare:/] },
  include: [...PREBUNDLED],
};

const shared = {
  // One workerd per vitest worker, reused by the files it runs one after another (not one per file: starting
  // workerd and loading the Worker cost seconds per file). Each file seeds what it reads (a reset import) and
  // names its own counters, so what an earlier file left behind does not change its answers.
  isolate: false,
  deps: { optimizer: { ssr: prebundled } },
  setupFiles: [
    "./test/setup/apply-migrations.ts",
    "./test/setup/quiet-log-lines.ts",
    "./test/setup/forget-search-memory.ts",
    "./test/setup/forget-settings.ts",
  ],
  // Per project: inline projects do not inherit these from the root. The first request of a file warms the
  // Worker up (seconds on a busy 2-core machine); vitest's 5 s default failed tests that pass alone. A hang
  // still fails, later.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // As at the root (see there), which inline projects do not inherit (vitest passes each project's own to its
  // workers): a line logged by background work after its file ended failed a green CI run ("Closing rpc while
  // onUserConsoleLog was pending", test/boardview/read.test.ts). The Worker's request and queue lines are then
  // dropped by the setup file (test/setup/quiet-log-lines.ts); warnings and errors still print.
  disableConsoleIntercept: true,
};
// Vite's "Sourcemap for … points to missing source files" about published packages is noise, not a failure.
const logLevel = "error" as const;

export default defineConfig({
  logLevel,
  test: {
    // Quiet output: one line per file, then the failures; the Worker's warnings and errors (expected ones
    // included) print as they happen, its request lines never (test/setup/quiet-log-lines.ts); slow-test lines
    // only past 10 s.
    silent: "passed-only",
    // Not relayed (here for the CLI; the project sets it too, in `shared`): a line logged by background work (a
    // queue message, a limiter alarm) after its file ended could
    // reach vitest while a worker closed, failing a green run ("Closing rpc while onUserConsoleLog was pending",
    // vitest-dev/vitest#11153). Debug one file with --disableConsoleIntercept=false --silent=false.
    disableConsoleIntercept: true,
    reporters: [["default", { summary: false }]],
    slowTestThreshold: 10_000,
    // Files wait on workerd more than they compute: on a 2-core machine the default (cores - 1 = one file at a
    // time) leaves the machine idle; three files at once keeps both cores busy.
    maxWorkers: 3,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        // Every test file, in one kind of workerd. Requests are limited as in production, with limits far above
        // what a test file sends, so no file trips another's counter (all share the "unknown" address); the edge
        // cache is off, as these tests change data and read it back at once. The limit tests (test/limits/,
        // test/tight-limits/), the edge cache's (test/edge/) and the request log's (test/accounts/) set their own values
        // (test/helpers/settings.ts).
        logLevel,
        plugins: [
          worker({
            ANON_RATE_PER_MINUTE: "1000000",
            KEY_RATE_PER_MINUTE: "1000000",
            SITE_RATE_PER_MINUTE: "1000000",
            MCP_RATE_PER_MINUTE: "1000000",
            FORM_RATE_PER_MINUTE: "1000000",
            MEMBER_RATE_PER_MINUTE: "1000000",
            EDGE_CACHE_TTL_SECONDS: "0",
            // Keys made up for the tests (never a vendor's) for the encrypted boardview formats: 44 words for .fz,
            // 8 bytes for XZZ. No .cae key, so an encrypted .cae upload shows the no-key reason (test/boardview/).
            BOARDVIEW_FZ_KEY: Array.from({ length: 44 }, (_, i) => `0x${((Math.imul(i + 1, 2654435761) ^ 0x5bd1e995) >>> 0).toString(16)}`).join(
              ", ",
            ),
            BOARDVIEW_XZZ_KEY: "0x13a4b5c6d7e8f901",
            // No sampled request lines: test/logging.test.ts checks which requests are logged.
            LOG_SAMPLE_RATE: "0",
          }),
        ],
        test: {
          ...shared,
          name: "api",
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**", "test/viewer/**"],
        },
      },
      {
        // The browser viewer's own code (viewer/*.ts): pure modules (layout decoding, placing the sides, hit testing,
        // find), run in Node without a DOM: nothing of the Worker, so no workerd.
        logLevel,
        test: {
          name: "viewer",
          include: ["test/viewer/**/*.test.ts"],
          environment: "node",
          disableConsoleIntercept: true,
        },
      },
    ],
  },
});
