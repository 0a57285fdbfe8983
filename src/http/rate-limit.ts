// The API's side of the limits (docs/design.md §5): which policy a call counts against, and the one place a refused
// decision becomes a problem (429 with Retry-After and the limit headers). Every limit counted on a request is
// recorded on the context; `limitHeadersMiddleware` (the outermost limit middleware) writes their state onto
// whatever response goes out, errors included.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { ApiError, type ProblemCode } from "./problem";
import { limitMsg } from "../core/messages/limits";
import { countRate, knownRefusal, type AppliedLimit } from "../limits/count";
import { limitHeaders } from "../limits/headers";
import { anonymousLimit, keyLimit, type LimitCheck, type LimitPolicy } from "../limits/policies";
import { clientAddress, recordLimit } from "../limits/request";

type Ctx = Context<AppEnv>;

/** Runs work in the request's background (a first call's count, src/limits/first-call.ts). */
export function inBackground(c: Ctx): (work: Promise<unknown>) => void {
  return (work) => c.executionCtx.waitUntil(work);
}

/** The problem code of each policy's refusal; its detail, in both languages, is the policy's entry of limitMsg. */
const REFUSALS: Record<LimitPolicy, ProblemCode> = {
  anonymous: "rate-limited",
  key: "rate-limited",
  site: "rate-limited",
  link: "rate-limited",
  mcp: "rate-limited",
  downloads: "download-cap-reached",
  forms: "rate-limited",
  member: "rate-limited",
  uploads: "upload-rate-exceeded",
};

/** The API's answer to a refused decision: the policy's 429 problem with Retry-After and every limit's headers. */
export function limitRefusal(c: Ctx, refused: AppliedLimit): ApiError {
  const detail = limitMsg[refused.policy]({ limit: refused.rule.limit, retry: refused.decision.retryAfterSeconds });
  return new ApiError(REFUSALS[refused.policy], detail, { headers: limitHeaders(c.get("limits") ?? []) });
}

/** Records a decision and throws its problem when it refuses (API routes that count a cap or a link). */
export function enforce(c: Ctx, applied: AppliedLimit): AppliedLimit {
  recordLimit(c, applied);
  if (!applied.decision.allowed) throw limitRefusal(c, applied);
  return applied;
}

/** The anonymous check of this caller: its address against ANON_RATE_PER_MINUTE. */
export function anonymousCheck(c: Ctx): LimitCheck {
  return anonymousLimit(clientAddress(c), c.get("config").anonRatePerMinute);
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
 * Counts a request rate and runs the rest of the request side by side, so the count costs no round trip of its
 * own; returns the decision, recorded. A refused (or failed) count drops the handler's work unseen; a failed
 * count is thrown. Handlers that change something wait for the decision (`rateDecided`, declared per route in
 * src/routes/define.ts); a caller the isolate remembers as refused is refused before any work starts.
 */
export async function countAlongside(c: Ctx, check: LimitCheck, next: () => Promise<void>): Promise<AppliedLimit> {
  const known = knownRefusal(check);
  if (known) return recordLimit(c, known);
  const counting = countRate(c.env, check, Date.now(), inBackground(c)).then((applied) => recordLimit(c, applied));
  c.set("rateDecision", counting);
  const [count, work] = await Promise.allSettled([counting, next()]);
  if (count.status === "rejected" || !count.value.decision.allowed) {
    // The handler's answer is dropped, headers included: Hono would otherwise copy its headers (ETag,
    // Cache-Control…) onto the answer that replaces it.
    await c.res.body?.cancel().catch(() => undefined);
    c.res = undefined;
  }
  if (count.status === "rejected") throw count.reason;
  if (count.value.decision.allowed && work.status === "rejected") throw work.reason;
  return count.value;
}

/**
 * Route middleware of an operation that changes something or counts a limit of its own (a cap, a link): the
 * handler runs only once the request rate has allowed the call. A refused call stops here; the rate-limit
 * middleware answers it.
 */
export const rateDecided = createMiddleware<AppEnv>(async (c, next) => {
  const decision = await c.get("rateDecision");
  // A placeholder answer, replaced by the refusal: a middleware that ends without one leaves Hono holding the
  // context itself as the response of the mounted operation.
  if (decision && !decision.decision.allowed) return c.body(null, 429);
  await next();
});

/**
 * After authenticate: a call with a valid key counts against its key, any other against its address. A
 * refused key costs its address one anonymous call, then is answered 401 (429 once the address is over).
 */
export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  await chargeRefusedKey(c);
  const viewer = c.get("viewer");
  const check = viewer ? keyLimit(viewer.keyId, c.get("config").keyRatePerMinute) : anonymousCheck(c);
  const applied = await countAlongside(c, check, next);
  if (!applied.decision.allowed) throw limitRefusal(c, applied);
});

/**
 * A sent key that is not usable (authenticate left its 401 on the context) costs the caller's address one
 * anonymous call, so keys cannot be guessed faster than anonymous reads are allowed; then its 401 is thrown
 * (a 429 instead once the address is over its limit). Does nothing for a usable or absent key.
 */
export async function chargeRefusedKey(c: Ctx): Promise<void> {
  const refused = c.get("refusedKey");
  if (!refused) return;
  const applied = recordLimit(c, await countRate(c.env, anonymousCheck(c)));
  if (!applied.decision.allowed) throw limitRefusal(c, applied);
  throw refused;
}
