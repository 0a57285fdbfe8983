// One log line per queue message: which message, its attempt, whether the consumer acked or retried it, and
// how long it took. Wraps the batch rather than the consumer, so every consumer is logged the same way.
import { logLine } from "./http/log-line";

type Outcome = "ack" | "retry";

/** Runs `handle` on a batch whose messages record their outcome, then logs one line per message. */
export async function withQueueLog<T>(batch: MessageBatch<T>, handle: (batch: MessageBatch<T>) => Promise<void>): Promise<void> {
  const outcomes = new Map<string, { outcome: Outcome; at: number }>();
  // A message's work starts when the consumer first reads its body (messages are handled one by one).
  const startedAt = new Map<string, number>();
  const batchStarted = Date.now();
  const settle = (id: string, outcome: Outcome) => {
    if (!outcomes.has(id)) outcomes.set(id, { outcome, at: Date.now() });
  };
  const messages = batch.messages.map(
    (message) =>
      new Proxy(message, {
        get(target, property) {
          if (property === "ack")
            return () => {
              settle(target.id, "ack");
              target.ack();
            };
          if (property === "retry")
            return (options?: QueueRetryOptions) => {
              settle(target.id, "retry");
              target.retry(options);
            };
          if (property === "body" && !startedAt.has(target.id)) startedAt.set(target.id, Date.now());
          const value = Reflect.get(target, property, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
  );
  const logged: MessageBatch<T> = {
    queue: batch.queue,
    metadata: batch.metadata,
    messages,
    ackAll: () => {
      for (const m of messages) settle(m.id, "ack");
      batch.ackAll();
    },
    retryAll: (options) => {
      for (const m of messages) settle(m.id, "retry");
      batch.retryAll(options);
    },
  };
  try {
    await handle(logged);
  } finally {
    for (const message of batch.messages) {
      const settled = outcomes.get(message.id);
      const started = startedAt.get(message.id) ?? batchStarted;
      logLine({
        type: "queue-message",
        queue: batch.queue,
        message_id: message.id,
        attempts: message.attempts,
        outcome: settled?.outcome ?? "none",
        duration_ms: (settled?.at ?? Date.now()) - started,
      });
    }
  }
}
