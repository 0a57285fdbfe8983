// The edge latency model of `npm run bench:edge`: every binding call waits a stated time before it runs,
// and each request records the chain of its calls. A call's depth is 1 + the deepest call that had
// finished when it started, so calls that overlap share a depth; the deepest call of a request is the
// number of sequential round trips on its critical path. Bench-only: production code never loads this.
import { AsyncLocalStorage } from "node:async_hooks";
import { parseTextShards } from "../../src/text/shards";

export type Binding = "d1-primary" | "d1-replica" | "do" | "cache" | "r2";

export type Latencies = Record<Binding, number>;

interface Call {
  binding: Binding;
  depth: number;
  done: boolean;
}

/** The calls of one request, in the order they started. */
export class Trace {
  readonly calls: Call[] = [];

  start(binding: Binding): Call {
    const finished = this.calls.filter((c) => c.done).map((c) => c.depth);
    const call = { binding, depth: 1 + Math.max(0, ...finished), done: false };
    this.calls.push(call);
    return call;
  }

  /** `depth=2 d1-primary=1 do=1`: round trips on the critical path, then the finished calls per binding. */
  summary(): string {
    const finished = this.calls.filter((c) => c.done);
    const depth = Math.max(0, ...finished.map((c) => c.depth));
    const counts = new Map<Binding, number>();
    for (const c of finished) counts.set(c.binding, (counts.get(c.binding) ?? 0) + 1);
    return [`depth=${depth}`, ...[...counts].map(([b, n]) => `${b}=${n}`)].join(" ");
  }
}

export const traces = new AsyncLocalStorage<Trace>();

let latencies: Latencies = { "d1-primary": 0, "d1-replica": 0, do: 0, cache: 0, r2: 0 };

export function setLatencies(next: Latencies): void {
  latencies = next;
}

/** Runs `work` as one binding call of the current request: the stated latency first, then the call. */
async function timed<T>(binding: Binding, work: () => Promise<T>): Promise<T> {
  const call = traces.getStore()?.start(binding);
  try {
    const ms = latencies[binding];
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    return await work();
  } finally {
    if (call) call.done = true;
  }
}

const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);

// Proxies hand the real statement to batch(): D1 reads its internals.
const realStatements = new WeakMap<object, D1PreparedStatement>();
const statementSql = new WeakMap<object, string>();

function statement(real: D1PreparedStatement, sql: string, session: boolean): D1PreparedStatement {
  // Inside a session a read may go to the nearest replica; writes, and reads outside a session, go to the primary.
  const binding: Binding = session && isRead(sql) ? "d1-replica" : "d1-primary";
  const proxy = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "bind") return (...args: unknown[]) => statement(target.bind(...args), sql, session);
      if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
        return (...args: unknown[]) => timed(binding, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  realStatements.set(proxy, real);
  statementSql.set(proxy, sql);
  return proxy;
}

interface D1Like {
  prepare(sql: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<unknown>;
}

function database<T extends D1Like>(real: T, session: boolean): T {
  return new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare") return (sql: string) => statement(target.prepare(sql), sql, session);
      if (prop === "batch") {
        return (list: D1PreparedStatement[]) => {
          const reads = list.every((s) => realStatements.has(s) && isRead(sqlOf(s)));
          return timed(session && reads ? "d1-replica" : "d1-primary", () => target.batch(list.map((s) => realStatements.get(s) ?? s)));
        };
      }
      if (prop === "withSession") return (...args: unknown[]) => database((value as (...a: unknown[]) => T).apply(target, args), true);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function sqlOf(s: D1PreparedStatement): string {
  return statementSql.get(s) ?? "";
}

function durableObjects<T extends DurableObjectNamespace>(real: T): T {
  const stub = (s: object) =>
    new Proxy(s, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "then" || typeof value !== "function") return value;
        // id and name are plain properties; every function is a remote call. Called on the stub itself:
        // `.apply` on an RPC method would be a remote call of its own.
        const remote = target as Record<string | symbol, (...a: unknown[]) => Promise<unknown>>;
        return (...args: unknown[]) => timed("do", () => remote[prop](...args));
      },
    });
  return new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "get" || prop === "getByName") return (...args: unknown[]) => stub((value as (...a: unknown[]) => object).apply(target, args));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function bucket(real: R2Bucket): R2Bucket {
  return new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => timed("r2", () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}

/** The Worker's env with every binding behind the latency model (each text database of TEXT_SHARDS too). */
export function withLatency(env: Env): Env {
  const shards = Object.fromEntries(
    parseTextShards(env.TEXT_SHARDS).map(({ name }) => [name, database((env as unknown as Record<string, D1Database>)[name], false)]),
  );
  return { ...env, ...shards, DB: database(env.DB, false), LIMITER: durableObjects(env.LIMITER), FILES: bucket(env.FILES) };
}

/** The Cache API is a global, not a binding: its methods are wrapped once per isolate. */
export function wrapCacheApi(): void {
  const proto = Cache.prototype as unknown as Record<"match" | "put" | "delete", (...a: unknown[]) => Promise<unknown>>;
  for (const name of ["match", "put", "delete"] as const) {
    const real = proto[name];
    proto[name] = function (this: Cache, ...args: unknown[]) {
      return timed("cache", () => real.apply(this, args));
    };
  }
}
