// Vars → typed configuration. Every limit comes from a var so tests and operators can change it.
import { LANGUAGES, type Lang } from "./core/language";

/** How many leading bits of an IPv6 address name one subscriber when IPV6_PREFIX_BITS does not say otherwise. */
export const DEFAULT_IPV6_PREFIX_BITS = 56;

/** Wall time for one PDF's text when PDF_TEXT_BUDGET_MS does not say otherwise (src/ingest/pdf/pdf-text.ts). */
export const DEFAULT_PDF_TEXT_BUDGET_MS = 20_000;

export interface AppConfig {
  siteUrl: string | undefined;
  defaultLang: Lang;
  anonRatePerMinute: number;
  keyRatePerMinute: number;
  downloadCapPerDay: number;
  fileLinkTtlSeconds: number;
  uploadsPerHour: number;
  quotaBytes: number;
  maxUploadBytes: number;
  /** Leading bits of an IPv6 address counted as one anonymous caller. */
  ipv6PrefixBits: number;
  sitePerMinute: number;
  /** Requests per signed download link per minute (its byte ranges), instead of the caller's address limit. */
  linkRatePerMinute: number;
  /** MCP tool calls and resource reads per client address per minute, a budget apart from anonRatePerMinute. */
  mcpRatePerMinute: number;
  /** Lifetime of anonymous answers in the edge cache (src/http/cache/edge-cache.ts); 0 turns it off. */
  edgeCacheTtlSeconds: number;
  /** Sign-in and account form posts per client address per minute. */
  formRatePerMinute: number;
  /** A signed-in member's account form posts per minute. */
  memberRatePerMinute: number;
  /** Share of ordinary requests the service logs itself (errors, refusals and slow requests always). */
  logSampleRate: number;
  /** A request at least this slow is logged. */
  slowRequestMs: number;
  /** Wall time the upload consumer spends reading one PDF's text (src/ingest/pdf/pdf-text.ts). */
  pdfTextBudgetMs: number;
}

function rateVar(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n >= 0 && n <= 1 ? n : fallback;
}

function intVar(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isSafeInteger(n) && n >= 0 ? n : fallback;
}

export function readConfig(env: Env): AppConfig {
  const lang = env.DEFAULT_LANG as Lang;
  return {
    siteUrl: env.SITE_URL ? env.SITE_URL.replace(/\/+$/, "") : undefined,
    defaultLang: LANGUAGES.includes(lang) ? lang : "es",
    anonRatePerMinute: intVar(env.ANON_RATE_PER_MINUTE, 60),
    keyRatePerMinute: intVar(env.KEY_RATE_PER_MINUTE, 120),
    downloadCapPerDay: intVar(env.DOWNLOAD_CAP_PER_DAY, 100),
    fileLinkTtlSeconds: intVar(env.FILE_LINK_TTL_SECONDS, 300),
    uploadsPerHour: intVar(env.UPLOADS_PER_HOUR, 30),
    quotaBytes: intVar(env.QUOTA_BYTES, 5 * 1024 ** 3),
    maxUploadBytes: intVar(env.MAX_UPLOAD_BYTES, 100_000_000),
    ipv6PrefixBits: intVar(env.IPV6_PREFIX_BITS, DEFAULT_IPV6_PREFIX_BITS),
    sitePerMinute: intVar(env.SITE_RATE_PER_MINUTE, 300),
    linkRatePerMinute: intVar(env.LINK_RATE_PER_MINUTE, 600),
    mcpRatePerMinute: intVar(env.MCP_RATE_PER_MINUTE, 120),
    edgeCacheTtlSeconds: intVar(env.EDGE_CACHE_TTL_SECONDS, 60),
    logSampleRate: rateVar(env.LOG_SAMPLE_RATE, 0.01),
    slowRequestMs: intVar(env.SLOW_REQUEST_MS, 1000),
    pdfTextBudgetMs: intVar(env.PDF_TEXT_BUDGET_MS, DEFAULT_PDF_TEXT_BUDGET_MS),
    formRatePerMinute: intVar(env.FORM_RATE_PER_MINUTE, 30),
    memberRatePerMinute: intVar(env.MEMBER_RATE_PER_MINUTE, 30),
  };
}
