// Names of the counters and the one way to reach them. A counter name picks its Durable Object.
import type { LimitDecision } from "./limiter";

export type CounterName =
  | `rate:addr:${string}`
  | `rate:key:${number}`
  | `rate:site:${string}`
  | `rate:link:${string}`
  | `rate:mcp:${string}`
  | `downloads:user:${number}`
  | `uploads:user:${number}`;

export function counter(env: Env, name: CounterName) {
  return env.LIMITER.get(env.LIMITER.idFromName(name));
}

/** Gives back the event a take counted (its own, not the newest) for work that did not happen. */
export async function refundEvent(env: Env, name: CounterName, decision: LimitDecision): Promise<void> {
  if (decision.event !== undefined) await counter(env, name).refund(decision.event);
}
