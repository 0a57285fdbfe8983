// Request limits of the API (DESIGN.md §5): anonymous calls per client address, keyed calls per key,
// failed key attempts against the address. Every limit counted on a request is recorded on the context;
// `limitHeadersMiddleware` (the outermost limit middleware) writes their state onto whatever response goes out,
// errors included.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/context";
import { ApiError, type ProblemCode } from "../http/problem";
import { addressBucket } from "./client-address";
import { counter, type CounterName } from "./counters";
import { limitHeaders, type AppliedLimit, type LimitPolicy } from "./headers";
import type { LimitDecision, LimitRule } from "./limiter";

type Ctx = Context<AppEnv>;

export interface LimitCheck {
  policy: LimitPolicy;
  counter: CounterName;
  rule: LimitRule;
  /** The problem sent when the counter refuses. */
  code: ProblemCode;
  detail: (decision: LimitDecision) => string;
  cost?: number;
}

/**
 * Counts one event (or `cost`) on a counter, records it for the response headers, and throws the
 * check's 429 problem (with Retry-After and the limit headers) when the counter refuses.
 */
export async function enforceLimit(c: Ctx, check: LimitCheck): Promise<AppliedLimit> {
  const nowMs = Date.now();
  const decision = await counter(c.env, check.counter).take(check.rule, nowMs, check.cost ?? 1);
  const applied: AppliedLimit = { policy: check.policy, rule: check.rule, decision, nowMs };
  c.set("limits", [...(c.get("limits") ?? []), applied]);
  if (!decision.allowed) throw new ApiError(check.code, check.detail(decision), { headers: limitHeaders(c.get("limits") ?? []) });
  return applied;
}

function perMinute(limit: number): LimitRule {
  return { limit, windowSeconds: 60 };
}

/** The anonymous check: the caller's address (CF-Connecting-IP, IPv6 per IPV6_PREFIX_BITS) against ANON_RATE_PER_MINUTE. */
export function anonymousCheck(c: Ctx): LimitCheck {
  const rule = perMinute(c.get("config").anonRatePerMinute);
  return {
    policy: "anonymous",
    counter: `rate:addr:${addressBucket(c.req.header("CF-Connecting-IP"), c.get("config").ipv6PrefixBits)}`,
    rule,
    code: "rate-limited",
    detail: (d) => `Too many requests from this address: at most ${rule.limit} a minute without a valid key. Retry in ${d.retryAfterSeconds} s.`,
  };
}

function keyCheck(c: Ctx, keyId: number): LimitCheck {
  const rule = perMinute(c.get("config").keyRatePerMinute);
  return {
    policy: "key",
    counter: `rate:key:${keyId}`,
    rule,
    code: "rate-limited",
    detail: (d) => `Too many requests with this key: at most ${rule.limit} a minute. Retry in ${d.retryAfterSeconds} s.`,
  };
}

/** Outermost limit middleware: puts the state of every limit counted on the request onto the response. */
export const limitHeadersMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  writeLimitHeaders(c);
});

export function writeLimitHeaders(c: Ctx): void {
  const headers = Object.entries(limitHeaders(c.get("limits") ?? []));
  if (headers.length === 0) return;
  // Responses passed through from elsewhere can have immutable headers: copy those once.
  try {
    c.res.headers.set(headers[0][0], headers[0][1]);
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  for (const [name, value] of headers) c.res.headers.set(name, value);
}

/**
 * After authenticate: a call with a valid key counts against its key, any other against its address. A
 * refused key costs its address one anonymous call, then is answered 401 (429 once the address is over).
 */
export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const viewer = c.get("viewer");
  await enforceLimit(c, viewer ? keyCheck(c, viewer.keyId) : anonymousCheck(c));
  const refused = c.get("refusedKey");
  if (refused) throw refused;
  return next();
});

/** For endpoints limited like anonymous reads whatever the caller sends (the MCP endpoint): per address. */
export const anonymousRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  await enforceLimit(c, anonymousCheck(c));
  await next();
  writeLimitHeaders(c);
});
