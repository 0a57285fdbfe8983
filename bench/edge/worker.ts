// Entry point of `npm run bench:edge` (and of the dev-runtime ratios of `npm run bench:http`): the production
// Worker with its bindings behind the latency model (bench/edge/latency.ts), plus one bench-only route.
// Latencies come from BENCH_LATENCY_* vars; every answer carries `X-Bench-Trips` (see Trace.summary). With no
// latency set (bench:http) the bindings are not wrapped at all.
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { REQUEST_PIPELINE } from "../../src/app";
import type { AppEnv } from "../../src/http/app-env";
import { dbOf } from "../../src/http/d1-session";
import worker from "../../src/index";
import { UNCACHED_HEADER } from "./uncached";
import { setLatencies, Trace, traces, withLatency, wrapCacheApi, type Latencies } from "./latency";

export { Limiter } from "../../src/limits/limiter";
export { QuotaLedger } from "../../src/limits/quota";

type BenchEnv = Env &
  Partial<Record<"BENCH_LATENCY_D1_PRIMARY" | "BENCH_LATENCY_D1_REPLICA" | "BENCH_LATENCY_DO" | "BENCH_LATENCY_CACHE" | "BENCH_LATENCY_R2", string>>;

let cacheWrapped = false;

// The env an uncached request is served with: one per isolate env, so the service's per-env memories (config,
// text databases) stay warm as they are in production, where the env object never changes.
const uncachedEnvs = new WeakMap<BenchEnv, BenchEnv>();
function uncachedEnv(env: BenchEnv): BenchEnv {
  let copy = uncachedEnvs.get(env);
  if (!copy) uncachedEnvs.set(env, (copy = { ...env, EDGE_CACHE_TTL_SECONDS: "0" }));
  return copy;
}

// The one-trivial-query route of the ratios: the request pipeline every route of the service starts with (as the
// bare route /healthz has it: request id, log line, D1 session), then one D1 round trip; no limiter, no cache.
const ONE_QUERY_PATH = "/__bench/one-query";
const oneQuery = new Hono<AppEnv>();
for (const middleware of REQUEST_PIPELINE) oneQuery.use("*", middleware);
oneQuery.get(ONE_QUERY_PATH, async (c) => c.json(await dbOf(c).get(sql`select 1 as one`)));

function latencies(env: BenchEnv): Latencies {
  const ms = (v: string | undefined) => Math.max(0, Number(v ?? 0) || 0);
  return {
    "d1-primary": ms(env.BENCH_LATENCY_D1_PRIMARY),
    "d1-replica": ms(env.BENCH_LATENCY_D1_REPLICA),
    do: ms(env.BENCH_LATENCY_DO),
    cache: ms(env.BENCH_LATENCY_CACHE),
    r2: ms(env.BENCH_LATENCY_R2),
  };
}

// The vars never change while an isolate runs: read once per env; null when no latency is modelled.
const modelledFor = new WeakMap<BenchEnv, Latencies | null>();
function latenciesOf(env: BenchEnv): Latencies | null {
  let modelled = modelledFor.get(env);
  if (modelled === undefined) {
    const read = latencies(env);
    modelled = Object.values(read).every((ms) => ms === 0) ? null : read;
    modelledFor.set(env, modelled);
  }
  return modelled;
}

export default {
  async fetch(request: Request, env: BenchEnv, ctx: ExecutionContext): Promise<Response> {
    const modelled = latenciesOf(env);
    // No latency asked for (`npm run bench:http`): the production Worker and its bindings as they are, so the
    // ratios measure its code and not this entry's instruments (a wrapper per binding call, a copied body).
    if (modelled === null) {
      // A string test, not a URL parse: this wrapper's own cost is in every figure, the yardstick's too.
      if (request.url.endsWith(ONE_QUERY_PATH)) return oneQuery.fetch(request, env, ctx);
      // The side-by-side run (bench/edge/side-by-side.ts) asks for an uncached answer from the same isolate.
      const uncached = request.headers.get(UNCACHED_HEADER) === "1";
      return worker.fetch(request, uncached ? uncachedEnv(env) : env, ctx);
    }
    if (!cacheWrapped) {
      wrapCacheApi();
      cacheWrapped = true;
    }
    setLatencies(modelled);
    const trace = new Trace();
    const wrapped = withLatency(env);
    const res = await traces.run(trace, async () => {
      if (new URL(request.url).pathname === "/__bench/one-query") return oneQuery.fetch(request, wrapped, ctx);
      // The whole body inside the trace: streamed answers (MCP, pages) do their work while the body is read.
      const answer = await worker.fetch(request, wrapped, ctx);
      return new Response(answer.body === null ? null : await answer.arrayBuffer(), answer);
    });
    const out = res;
    out.headers.set("X-Bench-Trips", trace.summary());
    return out;
  },
  queue: worker.queue,
} satisfies ExportedHandler<BenchEnv>;
