// The dead-letter queue's consumer: a message lands here after its last retry, so its document will
// never finish. It is rejected at once with a reason (rather than waiting for the sweep); the message
// is always acknowledged, as nothing more can be done with it.
import { GAVE_UP_REASON } from "./attempts";
import { rejectDocument } from "./consumer";
import { isProcessJob } from "./jobs";

export async function handleDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    if (!isProcessJob(message.body)) {
      console.error("dead-lettered upload message is not a job", { id: message.id, body: message.body });
      message.ack();
      continue;
    }
    try {
      await rejectDocument(env, message.body.documentId, GAVE_UP_REASON);
      console.warn("dead-lettered upload rejected", message.body);
      message.ack();
    } catch (err) {
      console.error("could not reject dead-lettered upload", message.body, err);
      message.retry();
    }
  }
}
