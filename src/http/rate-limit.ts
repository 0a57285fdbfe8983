// Request limits of the API (DESIGN.md §5): anonymous calls per client address, keyed calls per key,
// failed key attempts against the address. Every limit counted on a request is recorded on the context;
// `limitHeadersMiddleware` (the outermost limit middleware) writes their state onto whatever response goes out,
// errors included.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { ApiError, type ProblemCode } from "./problem";
import { addressBucket } from "../limits/client-address";
import { counter, type CounterName } from "../limits/counters";
import { takeRate } from "../limits/lease";
import { limitHeaders, type AppliedLimit, type LimitPolicy } from "../limits/headers";
import { rememberedRefusal, rememberRefusal } from "../limits/refused";
import type { LimitDecision, LimitRule } from "../limits/limiter";

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
export async function enforceLimit(c: Ctx, check: LimitCheck, leased = false): Promise<AppliedLimit> {
  const nowMs = Date.now();
  const cost = check.cost ?? 1;
  // Request rates may be admitted from this isolate's lease (lease.ts); caps and refundable counts always ask.
  const decision = leased
    ? await takeRate(c.env, check.counter, check.rule, nowMs, cost)
    : await counter(c.env, check.counter).take(check.rule, nowMs, cost);
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
 * The request-rate check: a subject the isolate remembers as refused gets its 429 at once; otherwise it is
 * counted (from this isolate's lease of the counter when it holds one, lease.ts). Refusals are remembered
 * until their Retry-After.
 */
export async function enforceRate(c: Ctx, check: LimitCheck): Promise<void> {
  const nowMs = Date.now();
  const remembered = rememberedRefusal(check.counter, check.rule, nowMs);
  if (remembered) {
    const limits = [...(c.get("limits") ?? []), { policy: check.policy, rule: check.rule, decision: remembered, nowMs }];
    c.set("limits", limits);
    throw new ApiError(check.code, check.detail(remembered), { headers: limitHeaders(limits) });
  }
  try {
    await enforceLimit(c, check, true);
  } catch (error) {
    // A refusal of one call holds for every call until its Retry-After; one of several (an MCP batch) may not.
    const refused = c.get("limits")?.find((l) => l.decision.allowed === false);
    if (refused && (check.cost ?? 1) === 1) rememberRefusal(check.counter, refused.decision, refused.nowMs);
    throw error;
  }
}

// GET routes that count something of their own (download caps, per-link byte counts): their handler writes,
// so it runs only once the rate check has allowed the call.
const COUNTING_READS = /\/(download|files\/.*)$/;

/** Whether the handler may run while the rate check is under way: it changes nothing, so refusing it afterwards is free. */
function readOnly(c: Ctx): boolean {
  return (c.req.method === "GET" || c.req.method === "HEAD") && !COUNTING_READS.test(c.req.path);
}

/**
 * Runs the rate check and the rest of the request side by side, so the check costs no round trip of its own.
 * The answer is the check's when it refuses or fails (the handler's work is then dropped: nothing of it is
 * sent), else the handler's. Handlers that change something run only after the check has allowed the call.
 */
export async function limitAlongside(c: Ctx, check: LimitCheck, next: () => Promise<void>, concurrent: boolean): Promise<void> {
  if (!concurrent || rememberedRefusal(check.counter, check.rule, Date.now())) {
    await enforceRate(c, check);
    return next();
  }
  const [limit, work] = await Promise.allSettled([enforceRate(c, check), next()]);
  if (limit.status === "rejected") {
    // The handler's answer is dropped, headers included: Hono would otherwise copy its headers (ETag,
    // Cache-Control…) onto the problem that replaces it.
    await c.res.body?.cancel().catch(() => undefined);
    c.res = undefined;
    throw limit.reason;
  }
  if (work.status === "rejected") throw work.reason;
}

/**
 * After authenticate: a call with a valid key counts against its key, any other against its address. A
 * refused key costs its address one anonymous call, then is answered 401 (429 once the address is over).
 */
export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  await chargeRefusedKey(c);
  const viewer = c.get("viewer");
  await limitAlongside(c, viewer ? keyCheck(c, viewer.keyId) : anonymousCheck(c), next, readOnly(c));
});

/**
 * A sent key that is not usable (authenticate left its 401 on the context) costs the caller's address one
 * anonymous call, so keys cannot be guessed faster than anonymous reads are allowed; then its 401 is thrown
 * (a 429 instead once the address is over its limit). Does nothing for a usable or absent key.
 */
export async function chargeRefusedKey(c: Ctx): Promise<void> {
  const refused = c.get("refusedKey");
  if (!refused) return;
  await enforceRate(c, anonymousCheck(c));
  throw refused;
}
