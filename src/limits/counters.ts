// Names of the counters and the one way to reach them. A counter name picks its Durable Object.
export type CounterName =
  | `rate:addr:${string}`
  | `rate:key:${number}`
  | `downloads:user:${number}`
  | `uploads:user:${number}`;

export function counter(env: Env, name: CounterName) {
  return env.LIMITER.get(env.LIMITER.idFromName(name));
}
