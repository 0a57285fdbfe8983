// Every limit of the service, once, as data: what it counts, per whom, the var that sets it, its window, and
// whether it is a request rate or a cap (docs/limits.md). The builders below take plain values (a client
// address, a key id, the limit read from config.ts) and name the counter; counting (count.ts) returns a
// decision, and each surface turns a refusal into its own answer (API problem, site page, MCP tool error).
import type { CounterName } from "./counters";
import type { LimitRule } from "./window";

/** Policy names, as they appear in the RateLimit headers. */
export type LimitPolicy = "anonymous" | "key" | "site" | "link" | "mcp" | "downloads" | "uploads" | "forms" | "member";

export interface PolicyDefinition {
  /** What one count is. */
  counts: string;
  /** Whose counter it is. */
  per: "client address" | "key" | "signed link" | "account";
  /** The var that sets the limit (src/config.ts reads it). */
  variable: string;
  windowSeconds: number;
  /**
   * "rate": a request rate, counted in shards written in batches, leased to busy isolates, refusals remembered
   * until their Retry-After. "cap": its own object, every counted event written, refundable.
   */
  kind: "rate" | "cap";
}

const MINUTE = 60;

export const POLICIES: Readonly<Record<LimitPolicy, PolicyDefinition>> = {
  anonymous: {
    counts: "API calls without a valid key (and each refused key)",
    per: "client address",
    variable: "ANON_RATE_PER_MINUTE",
    windowSeconds: MINUTE,
    kind: "rate",
  },
  key: { counts: "API calls with a valid key", per: "key", variable: "KEY_RATE_PER_MINUTE", windowSeconds: MINUTE, kind: "rate" },
  site: {
    counts: "pages, feeds, sitemaps, robots.txt and llms.txt",
    per: "client address",
    variable: "SITE_RATE_PER_MINUTE",
    windowSeconds: MINUTE,
    kind: "rate",
  },
  link: { counts: "requests for one signed file link", per: "signed link", variable: "LINK_RATE_PER_MINUTE", windowSeconds: MINUTE, kind: "rate" },
  mcp: { counts: "MCP tool calls and resource reads", per: "client address", variable: "MCP_RATE_PER_MINUTE", windowSeconds: MINUTE, kind: "rate" },
  downloads: { counts: "download links issued", per: "account", variable: "DOWNLOAD_CAP_PER_DAY", windowSeconds: 24 * 60 * MINUTE, kind: "cap" },
  uploads: { counts: "uploads that create a document", per: "account", variable: "UPLOADS_PER_HOUR", windowSeconds: 60 * MINUTE, kind: "cap" },
  forms: {
    counts: "sign-in, passkey and account form posts (site downloads included)",
    per: "client address",
    variable: "FORM_RATE_PER_MINUTE",
    windowSeconds: MINUTE,
    kind: "rate",
  },
  member: {
    counts: "a signed-in member's account form posts (keys, passkeys, downloads, sign-out)",
    per: "account",
    variable: "MEMBER_RATE_PER_MINUTE",
    windowSeconds: MINUTE,
    kind: "rate",
  },
};

/** One limit to count: its policy, the counter it counts on, the rule, and how many events this request is. */
export interface LimitCheck {
  policy: LimitPolicy;
  counter: CounterName;
  rule: LimitRule;
  cost: number;
}

function check(policy: LimitPolicy, counter: CounterName, limit: number, cost = 1): LimitCheck {
  return { policy, counter, rule: { limit, windowSeconds: POLICIES[policy].windowSeconds }, cost };
}

/** `address`: the caller's bucket (client-address.ts addressBucket). */
export const anonymousLimit = (address: string, perMinute: number) => check("anonymous", `rate:addr:${address}`, perMinute);
export const keyLimit = (keyId: number, perMinute: number) => check("key", `rate:key:${keyId}`, perMinute);
export const siteLimit = (address: string, perMinute: number) => check("site", `rate:site:${address}`, perMinute);
/** id, version and expiry name the link: only a verified signature is counted, so they cannot be forged. */
export const linkLimit = (link: { id: string; version: number; expires: number }, perMinute: number) =>
  check("link", `rate:link:${link.id}:${link.version}:${link.expires}`, perMinute);
/** `reads`: the tool calls and resource reads one MCP request carries (a batch counts them all at once). */
export const mcpLimit = (address: string, perMinute: number, reads: number) => check("mcp", `rate:mcp:${address}`, perMinute, reads);
export const downloadLimit = (userId: number, perDay: number) => check("downloads", `downloads:user:${userId}`, perDay);
export const uploadLimit = (userId: number, perHour: number) => check("uploads", `uploads:user:${userId}`, perHour);
export const formLimit = (address: string, perMinute: number) => check("forms", `rate:form:${address}`, perMinute);
export const memberLimit = (userId: number, perMinute: number) => check("member", `rate:member:${userId}`, perMinute);
