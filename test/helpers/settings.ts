// The Worker under other settings in the one test workerd. The tests call the Worker through its fetch entry
// (`exports.default`) with the test run's vars (vitest.config.ts); a file that needs the limits or the edge cache
// as an operator would set them calls `useSettings` once, and its requests then go to the Worker's exported
// handler with those vars over the run's env, as a deployment with them in wrangler.toml would. Every limit and
// the edge cache's lifetime are read from the request's env (src/config.ts), and each check carries its limit to
// the counter's Durable Object, so nothing else is needed for the Worker to answer as it would there.
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterAll } from "vitest";
import worker from "../../src/index";

type Vars = Partial<Record<keyof Env, string>>;

/**
 * The spec's anonymous rate, the site's and MCP's as deployed, and small keyed, cap and form values, so a few
 * calls reach them; edge cache off (these tests read a public counter, downloads, right after changing it).
 */
export const SPEC_LIMITS = {
  ANON_RATE_PER_MINUTE: "60",
  SITE_RATE_PER_MINUTE: "300",
  MCP_RATE_PER_MINUTE: "120",
  KEY_RATE_PER_MINUTE: "10",
  DOWNLOAD_CAP_PER_DAY: "3",
  FILE_LINK_TTL_SECONDS: "300",
  FORM_RATE_PER_MINUTE: "8",
  MEMBER_RATE_PER_MINUTE: "5",
  EDGE_CACHE_TTL_SECONDS: "0",
} satisfies Vars;

/** Anonymous API and site at 10 a minute and an MCP budget of 15, so a batch or a few pages reach them and tell the two apart. */
export const TIGHT_LIMITS = {
  ANON_RATE_PER_MINUTE: "10",
  SITE_RATE_PER_MINUTE: "10",
  MCP_RATE_PER_MINUTE: "15",
  EDGE_CACHE_TTL_SECONDS: "0",
} satisfies Vars;

/**
 * The edge cache as in production, with a lifetime short enough to see an entry expire and long enough for a
 * loaded machine to read an answer again within it; 20 calls a minute per address and per key.
 */
export const EDGE_CACHE_ON = { ANON_RATE_PER_MINUTE: "20", KEY_RATE_PER_MINUTE: "20", EDGE_CACHE_TTL_SECONDS: "6" } satisfies Vars;

let settings: Env | undefined;

/** From here to the end of this file, the Worker runs with `vars` over the run's env; returns that env. */
export function useSettings(vars: Vars): Env {
  const varied = { ...env, ...vars } as Env;
  settings = varied;
  afterAll(() => {
    if (settings === varied) settings = undefined;
  });
  return varied;
}

/** Back to the run's own vars (the setup file calls it before every file: files share one workerd). */
export function forgetSettings(): void {
  settings = undefined;
}

/**
 * A request to the Worker, with this file's settings when it has some. The answer is handed over a task after the
 * handler returned it, as the runtime's fetch entry hands it over: work the Worker left running after its answer
 * (storing it in the edge cache) has then had its turn, as it has when a client reads the answer over the network.
 */
export async function callWorker(request: Request): Promise<Response> {
  if (!settings) return exports.default.fetch(request);
  const response = await worker.fetch!(request as Request<unknown, IncomingRequestCfProperties>, settings, createExecutionContext());
  await new Promise((handedOver) => setTimeout(handedOver, 0));
  return response;
}
