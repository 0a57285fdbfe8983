// The limit headers of a response: IETF RateLimit-Policy / RateLimit (draft-ietf-httpapi-ratelimit-headers)
// for every limit counted on the request, and the widely used X-RateLimit-* trio for one of them.
import type { LimitDecision, LimitRule } from "./limiter";
import type { LimitPolicy } from "./policies";

/** One limit counted for a request: which policy, its rule, the counter's answer and when it was asked. */
export interface AppliedLimit {
  policy: LimitPolicy;
  rule: LimitRule;
  decision: LimitDecision;
  nowMs: number;
}

/**
 * `RateLimit-Policy: "anonymous";q=60;w=60` and `RateLimit: "anonymous";r=59;t=60` list every limit counted.
 * r = calls left in the window, t = seconds until the window is entirely free again.
 * X-RateLimit-Limit/Remaining/Reset describe the limit that refused the call, else the first one counted
 * (the request rate); Reset is a Unix time in seconds, as GitHub and most APIs send it.
 */
export function limitHeaders(limits: readonly AppliedLimit[]): Record<string, string> {
  if (limits.length === 0) return {};
  const headline = limits.find((l) => !l.decision.allowed) ?? limits[0];
  const headers: Record<string, string> = {
    "RateLimit-Policy": limits.map((l) => `"${l.policy}";q=${l.rule.limit};w=${l.rule.windowSeconds}`).join(", "),
    RateLimit: limits.map((l) => `"${l.policy}";r=${l.decision.remaining};t=${l.decision.resetSeconds}`).join(", "),
    "X-RateLimit-Limit": String(headline.rule.limit),
    "X-RateLimit-Remaining": String(headline.decision.remaining),
    "X-RateLimit-Reset": String(Math.ceil(headline.nowMs / 1000) + headline.decision.resetSeconds),
  };
  if (!headline.decision.allowed) headers["Retry-After"] = String(headline.decision.retryAfterSeconds);
  return headers;
}
