// Worker entry: HTTP (API, files, MCP, pages), the upload queue and its dead-letter queue, and the
// scheduled sweep of stuck uploads, search-vocabulary catch-up and change-feed upkeep; exports the Durable Objects.
import { buildApp } from "./app";
import { maintainChanges } from "./changes/feed";
import { getDb } from "./db/client";
import { UPLOADS_DLQ_NAME } from "./ingest/attempts";
import { handleUploadsBatch } from "./ingest/consumer";
import { handleDeadLetters } from "./ingest/dead-letter";
import { sweepStuckUploads } from "./ingest/sweep";
import { withQueueLog } from "./queue-log";
import { syncVocabulary } from "./search/index/vocabulary";
import { textShards } from "./text/shards";

const app = buildApp();

export { Limiter } from "./limits/limiter";
export { QuotaLedger } from "./limits/quota";

export default {
  fetch: app.fetch,
  queue: (batch, env) =>
    withQueueLog(batch, (logged) => (logged.queue === UPLOADS_DLQ_NAME ? handleDeadLetters(logged, env) : handleUploadsBatch(logged, env))),
  scheduled: async (controller, env) => {
    await sweepStuckUploads(env, new Date(controller.scheduledTime));
    // Words written since the last run (new threads, replies, page text) join the search vocabulary.
    await syncVocabulary(env.DB, textShards(env));
    // Publications whose time has come join the change feed; superseded changes past the retention go.
    await maintainChanges(getDb(env), new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
