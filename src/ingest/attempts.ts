// How hard the service tries to finish a `processing` document, in one place. The queue's own numbers
// live in wrangler.toml (max_retries, the dead-letter queue); test/ingest/upload-recovery.test.ts reads that
// file and checks it against these, so the two cannot drift apart.

/** The upload queue and its dead-letter queue, as named in wrangler.toml. */
export const UPLOADS_QUEUE_NAME = "board-docs-uploads";
export const UPLOADS_DLQ_NAME = "board-docs-uploads-dlq";

/** wrangler.toml's max_retries for the upload queue. */
export const QUEUE_MAX_RETRIES = 5;
/** The first delivery plus every retry: after this one the platform dead-letters the message. */
export const MAX_DELIVERIES = QUEUE_MAX_RETRIES + 1;

/**
 * A document untouched in `processing` for this long has lost its message (a failed send, a consumer
 * killed mid-run, an outage). Longer than one message's whole retry schedule (10+20+40+80+160 s) plus
 * the PDF extraction's time budget, so the sweep never races a delivery that is still under way.
 */
export const STUCK_AFTER_MS = 15 * 60 * 1000;
/** Times the scheduled sweep re-enqueues a stuck document before it rejects it. */
export const MAX_RECOVERIES = 3;
/** Most stuck documents one sweep handles (the next sweep takes the rest). */
export const SWEEP_BATCH = 100;

export const GAVE_UP_REASON = "The file could not be processed (every attempt failed). Upload it again, or contact us if it keeps failing.";
