// One load measurement: wrk when the machine has it (Debian's package; far less CPU than a Node load generator
// on the same cores), else autocannon. Both with the same connections and duration.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** Every request from an address of its own (CF-Connecting-IP), as readers arriving from a search engine. */
  oneShot?: boolean;
}

export interface LoadFigure {
  requestsPerSecond: number;
  requests: number;
  /** Answers other than 2xx–3xx (unless `expectStatus` says otherwise), socket errors and timeouts. */
  failed: number;
}

const hasWrk = spawnSync("wrk", ["--version"], { encoding: "utf8" }).error === undefined;
export const LOAD_GENERATOR = hasWrk ? "wrk" : "autocannon";

function wrkScript(options: LoadOptions): string {
  const headers = Object.entries(options.headers ?? {})
    .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join("\n");
  const oneShot = options.oneShot
    ? `local n = 0
request = function()
  n = n + 1
  wrk.headers["CF-Connecting-IP"] = "198.18." .. (math.floor(n / 256) % 256) .. "." .. (n % 256)
  return wrk.format()
end`
    : "";
  // Non-2xx answers are counted by wrk itself ("Non-2xx or 3xx responses").
  return `${headers}\n${oneShot}\n`;
}

export async function load(options: LoadOptions, expectStatus = 200): Promise<LoadFigure> {
  if (hasWrk) {
    const dir = mkdtempSync(join(tmpdir(), "bench-wrk-"));
    const script = join(dir, "s.lua");
    writeFileSync(script, wrkScript(options));
    const out = spawnSync("wrk", ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "-s", script, options.url], { encoding: "utf8" });
    const text = out.stdout;
    const requests = Number(/(\d+) requests in/.exec(text)?.[1] ?? 0);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0);
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
    const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
    const socketErrors = errors ? errors.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
    const wrongStatus = expectStatus === 200 ? non2xx : requests - non2xx;
    return { requestsPerSecond: rps, requests, failed: wrongStatus + socketErrors };
  }
  let reader = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    ...(options.oneShot
      ? {
          requests: [
            {
              setupRequest: (r: { headers?: Record<string, string> }) => {
                reader++;
                return { ...r, headers: { ...r.headers, "CF-Connecting-IP": `198.18.${(reader >> 8) & 255}.${reader & 255}` } };
              },
            },
          ],
        }
      : {}),
  });
  const wrongStatus = expectStatus === 200 ? result.non2xx : result.requests.total - result.non2xx;
  return { requestsPerSecond: result.requests.average, requests: result.requests.total, failed: wrongStatus + result.errors + result.timeouts };
}
