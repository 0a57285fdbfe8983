// One structured JSON line per event, for Workers Logs (observability in wrangler.toml) and `wrangler tail`.
// Callers pass only the fields named in LogFields: no headers, no query strings, no bodies, so no key,
// signature or secret can reach a log line.

export interface LogFields {
  type: "request" | "queue-message";
  /** Why a request line was written (src/http/access-log.ts). */
  reason?: "error" | "refused" | "slow" | "sample";
  request_id?: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  queue?: string;
  message_id?: string;
  attempts?: number;
  outcome?: "ack" | "retry" | "none";
  duration_ms: number;
}

export function logLine(fields: LogFields): void {
  console.log(JSON.stringify(fields));
}
