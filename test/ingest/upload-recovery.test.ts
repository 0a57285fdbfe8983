// No upload stays `processing` for ever: a failed queue send undoes the upload (503, nothing kept), the
// scheduled sweep re-enqueues a stuck document and rejects it after its recoveries, and a dead-lettered
// message rejects its document at once. The attempt numbers in code agree with wrangler.toml.
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import {
  GAVE_UP_REASON,
  MAX_DELIVERIES,
  MAX_RECOVERIES,
  QUEUE_MAX_RETRIES,
  STUCK_AFTER_MS,
  UPLOADS_DLQ_NAME,
  UPLOADS_QUEUE_NAME,
} from "../../src/ingest/attempts";
import worker from "../../src/index";
import { expectMatchesOpenApi, expectProblem, getJson, seedSample } from "../helpers/app";
import { countRows, createUploader, storedKeys, upload } from "../helpers/uploads";
import { keepBackLogs } from "../helpers/console";

vi.setConfig({ testTimeout: 30_000 });
beforeAll(seedSample);
// Failures these tests provoke on purpose, logged by the Worker for operators: asserted, not printed.
keepBackLogs([
  /^could not enqueue document processing$/,
  /^upload sweep$/,
  /^upload gave up after recoveries$/,
  /^dead-lettered upload rejected$/,
  /^dead-lettered upload message is not a job$/,
]);

const handler = worker as Required<Pick<ExportedHandler<Env>, "scheduled" | "queue">>;

async function runSweep(at: Date): Promise<void> {
  const ctx = createExecutionContext();
  await handler.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function statusOf(key: string, externalId: string) {
  return (await getJson(`/uploads/${externalId}`, { key })).body.data as { id: string; status: string; status_reason?: string | null };
}

/** Waits while the real queue consumer (wired by wrangler.toml) works. */
async function settled(key: string, externalId: string) {
  let data = await statusOf(key, externalId);
  for (let i = 0; i < 100 && data.status === "processing"; i++) {
    await new Promise((r) => setTimeout(r, 100));
    data = await statusOf(key, externalId);
  }
  return data;
}

/** An upload processed by the real consumer, then put back into `processing` as if its message were lost long ago. */
async function strandedUpload(key: string, externalId: string, recoveries: number) {
  const res = await upload(key, { external_id: externalId }, { filename: "notes.txt", content: "stranded text" });
  expect(res.status).toBe(201);
  const { id } = await settled(key, externalId);
  const longAgo = new Date(Date.now() - STUCK_AFTER_MS - 60_000).toISOString();
  await env.DB.prepare("update documents set status = 'processing', updated_at = ?, recoveries = ? where id = ?").bind(longAgo, recoveries, id).run();
  return id;
}

describe("one source for the attempt count", () => {
  it("wrangler.toml's queue names and max_retries are the ones the code uses", () => {
    const consumers = wranglerToml.split("[[queues.consumers]]").slice(1);
    const main = consumers.find((c) => c.includes(`queue = "${UPLOADS_QUEUE_NAME}"`))!;
    expect(main).toMatch(new RegExp(`max_retries = ${QUEUE_MAX_RETRIES}\\b`));
    expect(main).toContain(`dead_letter_queue = "${UPLOADS_DLQ_NAME}"`);
    expect(consumers.some((c) => c.includes(`queue = "${UPLOADS_DLQ_NAME}"`))).toBe(true);
    expect(MAX_DELIVERIES).toBe(QUEUE_MAX_RETRIES + 1);
    expect(wranglerToml).toMatch(/\[triggers\]\s*\ncrons = \["[^"]+"\]/);
  });
});

describe("a queue send that fails", () => {
  it("answers 503 with nothing kept: no document, no object, no claim, no count; the same external id then works", async () => {
    const { key, userId } = await createUploader();
    const before = (await storedKeys()).length;
    const queueDown = { send: async () => Promise.reject(new Error("queue unavailable")) } as unknown as Queue;
    const res = await upload(
      key,
      { external_id: "send-fails" },
      { filename: "notes.txt", content: "text" },
      { env: { ...env, UPLOADS_QUEUE: queueDown, UPLOADS_PER_HOUR: "1" } },
    );
    const problem = await expectProblem(res, 503, "unavailable");
    await expectMatchesOpenApi(problem, "/uploads", "post", 503);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await countRows("select count(*) as n from documents where owner_id = ?", userId)).toBe(0);
    expect(await countRows("select count(*) as n from uploads where user_id = ?", userId)).toBe(0);
    expect((await storedKeys()).length).toBe(before);
    // The id is free and the hourly count (1) was given back: the retry is a new, accepted upload.
    const retry = await upload(
      key,
      { external_id: "send-fails" },
      { filename: "notes.txt", content: "text" },
      { env: { ...env, UPLOADS_PER_HOUR: "1" } },
    );
    expect(retry.status).toBe(201);
    expect((await retry.json<any>()).replayed).toBe(false);
  });
});

describe("the scheduled sweep", () => {
  it("re-enqueues a document stuck in processing; the consumer then finishes it", async () => {
    const { key } = await createUploader();
    const id = await strandedUpload(key, "stuck-1", 0);
    await runSweep(new Date());
    expect(await countRows("select recoveries as n from documents where id = ?", id)).toBe(1);
    expect(await settled(key, "stuck-1")).toMatchObject({ status: "available", status_reason: null });
  });

  it("leaves documents that are processing but recent alone", async () => {
    const { key } = await createUploader();
    const id = await strandedUpload(key, "recent-1", 0);
    await env.DB.prepare("update documents set updated_at = ? where id = ?").bind(new Date().toISOString(), id).run();
    await runSweep(new Date());
    expect(await countRows("select recoveries as n from documents where id = ?", id)).toBe(0);
    expect((await statusOf(key, "recent-1")).status).toBe("processing");
  });

  it("rejects a document past its recoveries, with a reason the uploader sees", async () => {
    const { key } = await createUploader();
    const id = await strandedUpload(key, "stuck-2", MAX_RECOVERIES);
    await runSweep(new Date());
    const data = await statusOf(key, "stuck-2");
    expect(data).toMatchObject({ id, status: "rejected", status_reason: GAVE_UP_REASON });
    expect(await env.FILES.head(`documents/${id}/v1`)).toBeNull();
  });
});

describe("the dead-letter queue", () => {
  it("a dead-lettered message rejects its document at once and is acknowledged", async () => {
    const { key } = await createUploader();
    const id = await strandedUpload(key, "dead-1", 0);
    const batch = createMessageBatch<unknown>(UPLOADS_DLQ_NAME, [
      { id: "dlq-1", timestamp: Date.now(), attempts: 1, body: { documentId: id, version: 1 } },
      { id: "dlq-2", timestamp: Date.now(), attempts: 1, body: "not a job" },
    ]);
    const ctx = createExecutionContext();
    await handler.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["dlq-1", "dlq-2"]);
    expect(await statusOf(key, "dead-1")).toMatchObject({ status: "rejected", status_reason: GAVE_UP_REASON });
  });
});
