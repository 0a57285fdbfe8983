// The benchmark's own Worker entry (`wrangler dev bench/cost/worker.ts`): the production Worker with its
// D1 binding and Durable Object namespace wrapped to tally what each request cost. The tally goes back in
// the `x-bench-cost` response header. Production code is unchanged.
import production, { Limiter as ProductionLimiter } from "../../src/index";

export { QuotaLedger } from "../../src/limits/quota";
import { meteredD1, newTally } from "../lib/metered-d1";
import { parseTextShards } from "../../src/text/shards";

// Durable Objects of this script run in the Worker's isolate under workerd, so a module-level list
// sees the cursors of every SQL statement the limiter runs.
const doCursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
/** Every row the limiter objects wrote since this isolate started, in requests or not (batched saves, alarms). */
let doRowsWrittenTotal = 0;
/** Alarm invocations of the limiter objects (each a billed Durable Object request, outside any Worker request). */
let doAlarmsTotal = 0;

function doRowsWrittenSinceLastCall(): number {
  const written = doCursors.reduce((n, c) => n + c.rowsWritten, 0);
  doCursors.length = 0;
  doRowsWrittenTotal += written;
  return written;
}

let execPatched = false;

/** Wraps SqlStorage.prototype.exec once, so every statement's cursor is kept for its rowsWritten. */
function meterSqlStorage(sql: SqlStorage): void {
  if (execPatched) return;
  execPatched = true;
  const proto = Object.getPrototypeOf(sql) as { exec: SqlStorage["exec"] };
  const exec = proto.exec;
  proto.exec = function (this: SqlStorage, query: string, ...bindings: unknown[]) {
    const cursor = exec.call(this, query, ...bindings);
    doCursors.push(cursor);
    return cursor;
  } as SqlStorage["exec"];
}

export class Limiter extends ProductionLimiter {
  constructor(ctx: DurableObjectState, env: Env) {
    meterSqlStorage(ctx.storage.sql);
    // Setting an alarm stores it in the object's storage: counted as one row written (the published price of
    // SQLite-backed objects names no separate figure for it, so the bench assumes the dearer reading).
    const setAlarm = ctx.storage.setAlarm.bind(ctx.storage);
    ctx.storage.setAlarm = (...a: Parameters<typeof setAlarm>) => {
      doRowsWrittenTotal++;
      return setAlarm(...a);
    };
    super(ctx, env);
  }

  override async alarm(): Promise<void> {
    doAlarmsTotal++;
    await super.alarm();
    doRowsWrittenSinceLastCall();
  }
}

/** The namespace, counting each call made on one of its stubs (a Durable Object request). */
function meteredNamespace<T extends DurableObjectNamespace<ProductionLimiter>>(ns: T, counter: { requests: number }): T {
  return new Proxy(ns, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== "get" || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
      return (...args: unknown[]) => {
        // Reflect.apply, not member.apply: on an RPC stub every property (even "apply") is remote.
        const stub = Reflect.apply(value, target, args) as object;
        return new Proxy(stub, {
          get(s, p) {
            const member = Reflect.get(s, p, s);
            if (typeof member !== "function") return member;
            return (...a: unknown[]) => {
              counter.requests++;
              return Reflect.apply(member, s, a);
            };
          },
        });
      };
    },
  });
}

/** Runs one statement (`{ sql, params?, db? }`, db a binding name) and answers its meta and first rows. */
async function benchStatement(request: Request, env: Env): Promise<Response> {
  const { sql, params = [], db = "DB" } = (await request.json()) as { sql: string; params?: unknown[]; db?: string };
  const binding = (env as unknown as Record<string, D1Database>)[db];
  try {
    const result = await binding
      .prepare(sql)
      .bind(...params)
      .all();
    return Response.json({ rowsRead: result.meta.rows_read, count: result.results.length, first: result.results.slice(0, 500) });
  } catch (err) {
    return Response.json({ error: String(err) }, { status: 400 });
  }
}

export default {
  async fetch(request, env, ctx) {
    // Benchmark-only: one statement's rows read, to see where a request's reads go (never in production).
    if (request.method === "POST" && new URL(request.url).pathname === "/__bench/sql") return benchStatement(request, env);
    doRowsWrittenSinceLastCall();
    const d1 = newTally();
    const durableObjects = { requests: 0 };
    // The text databases: one tally summed over all of them (and the shard count beside it).
    const shardTally = newTally();
    const shardNames = parseTextShards(env.TEXT_SHARDS).map((s) => s.name);
    const shards = Object.fromEntries(shardNames.map((name) => [name, meteredD1((env as unknown as Record<string, D1Database>)[name], shardTally)]));
    const metered: Env = { ...env, ...shards, DB: meteredD1(env.DB, d1), LIMITER: meteredNamespace(env.LIMITER, durableObjects) };
    const response = await production.fetch(request, metered, ctx);
    // The whole body first: a streamed page may still be querying while its head is sent.
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    const doRowsWritten = doRowsWrittenSinceLastCall();
    headers.set(
      "x-bench-cost",
      JSON.stringify({
        d1,
        shards: { count: shardNames.length, ...shardTally },
        doRequests: durableObjects.requests,
        doRowsWritten,
        doRowsWrittenTotal,
        doAlarmsTotal,
      }),
    );
    return new Response(response.status === 304 || response.status === 204 ? null : body, { status: response.status, headers });
  },
  queue: production.queue,
} satisfies ExportedHandler<Env>;
