// What bench:floor and bench:cpu share: their options, the bare Worker and the service they start, the limits they
// raise (every call still passes the limiter, none is refused) and the median they report.
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { ROOT, startWorker } from "../lib/dev-worker";

/** `--name=value` of the command line. */
export const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];

export const SAMPLE_STATE = join(ROOT, "bench/out/floor-state");
const BARE_STATE = join(ROOT, "bench/out/floor-bare");
const RAISED = "1000000000";

/** The service's vars: limits raised, the edge cache on; `extra` first, so it never lowers them. */
export function serviceVars(extra: Record<string, string> = {}): Record<string, string> {
  return { ...extra, ANON_RATE_PER_MINUTE: RAISED, KEY_RATE_PER_MINUTE: RAISED, SITE_RATE_PER_MINUTE: RAISED, EDGE_CACHE_TTL_SECONDS: "60" };
}

/** The yardstick: the bare Hono Worker (bench/floor/bare.ts) on its own state. */
export const startBare = (port: number, inspectorPort?: number): Promise<ChildProcess> =>
  startWorker({ port, inspectorPort, state: BARE_STATE, config: join(ROOT, "bench/floor/bare.toml"), vars: {} });

/** The service through bench/edge/worker.ts on `state`. */
export const startService = (port: number, state: string, vars: Record<string, string>, inspectorPort?: number): Promise<ChildProcess> =>
  startWorker({ port, inspectorPort, state, entry: "bench/edge/worker.ts", vars });

/** `--port-base=N`: the workers listen on N, N+1, N+2 and their inspectors on N+5… (a range shared machines agree on); else free ports. */
export async function benchPorts(count: number, free: () => Promise<number>): Promise<{ ports: number[]; inspectors: (number | undefined)[] }> {
  const base = Number(option("port-base") ?? Number.NaN);
  if (!Number.isInteger(base)) return { ports: await Promise.all(Array.from({ length: count }, free)), inspectors: [] };
  return { ports: Array.from({ length: count }, (_, i) => base + i), inspectors: Array.from({ length: count }, (_, i) => base + 5 + i) };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A board's point (issue 55 added its places and the holdings' neighbours): a net and a part of the sample's board, uncached. */
export const POINT_ROUTES = [
  { key: "pointNet", label: "board point, a net (`820-00165/points/PP3V42_G3H`), uncached", path: "/api/v1/boards/820-00165/points/PP3V42_G3H" },
  { key: "pointPart", label: "board point, a part (`820-00165/points/U7000`), uncached", path: "/api/v1/boards/820-00165/points/U7000" },
].map((r) => ({ ...r, where: "service" as const, uncached: true }));
