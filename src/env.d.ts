// Bindings and vars of the Worker (wrangler.toml). Vars arrive as strings; src/config.ts types them.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    FILES: R2Bucket;
    LIMITER: DurableObjectNamespace<import("./limits/limiter").Limiter>;
    QUOTA: DurableObjectNamespace<import("./limits/quota").QuotaLedger>;
    UPLOADS_QUEUE: Queue;
    FILES_SIGNING_KEY: string;
    SITE_URL?: string;
    DEFAULT_LANG?: string;
    ANON_RATE_PER_MINUTE?: string;
    KEY_RATE_PER_MINUTE?: string;
    DOWNLOAD_CAP_PER_DAY?: string;
    FILE_LINK_TTL_SECONDS?: string;
    UPLOADS_PER_HOUR?: string;
    QUOTA_BYTES?: string;
    MAX_UPLOAD_BYTES?: string;
    IPV6_PREFIX_BITS?: string;
    SITE_RATE_PER_MINUTE?: string;
    LINK_RATE_PER_MINUTE?: string;
    EDGE_CACHE_TTL_SECONDS?: string;
    /** Only in tests: the migrations read by vitest.config.ts. */
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
  interface GlobalProps {
    mainModule: typeof import("./index");
    durableNamespaces: "Limiter" | "QuotaLedger";
  }
}
interface Env extends Cloudflare.Env {}
