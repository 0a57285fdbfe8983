// Worker entry: HTTP (API, files, MCP, pages) and the upload queue consumer; exports the Durable Objects.
import { buildApp } from "./app";

const app = buildApp();

export { Limiter } from "./limits/limiter";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
