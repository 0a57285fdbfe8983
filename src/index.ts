// Worker entry: HTTP (API, files, MCP, pages) and the upload queue consumer; exports the Durable Objects.
import { buildApp } from "./app";
import { handleUploadsBatch } from "./ingest/consumer";

const app = buildApp();

export { Limiter } from "./limits/limiter";

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleUploadsBatch(batch, env),
} satisfies ExportedHandler<Env>;
