import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations("./migrations");

/** One workerd per project; each project's vars override wrangler.toml's. */
function worker(vars: Record<string, string>) {
  return cloudflareTest({
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: { bindings: { TEST_MIGRATIONS: migrations, FILES_SIGNING_KEY: "test-signing-key-not-secret-32-characters", ...vars } },
  });
}

const shared = { setupFiles: ["./test/setup/apply-migrations.ts"] };

export default defineConfig({
  test: {
    projects: [
      {
        // Everything but the limit tests: requests are limited as in production, with limits far above
        // what a test file sends, so no file trips another's counter (all share the "unknown" address).
        plugins: [worker({ ANON_RATE_PER_MINUTE: "1000000", KEY_RATE_PER_MINUTE: "1000000" })],
        test: { ...shared, name: "api", include: ["test/**/*.test.ts"], exclude: ["test/e2e/**", "test/limits/**"] },
      },
      {
        // The limit tests: the spec's anonymous rate and small keyed, cap and link values, so a few calls reach them.
        plugins: [worker({ ANON_RATE_PER_MINUTE: "60", KEY_RATE_PER_MINUTE: "10", DOWNLOAD_CAP_PER_DAY: "3", FILE_LINK_TTL_SECONDS: "300" })],
        test: { ...shared, name: "limits", include: ["test/limits/**/*.test.ts"] },
      },
    ],
  },
});
