// Names of the counters and the one way to reach them. A counter name picks its Durable Object: request rates
// (`rate:*`) share a few shard objects, written in batches (limiter.ts `takeFor`); caps (downloads, uploads)
// are each their own object, written per counted event.
import type { LeaseAsk, LimitDecision, LimitRule } from "./limiter";
import type { AdmittedCall } from "./window";

export type CounterName =
  | `rate:addr:${string}`
  | `rate:key:${number}`
  | `rate:site:${string}`
  | `rate:link:${string}`
  | `rate:mcp:${string}`
  | `rate:form:${string}`
  | `rate:member:${number}`
  | `downloads:user:${number}`
  | `uploads:user:${number}`;

/**
 * Shard objects of the request-rate counters. Few, so that a shard sees many callers and one journal row
 * records many counted requests, and a new reader finds its object already running; enough that none is busy
 * (a take is a few microseconds of memory work). Changing it moves every rate counter once (they restart empty).
 */
export const RATE_SHARDS = 4;

/** FNV-1a of the name: the same shard for a counter everywhere, spread evenly over the shards. */
function shardOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % RATE_SHARDS;
}

const batched = (name: CounterName) => name.startsWith("rate:");

/** The name of the Durable Object that holds the counter `name`. */
export const objectNameOf = (name: CounterName): string => (batched(name) ? `rate-shard:${shardOf(name)}` : name);

/** The Durable Object that holds the counter `name`. */
export function limiterObject(env: Env, name: CounterName) {
  return env.LIMITER.get(env.LIMITER.idFromName(objectNameOf(name)));
}

/** One counter: take and refund, wherever it lives. */
export interface Counter {
  /** `admitted`: calls of this counter the isolate admitted before asking (first-call.ts), recorded first. */
  take(rule: LimitRule, nowMs: number, cost?: number, lease?: LeaseAsk, admitted?: AdmittedCall[]): Promise<LimitDecision>;
  refund(event: number, cost?: number): Promise<boolean>;
}

export function counter(env: Env, name: CounterName): Counter {
  const stub = limiterObject(env, name);
  if (!batched(name)) return stub;
  return {
    take: (rule, nowMs, cost, lease, admitted) => stub.takeFor(name, rule, nowMs, cost, lease, admitted),
    refund: (event, cost) => stub.refundFor(name, event, cost),
  };
}

/** Gives back the event a take counted (its own, not the newest) for work that did not happen. */
export async function refundEvent(env: Env, name: CounterName, decision: LimitDecision): Promise<void> {
  if (decision.event !== undefined) await counter(env, name).refund(decision.event);
}
