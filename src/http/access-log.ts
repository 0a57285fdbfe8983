// The service's request log: what the platform does not record. Workers Logs already keeps every invocation
// (method, url, status, duration, ray id); a line here is written for a server error, a limit refusal, a slow
// request and a sample of the rest (LOG_SAMPLE_RATE), each with the request id the caller saw.
import type { Context } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./app-env";
import { logLine } from "./log-line";

export type LogReason = "error" | "refused" | "slow" | "sample";

/** A path as logged: the secret of an old path-style invite link (`/{lang}/invite/{secret}`) is left out. */
export function loggedPath(path: string): string {
  return path.replace(/^(\/[a-z]{2}\/invite\/)[^/]*/, "$1…");
}

/** Why a request is logged, or undefined when the platform's own record is enough. */
export function logReason(
  status: number,
  durationMs: number,
  policy: { slowMs: number; sampleRate: number },
  draw = Math.random,
): LogReason | undefined {
  if (status >= 500) return "error";
  if (status === 429) return "refused";
  if (durationMs >= policy.slowMs) return "slow";
  if (policy.sampleRate > 0 && draw() < policy.sampleRate) return "sample";
  return undefined;
}

export function logRequest(c: Context<AppEnv>, started: number): void {
  const duration = Date.now() - started;
  const config = c.get("config");
  const reason = logReason(c.res.status, duration, { slowMs: config.slowRequestMs, sampleRate: config.logSampleRate });
  if (!reason) return;
  logLine({
    type: "request",
    reason,
    request_id: c.get("requestId"),
    method: c.req.method,
    // The pattern that answered (`/api/v1/documents/:document`): groups requests without ids in it.
    route: routePath(c),
    // The path only: a signed file link's query string is a credential.
    path: loggedPath(c.req.path),
    status: c.res.status,
    duration_ms: duration,
  });
}
