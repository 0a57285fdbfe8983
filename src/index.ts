// Worker entry: HTTP (API, files, MCP, pages) and the upload queue consumer; exports the Durable Objects.
import { buildApp } from "./app";
import { handleUploadsBatch } from "./ingest/consumer";
import { withQueueLog } from "./queue-log";

const app = buildApp();

export { Limiter } from "./limits/limiter";

export default {
  fetch: app.fetch,
  queue: (batch, env) => withQueueLog(batch, (logged) => handleUploadsBatch(logged, env)),
} satisfies ExportedHandler<Env>;
